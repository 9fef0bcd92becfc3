/**
 * npm run operator:add -- <email> [--password-stdin --print-secret]
 * Creates (or re-enables) an operator of the registry, with the server's settings (DATABASE_URL
 * or DATA_DIR, PUBLIC_URL) — decision 041. By default prints a one-time link to set the password
 * and enrol the authenticator at the first sign-in (from a QR code): the secret never leaves the
 * server. For automation only, `--password-stdin --print-secret` (both, decision 063) reads the
 * password from standard input, enrols the authenticator here and prints its raw TOTP secret and
 * otpauth:// URI. Exit status: 0 done, 1 refused (bad e-mail or password), 2 wrong usage.
 */
import { text } from 'node:stream/consumers';
import { openContext } from '../open-context.js';
import { loadConfig } from '../config.js';
import { AppError } from '../lib/errors.js';
import { addOperator } from '../modules/operator/accounts.js';

const USAGE = [
  'Usage: npm run operator:add -- EMAIL [--password-stdin --print-secret]',
  '  EMAIL alone: prints a one-time link (24 hours) to set the password and enrol the authenticator.',
  '  --password-stdin --print-secret: for automation only. Reads the password from standard input,',
  '    enrols the authenticator now and prints its raw TOTP secret: keep the output like the password.',
].join('\n');
const FLAGS = new Set(['--password-stdin', '--print-secret']);
const args = process.argv.slice(2);
const fromStdin = args.includes('--password-stdin');
const emails = args.filter((arg) => !arg.startsWith('--'));
// the raw secret is printed only when asked for, and only with the password read here (both flags or neither)
if (emails.length !== 1 || args.some((arg) => arg.startsWith('--') && !FLAGS.has(arg)) || fromStdin !== args.includes('--print-secret')) {
  console.error(USAGE);
  process.exit(2);
}
// the password is one line: its line ending is not part of it
const password = fromStdin ? (await text(process.stdin)).replace(/\r?\n$/, '') : undefined;
const { ctx, database } = await openContext(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
let status = 0;
try {
  const added = await addOperator(ctx, emails[0]!, { password });
  console.log(`${added.created ? 'Created' : 'Re-enabled'} operator ${added.email} (account ${added.accountId}).`);
  if (added.link) {
    console.log('Hand this one-time link to the operator (good for 24 hours) to set the password:');
    console.log(added.link);
    console.log('At the first sign-in (/operator/login) they add JSBN to an authenticator app from a QR code.');
  } else {
    console.log(`TOTP secret: ${added.totpSecret}`);
    console.log(`otpauth URI: ${added.otpauthUri}`);
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`Refused: ${error.message}`);
  status = 1;
} finally {
  await database.close();
}
process.exit(status);
