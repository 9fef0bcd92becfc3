/**
 * Accounts' security core — spec accounts §4, DESIGN §8: starting a registration, one-time
 * codes (6 digits, HMAC-hashed, single use, 10 minutes, 5 tries, 60 s between resends),
 * login and the current user.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_WAIT_MS,
  OTP_TTL_MS,
  type CurrentUser,
  type LoginInput,
  type ModelType,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, libraries, one_time_codes, publishers } from '../../db/schema.js';
import { hashPassword, signAccessToken, verifyPassword, type Actor } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { enqueueMessage } from '../../lib/outbox.js';

/** What every registration, verify and resend answers, known e-mail or not. */
export const REGISTRATION_MESSAGE = 'A 6-digit verification code has been sent to your e-mail.';
const INVALID_CODE = 'Invalid or expired OTP';

const roleLabel = (role: ModelType) => (role === 'PUBLISHER' ? 'publisher' : 'library');

function hashCode(ctx: AppContext, accountId: number, code: string): string {
  return createHmac('sha256', ctx.secrets.jwtSecret).update(`otp:${accountId}:${code}`).digest('hex');
}

/**
 * Creates or refreshes the account behind a registration, inside `tx`.
 * - new e-mail: a new unverified account;
 * - unverified account (the user went "Back to edit"): password replaced, profile to be rewritten;
 * - verified account: nothing changes; the owner is told by e-mail that someone tried to register.
 * @returns the account id to write the profile for, or null when the e-mail is already registered
 */
export async function startRegistration(
  ctx: AppContext,
  tx: DbOrTx,
  input: { email: string; role: ModelType; password: string },
): Promise<number | null> {
  const [existing] = await tx
    .select({ id: accounts.id, verified: accounts.email_verified_at })
    .from(accounts)
    .where(and(eq(accounts.email, input.email), eq(accounts.role, input.role)));
  if (existing?.verified) {
    await enqueueMessage(tx, {
      channel: 'email',
      to: input.email,
      subject: 'JSBN: you already have an account',
      text: `Someone tried to register a ${roleLabel(input.role)} account with this e-mail address, which is already registered. If it was you, log in at ${ctx.config.publicUrl}/login. If not, you can ignore this message.`,
    });
    return null;
  }
  const password_hash = await hashPassword(input.password);
  if (existing) {
    await tx.update(accounts).set({ password_hash, updated_at: new Date() }).where(eq(accounts.id, existing.id));
    return existing.id;
  }
  const [created] = await tx
    .insert(accounts)
    .values({ email: input.email, role: input.role, password_hash })
    .returning({ id: accounts.id });
  return created!.id;
}

/** Issues a fresh one-time code to `accountId` (older codes die) and queues the e-mail. */
export async function issueCode(ctx: AppContext, tx: DbOrTx, accountId: number, email: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx
    .update(one_time_codes)
    .set({ consumed_at: new Date() })
    .where(and(eq(one_time_codes.account_id, accountId), isNull(one_time_codes.consumed_at)));
  await tx.insert(one_time_codes).values({
    account_id: accountId,
    purpose: 'verify_email',
    code_hash: hashCode(ctx, accountId, code),
    expires_at: new Date(Date.now() + OTP_TTL_MS),
  });
  await enqueueMessage(tx, {
    channel: 'email',
    to: email,
    subject: `JSBN verification code ${code}`,
    text: `Your JSBN verification code is ${code}. It is valid for ${OTP_TTL_MS / 60_000} minutes. If you did not register, ignore this message.`,
    code,
  });
}

async function findAccount(db: DbOrTx, email: string, role: ModelType) {
  const [account] = await db.select().from(accounts).where(and(eq(accounts.email, email), eq(accounts.role, role)));
  return account;
}

/**
 * Checks a one-time code and marks the e-mail verified (POST /user/verify-email).
 * @throws AppError 400 'Invalid or expired OTP' (unknown e-mail, no live code, expired, 5 tries used, wrong code)
 */
