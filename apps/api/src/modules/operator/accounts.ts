/**
 * Operator accounts, made on the server only (decision 041): `npm run operator:add -- <email>`
 * runs `addOperator`. Registration never makes one — the registration forms carry no role, and
 * every other public form keeps MODEL_TYPES.
 */
import { sealTotpSecret } from '../../lib/totp-seal.js';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { email as emailSchema, newPassword } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { accounts, password_reset_tokens } from '../../db/schema.js';
import { record } from '../../lib/audit.js';
import { hashPassword } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { assertUncommonPassword } from '../../lib/passwords.js';
import { newTotpSecret, totpUri } from '../../lib/totp.js';

/** How long the link `operator:add` prints stays good, ms (a day: it is handed over by a person). */
export const OPERATOR_LINK_TTL_MS = 24 * 60 * 60_000;

/** What `addOperator` did and what the person at the server hands on. */
export interface AddedOperator {
  accountId: number;
  email: string;
  /** True for a new account; false when an existing operator was re-enabled. */
  created: boolean;
  /** Without a password: the one-time link (/new-password?token=…) that sets it. */
  link?: string;
  /** With a password: the TOTP secret (base32), enrolled at once, and its otpauth:// URI. */
  totpSecret?: string;
  otpauthUri?: string;
}

/**
 * Creates the OPERATOR account of `email`, or re-enables the existing one: its suspension is
 * lifted, its sessions end (token version + 1) and its authenticator is enrolled anew (the way
 * back for an operator who lost their phone). Each is recorded (lib/audit.ts, actor SYSTEM).
 * - without `password`: the password is a random one nobody knows, the reply holds a link to set
 *   it (the password-reset link, good for OPERATOR_LINK_TTL_MS), and the authenticator is
 *   enrolled at the first sign-in (docs/api.md "Operators");
 * - with `password` (`--password-stdin`, for automation): it is set, and a fresh TOTP secret is
 *   enrolled at once and returned.
 * The e-mail may also hold a publisher or a library account: they are separate accounts.
 * @throws AppError 400 naming `email` or `password` when either breaks the registration rules
 */
export async function addOperator(ctx: AppContext, rawEmail: string, options: { password?: string } = {}): Promise<AddedOperator> {
  const parsedEmail = emailSchema.safeParse(rawEmail);
  if (!parsedEmail.success)
    throw new AppError('BAD_REQUEST', parsedEmail.error.issues[0]!.message, [
      { field: 'email', message: parsedEmail.error.issues[0]!.message },
    ]);
  const email = parsedEmail.data;
  if (options.password !== undefined) {
    const parsed = newPassword.safeParse(options.password);
    if (!parsed.success)
      throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, [{ field: 'password', message: parsed.error.issues[0]!.message }]);
    assertUncommonPassword(options.password, 'password');
  }
  const password_hash = await hashPassword(options.password ?? randomBytes(32).toString('base64url'));
  const totpSecret = options.password !== undefined ? newTotpSecret() : undefined;
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.email, email), eq(accounts.role, 'OPERATOR')))
      .for('update');
    // a new authenticator starts its own codes: the last step accepted is forgotten with the old secret
    const second = {
      totp_secret: totpSecret ? sealTotpSecret(ctx.secrets.totpKey, totpSecret) : null,
      totp_enabled_at: totpSecret ? now : null,
      totp_last_step: null,
    };
    let accountId: number;
    if (existing) {
      accountId = existing.id;
      await tx
        .update(accounts)
        .set({
          password_hash,
          ...second,
          suspended_at: null,
          suspended_reason: null,
          token_version: existing.token_version + 1,
          email_verified_at: existing.email_verified_at ?? now,
          updated_at: now,
        })
        .where(eq(accounts.id, existing.id));
      await record(tx, {
        actor: { accountId: null, role: 'SYSTEM' },
        subject: 'account',
        subjectId: existing.id,
        action: 'operator re-enabled',
        changes: existing.suspended_at ? { suspended_at: [existing.suspended_at.toISOString(), null] } : {},
      });
    } else {
      const [created] = await tx
        .insert(accounts)
        .values({ email, role: 'OPERATOR', password_hash, ...second, email_verified_at: now, created_at: now, updated_at: now })
        .returning({ id: accounts.id });
      accountId = created!.id;
      await record(tx, {
        actor: { accountId: null, role: 'SYSTEM' },
        subject: 'account',
        subjectId: accountId,
        action: 'operator created',
      });
    }
    // links handed out before die with the new one
    await tx
      .update(password_reset_tokens)
      .set({ used_at: now })
      .where(and(eq(password_reset_tokens.account_id, accountId), isNull(password_reset_tokens.used_at)));
    const added: AddedOperator = { accountId, email, created: !existing };
    if (totpSecret) return { ...added, totpSecret, otpauthUri: totpUri(email, totpSecret) };
    const token = randomBytes(32).toString('base64url');
    await tx.insert(password_reset_tokens).values({
      account_id: accountId,
      // the same hash as the reset links (auth/service.ts), so /new-password takes it
      token_hash: createHash('sha256').update(token).digest('hex'),
      expires_at: new Date(now.getTime() + OPERATOR_LINK_TTL_MS),
      created_at: now,
    });
    return { ...added, link: `${ctx.config.publicUrl}/new-password?token=${token}&as=operator` };
  });
}
