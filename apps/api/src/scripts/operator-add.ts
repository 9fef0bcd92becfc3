/**
 * npm run operator:add -- <email> [--password-stdin]
 * Creates (or re-enables) an operator of the registry, with the server's settings (DATABASE_URL
 * or DATA_DIR, PUBLIC_URL) — decision 041. Prints a one-time link to set the password and
 * enrol the authenticator at the first sign-in; with --password-stdin, reads the password from
 * standard input and prints the TOTP secret and its otpauth:// URI instead (automation).
 * Exit status: 0 done, 1 refused (bad e-mail or password), 2 wrong usage.
 */
import { text } from 'node:stream/consumers';
import { openContext } from '../open-context.js';
import { loadConfig } from '../config.js';
import { AppError } from '../lib/errors.js';
import { addOperator } from '../modules/operator/accounts.js';

const args = process.argv.slice(2);
const fromStdin = args.includes('--password-stdin');
const emails = args.filter((arg) => !arg.startsWith('--'));
if (emails.length !== 1 || args.some((arg) => arg.startsWith('--') && arg !== '--password-stdin')) {
  console.error('Usage: npm run operator:add -- EMAIL [--password-stdin]');
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