export async function verifyEmail(ctx: AppContext, input: { email: string; otp: string; modelType: ModelType }) {
  await ctx.db.transaction(async (tx) => {
    const account = await findAccount(tx, input.email, input.modelType);
    if (!account || account.email_verified_at) throw new AppError('BAD_REQUEST', INVALID_CODE, [{ field: 'otp', message: INVALID_CODE }]);
    const [code] = await tx
      .select()
      .from(one_time_codes)
      .where(and(eq(one_time_codes.account_id, account.id), eq(one_time_codes.purpose, 'verify_email'), isNull(one_time_codes.consumed_at)))
      .orderBy(desc(one_time_codes.id))
      .limit(1)
      .for('update');
    if (!code || code.expires_at.getTime() < Date.now() || code.attempts >= OTP_MAX_ATTEMPTS) {
      throw new AppError('BAD_REQUEST', INVALID_CODE, [{ field: 'otp', message: INVALID_CODE }]);
    }
    const expected = Buffer.from(code.code_hash, 'hex');
    const given = Buffer.from(hashCode(ctx, account.id, input.otp), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await tx.update(one_time_codes).set({ attempts: code.attempts + 1 }).where(eq(one_time_codes.id, code.id));
      return false;
    }
    await tx.update(one_time_codes).set({ consumed_at: new Date() }).where(eq(one_time_codes.id, code.id));
    await tx.update(accounts).set({ email_verified_at: new Date(), updated_at: new Date() }).where(eq(accounts.id, account.id));
    return true;
  }).then((verified) => {
    if (!verified) throw new AppError('BAD_REQUEST', INVALID_CODE, [{ field: 'otp', message: INVALID_CODE }]);
  });
}

/**
 * Sends a new code to an unverified account (POST /user/resend-otp). Answers the same for
 * unknown and verified e-mails.
 * @throws AppError 429 with Retry-After when the last code is younger than 60 s
 */
export async function resendCode(ctx: AppContext, input: { email: string; modelType: ModelType }) {
  await ctx.db.transaction(async (tx) => {
    const account = await findAccount(tx, input.email, input.modelType);
    if (!account || account.email_verified_at) return;
    const [last] = await tx
      .select({ created_at: one_time_codes.created_at })
      .from(one_time_codes)
      .where(eq(one_time_codes.account_id, account.id))
      .orderBy(desc(one_time_codes.id))
      .limit(1);
    const waitMs = last ? last.created_at.getTime() + OTP_RESEND_WAIT_MS - Date.now() : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError('TOO_MANY_REQUESTS', `Please wait ${seconds} seconds before asking for a new code.`, undefined, {
        'retry-after': String(seconds),
      });
    }
    await issueCode(ctx, tx, account.id, account.email);
  });
}

/**
 * Logs in (POST /user/login).
 * @returns the access token
 * @throws AppError 401 'Invalid email or password'; 403 when the e-mail is not verified yet
 */
export async function login(ctx: AppContext, input: LoginInput): Promise<string> {
  const account = await findAccount(ctx.db, input.email, input.modelType);
  const valid = await verifyPassword(account?.password_hash ?? null, input.password);
  if (!account || !valid) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  if (!account.email_verified_at) {
    throw new AppError('FORBIDDEN', 'Please verify your e-mail with the code we sent before logging in.');
  }
  return signAccessToken(ctx.secrets.jwtSecret, account);
}

/** The current user (GET /user/me → data), spec accounts §3 Session. */
export async function currentUser(ctx: AppContext, actor: Actor): Promise<CurrentUser> {
  if (actor.role === 'PUBLISHER') {
    const [publisher] = await ctx.db.select().from(publishers).where(eq(publishers.account_id, actor.accountId));
    if (!publisher) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    return {
      id: actor.accountId,
      email: actor.email,
      modelType: 'PUBLISHER',
      name: publisher.publisher_name,
      logoUrl: ctx.storage.url(publisher.logo_key),
      publisher_no: publisher.publisher_no,
      publisherId: publisher.id,
    };
  }
  const [library] = await ctx.db.select().from(libraries).where(eq(libraries.account_id, actor.accountId));
  if (!library) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return {
    id: actor.accountId,
    email: actor.email,
    modelType: 'LIBRARY',
    name: library.name,
    logoUrl: ctx.storage.url(library.logo_key),
    letterText: library.letter_text,
    libraryId: library.id,
  };
}
