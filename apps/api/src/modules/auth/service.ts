/**
 * Accounts' security core — docs/api.md and decision 007: starting a registration, one-time
 * codes (6 digits, HMAC-hashed, single use, 10 minutes, 5 tries, 60 s between resends),
 * login and the current user.
 */
import { isSealed, openTotpSecret, sealTotpSecret } from '../../lib/totp-seal.js';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_WAIT_MS,
  OTP_TTL_MS,
  RESET_TOKEN_TTL_MS,
  type CurrentUser,
  type InterfaceLanguage,
  type LoginInput,
  type ModelType,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, libraries, login_addresses, one_time_codes, password_reset_tokens, publishers } from '../../db/schema.js';
import { hashPassword, signAccessToken, suspendedError, verifyPassword, type Actor } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { accountLanguage, noticeText } from '../../lib/notices.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { ThrottledError } from '../../lib/errors.js';
import { assertUncommonPassword } from '../../lib/passwords.js';
import { newTotpSecret, totpStep, totpUri } from '../../lib/totp.js';
import { record } from '../../lib/audit.js';
import { mobileState } from './mobile.js';

/** What every registration, verify and resend answers, known e-mail or not. */
export const REGISTRATION_MESSAGE = 'A 6-digit verification code has been sent to your e-mail';
const INVALID_CODE = 'Invalid or expired OTP';

function hashCode(ctx: AppContext, accountId: number, code: string): string {
  return createHmac('sha256', ctx.secrets.jwtSecret).update(`otp:${accountId}:${code}`).digest('hex');
}

/**
 * Creates or refreshes the account behind a registration, inside `tx`. The password is hashed
 * in every case, so the time taken does not tell whether the e-mail is registered.
 * - new e-mail: a new unverified account;
 * - unverified account (the user went "Back to edit"): password replaced, profile to be rewritten;
 * - verified account: nothing changes; the owner is told by e-mail (in the account's language)
 *   that someone tried to register.
 * The account's `preferred_language` is the language the registration was made in.
 * @returns the account id to write the profile for, or null when the e-mail is already registered
 */
export async function startRegistration(
  ctx: AppContext,
  tx: DbOrTx,
  input: { email: string; role: ModelType; password: string; language: InterfaceLanguage },
): Promise<number | null> {
  // hashed first, whatever the e-mail: a registered e-mail must not answer faster than a new one
  const password_hash = await hashPassword(input.password);
  const [existing] = await tx
    .select({ id: accounts.id, verified: accounts.email_verified_at, language: accounts.preferred_language })
    .from(accounts)
    .where(and(eq(accounts.email, input.email), eq(accounts.role, input.role)));
  if (existing?.verified) {
    const lng = existing.language;
    await enqueueMessage(tx, {
      channel: 'email',
      to: input.email,
      subject: noticeText(lng, 'alreadyRegistered.subject'),
      text: noticeText(lng, 'alreadyRegistered.text', {
        role: noticeText(lng, `role.${input.role}`),
        link: `${ctx.config.publicUrl}/login`,
      }),
    });
    return null;
  }
  if (existing) {
    await tx
      .update(accounts)
      .set({ password_hash, preferred_language: input.language, updated_at: new Date() })
      .where(eq(accounts.id, existing.id));
    return existing.id;
  }
  const [created] = await tx
    .insert(accounts)
    .values({ email: input.email, role: input.role, password_hash, preferred_language: input.language })
    .returning({ id: accounts.id });
  return created!.id;
}

/**
 * Counts one message with a code (or a registration notice) to `email` against its budget,
 * whatever the route — registration, re-registration, resend: 5 an hour, 10 a day
 * (lib/rate-limit.ts). Call it before the transaction that issues the code.
 * @throws ThrottledError 429 'Too many codes were sent. Please try again later.'
 */
export async function spendCodeBudget(ctx: AppContext, email: string): Promise<void> {
  await ctx.limits.consume('codesPerEmail', email);
  await ctx.limits.consume('codesPerEmailDaily', email);
}

/**
 * Issues a fresh one-time code to `accountId` (older codes die) and queues the e-mail; the
 * caller has spent the e-mail's code budget (`spendCodeBudget`).
 */
export async function issueCode(ctx: AppContext, tx: DbOrTx, accountId: number, email: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.clock();
  await tx
    .update(one_time_codes)
    .set({ consumed_at: now })
    .where(and(eq(one_time_codes.account_id, accountId), eq(one_time_codes.purpose, 'verify_email'), isNull(one_time_codes.consumed_at)));
  await tx.insert(one_time_codes).values({
    account_id: accountId,
    purpose: 'verify_email',
    code_hash: hashCode(ctx, accountId, code),
    expires_at: new Date(now.getTime() + OTP_TTL_MS),
    created_at: now,
  });
  const lng = await accountLanguage(tx, accountId);
  await enqueueMessage(tx, {
    channel: 'email',
    to: email,
    subject: noticeText(lng, 'code.subject', { code }),
    text: noticeText(lng, 'code.text', { code, minutes: OTP_TTL_MS / 60_000 }),
    code,
  });
}

async function findAccount(db: DbOrTx, email: string, role: ModelType) {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.email, email), eq(accounts.role, role)));
  return account;
}

/**
 * Checks a one-time code and marks the e-mail verified (POST /user/verify-email). Every try
 * counts against the e-mail's budget (10 an hour, whatever code it was for), so issuing fresh
 * codes does not buy fresh tries. The person who typed the code is signed in at once (decision
 * 072): as a login does, `client.ip` is remembered as an address the account logs in from.
 * @returns an access token of the account, as a login's (`signAccessToken`), and the account
 * @throws AppError 400 'Invalid or expired OTP' (unknown e-mail, no live code, expired, 5 tries used, wrong code);
 *   ThrottledError 429 past the e-mail's budget of tries
 */
export async function verifyEmail(
  ctx: AppContext,
  input: { email: string; otp: string; modelType: ModelType },
  client: { ip: string },
): Promise<{ accessToken: string; account: { accountId: number; role: ModelType } }> {
  await ctx.limits.consume('codeTriesPerEmail', input.email);
  const verified = await ctx.db
    .transaction(async (tx) => {
      const account = await findAccount(tx, input.email, input.modelType);
      if (!account || account.email_verified_at) throw new AppError('BAD_REQUEST', INVALID_CODE, [{ field: 'otp', message: INVALID_CODE }]);
      const [code] = await tx
        .select()
        .from(one_time_codes)
        .where(
          and(eq(one_time_codes.account_id, account.id), eq(one_time_codes.purpose, 'verify_email'), isNull(one_time_codes.consumed_at)),
        )
        .orderBy(desc(one_time_codes.id))
        .limit(1)
        .for('update');
      if (!code || code.expires_at.getTime() <= ctx.clock().getTime() || code.attempts >= OTP_MAX_ATTEMPTS) {
        throw new AppError('BAD_REQUEST', INVALID_CODE, [{ field: 'otp', message: INVALID_CODE }]);
      }
      const expected = Buffer.from(code.code_hash, 'hex');
      const given = Buffer.from(hashCode(ctx, account.id, input.otp), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await tx
          .update(one_time_codes)
          .set({ attempts: code.attempts + 1 })
          .where(eq(one_time_codes.id, code.id));
        return null;
      }
      await tx.update(one_time_codes).set({ consumed_at: ctx.clock() }).where(eq(one_time_codes.id, code.id));
      await tx.update(accounts).set({ email_verified_at: ctx.clock(), updated_at: ctx.clock() }).where(eq(accounts.id, account.id));
      await record(tx, {
        actor: { accountId: account.id, role: account.role },
        subject: 'account',
        subjectId: account.id,
        action: 'e-mail verified',
        changes: { email_verified_at: [null, ctx.clock().toISOString()] },
      });
      return account;
    })
    .then((account) => {
      if (!account) throw new AppError('BAD_REQUEST', INVALID_CODE, [{ field: 'otp', message: INVALID_CODE }]);
      return account;
    });
  await rememberAddress(ctx, verified.id, client.ip);
  return {
    accessToken: await signAccessToken(ctx.secrets.jwtSecret, verified),
    account: { accountId: verified.id, role: verified.role as ModelType },
  };
}

/**
 * Sends a new code to an unverified account (POST /user/resend-otp). Answers the same for
 * unknown and verified e-mails.
 * @throws AppError 429 with Retry-After when the last code is younger than 60 s; ThrottledError
 *   429 past the e-mail's budget of codes (`spendCodeBudget`)
 */
export async function resendCode(ctx: AppContext, input: { email: string; modelType: ModelType }) {
  const account = await findAccount(ctx.db, input.email, input.modelType);
  if (!account || account.email_verified_at) return;
  const now = ctx.clock().getTime();
  const [latest] = await ctx.db
    .select({ created_at: one_time_codes.created_at })
    .from(one_time_codes)
    .where(and(eq(one_time_codes.account_id, account.id), eq(one_time_codes.purpose, 'verify_email')))
    .orderBy(desc(one_time_codes.id))
    .limit(1);
  const waitMs = latest ? latest.created_at.getTime() + OTP_RESEND_WAIT_MS - now : 0;
  if (waitMs > 0) throw tooMany(`Please wait ${Math.ceil(waitMs / 1000)} seconds before asking for a new code`, waitMs);
  // two resends at the same moment may both pass the wait; the e-mail's budget still holds
  await spendCodeBudget(ctx, account.email);
  await ctx.db.transaction((tx) => issueCode(ctx, tx, account.id, account.email));
}

function tooMany(message: string, waitMs: number) {
  return new AppError('TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });
}

/** Who is logging in, as the server sees it: the trusted client address and the request's log. */
export interface LoginClient {
  ip: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** True when `accountId` has logged in successfully from `ip` before. */
async function isKnownAddress(ctx: AppContext, accountId: number, ip: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ ip: login_addresses.ip })
    .from(login_addresses)
    .where(and(eq(login_addresses.account_id, accountId), eq(login_addresses.ip, ip)));
  return Boolean(row);
}

/** Remembers (or refreshes) `ip` as an address `accountId` logs in from. */
async function rememberAddress(ctx: AppContext, accountId: number, ip: string): Promise<void> {
  const now = ctx.clock();
  await ctx.db
    .insert(login_addresses)
    .values({ account_id: accountId, ip, last_login_at: now })
    .onConflictDoUpdate({ target: [login_addresses.account_id, login_addresses.ip], set: { last_login_at: now } });
}

/**
 * Logs in (POST /user/login). Each attempt is counted and checked in one atomic step before the
 * password is checked (lib/rate-limit.ts, docs/decisions/007-throttling.md): 30 attempts per
 * address, 5 failures per account from one address, and 100 failures an hour per account from
 * addresses it never logged in from — so an attacker is slowed while the owner, at a known
 * address or any other, is not locked out. A right password takes its attempt back. Failures
 * are logged with the account, the reason and the client address (never the password).
 *
 * An e-mail with no account of the kind chosen (the login page's tab) but with one of the other
 * kind is told so — 'This e-mail belongs to a library account. …' — only when the password is
 * that account's: the password is checked against it in place of the dummy hash (one hash either
 * way), and the try counts against that account's limits too, so the answer tells nothing a
 * successful login would not, and the other tab buys no extra guesses (decision 003).
 * @returns the access token
 * @throws AppError 401 'Invalid email or password', or 401 OTHER_KIND_MESSAGES[role] (details
 *   naming `modelType`) for the other kind's right password; 403 when the e-mail is not verified
 *   yet; ThrottledError 429 with Retry-After
 */
export async function login(ctx: AppContext, input: LoginInput, client: LoginClient): Promise<string> {
  const account = `${input.modelType}:${input.email}`;
  const fromAddress = `${account}|${client.ip}`;
  await ctx.limits.consume('loginPerAddress', client.ip);
  await ctx.limits.consume('loginFailuresPerAccountAndAddress', fromAddress);
  const both = await ctx.db.select().from(accounts).where(eq(accounts.email, input.email));
  const found = both.find((row) => row.role === input.modelType);
  const known = found ? await isKnownAddress(ctx, found.id, client.ip) : false;
  if (!known) await ctx.limits.consume('loginFailuresPerAccountFromUnknownAddresses', account);
  // an operator's e-mail is never hinted at from the other tabs, nor theirs from the operators' door
  if (!found && input.modelType !== 'OPERATOR') {
    const otherRole: ModelType = input.modelType === 'LIBRARY' ? 'PUBLISHER' : 'LIBRARY';
    await loginWithOtherKind(
      ctx,
      input,
      client,
      otherRole,
      both.find((row) => row.role === otherRole),
    );
  }
  const valid = found ? await verifyPassword(found.password_hash, input.password) : false;
  if (!found || !valid) {
    client.log.warn({ account, reason: found ? 'wrong password' : 'no such account', ip: client.ip }, 'login failed');
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
  await ctx.limits.reset('loginFailuresPerAccountAndAddress', fromAddress);
  // an operator's try from an unknown address is given back only once the second factor passes (decision 063)
  if (!known && found.role !== 'OPERATOR') await ctx.limits.refund('loginFailuresPerAccountFromUnknownAddresses', account);
  if (found.suspended_at) {
    client.log.warn({ account, reason: 'suspended', ip: client.ip }, 'login failed');
    throw suspendedError(ctx);
  }
  if (!found.email_verified_at) {
    client.log.warn({ account, reason: 'e-mail not verified', ip: client.ip }, 'login failed');
    throw new AppError('FORBIDDEN', 'Please verify your e-mail with the code we sent before logging in');
  }
  if (found.role === 'OPERATOR') {
    await secondFactor(ctx, found, input.totp, client);
    if (!known) await ctx.limits.refund('loginFailuresPerAccountFromUnknownAddresses', account);
  }
  await rememberAddress(ctx, found.id, client.ip);
  return signAccessToken(ctx.secrets.jwtSecret, found);
}

/** What an operator reads when the code is missing, wrong or of another step (decision 041). */
export const TOTP_MESSAGES = {
  required: 'Enter the 6-digit code from your authenticator app',
  enrol: 'Scan the QR code with your authenticator app, then enter the 6-digit code it shows',
  invalid: 'The code is wrong or has expired. Enter the code your authenticator app shows now.',
  reused: 'This code has already been used to log in. Wait for the next code in your authenticator app and enter it.',
} as const;

/**
 * An operator's second factor, after the right password (decision 041, docs/api.md "Operators"):
 * - not enrolled (no `totp_enabled_at`) and no code: a secret is kept for the account (the same
 *   one until enrolment ends, so a QR code already scanned stays good) and the sign-in answers
 *   401 TOTP_ENROLMENT with `totpEnrolment { otpauthUri, secret }`;
 * - a code: checked against the secret (the step before and after count too); the first right
 *   code ends enrolment (`totp_enabled_at`); a code signs in once — its time step must be later
 *   than the last one accepted (`totp_last_step`, RFC 6238 §5.2), else 401 TOTP_REUSED;
 * - enrolled and no code: 401 TOTP_REQUIRED.
 * Wrong codes count against the account from this address as wrong passwords do (5 in 15
 * minutes, `totpFailuresPerAccountAndAddress`), and against the account from every address
 * together (10 an hour, `totpFailuresPerAccount`; decision 063): past that the second factor is
 * locked for the rest of the hour, the right code included, and the operator is e-mailed once
 * through the outbox. A right code takes its tries back.
 * @throws AppError 401 TOTP_ENROLMENT, TOTP_REQUIRED, TOTP_INVALID or TOTP_REUSED (details naming `totp`);
 *   ThrottledError 429 past the tries
 */
async function secondFactor(
  ctx: AppContext,
  account: typeof accounts.$inferSelect,
  code: string | undefined,
  client: LoginClient,
): Promise<void> {
  // sealed at rest (decision 063): a secret stored before sealing is sealed at its first read
  let secret = account.totp_secret === null ? null : openTotpSecret(ctx.secrets.totpKey, account.totp_secret);
  if (account.totp_secret !== null && !isSealed(account.totp_secret)) {
    await ctx.db
      .update(accounts)
      .set({ totp_secret: sealTotpSecret(ctx.secrets.totpKey, account.totp_secret) })
      .where(and(eq(accounts.id, account.id), eq(accounts.totp_secret, account.totp_secret)));
  }
  if (!account.totp_enabled_at && !secret) {
    // two first sign-ins at once keep the secret of the first one written
    const [kept] = await ctx.db
      .update(accounts)
      .set({
        totp_secret: sql`coalesce(${accounts.totp_secret}, ${sealTotpSecret(ctx.secrets.totpKey, newTotpSecret())})`,
        updated_at: ctx.clock(),
      })
      .where(eq(accounts.id, account.id))
      .returning({ secret: accounts.totp_secret });
    secret = openTotpSecret(ctx.secrets.totpKey, kept!.secret!);
  }
  if (!code) {
    if (!account.totp_enabled_at) {
      throw new AppError('TOTP_ENROLMENT', TOTP_MESSAGES.enrol, [{ field: 'totp', message: TOTP_MESSAGES.enrol }], undefined, {
        totpEnrolment: { otpauthUri: totpUri(account.email, secret!), secret },
      });
    }
    throw new AppError('TOTP_REQUIRED', TOTP_MESSAGES.required, [{ field: 'totp', message: TOTP_MESSAGES.required }]);
  }
  const tries = `OPERATOR:${account.email}|${client.ip}`;
  await ctx.limits.consume('totpFailuresPerAccountAndAddress', tries);
  await consumeAccountCodeTry(ctx, account, client);
  const step = secret ? await totpStep(secret, code, ctx.clock()) : null;
  if (step === null) {
    client.log.warn({ account: `OPERATOR:${account.email}`, reason: 'wrong code', ip: client.ip }, 'login failed');
    throw new AppError('TOTP_INVALID', TOTP_MESSAGES.invalid, [{ field: 'totp', message: TOTP_MESSAGES.invalid }]);
  }
  // the step is taken in one statement: of two sign-ins with one code at once, one wins
  const taken = await ctx.db
    .update(accounts)
    .set({ totp_last_step: step, ...(account.totp_enabled_at ? {} : { totp_enabled_at: ctx.clock() }), updated_at: ctx.clock() })
    .where(and(eq(accounts.id, account.id), or(isNull(accounts.totp_last_step), lt(accounts.totp_last_step, step))))
    .returning({ id: accounts.id });
  if (taken.length === 0) {
    // counted as a wrong code: a replayed code is someone else's try as often as it is a slip
    client.log.warn({ account: `OPERATOR:${account.email}`, reason: 'code used before', ip: client.ip }, 'login failed');
    throw new AppError('TOTP_REUSED', TOTP_MESSAGES.reused, [{ field: 'totp', message: TOTP_MESSAGES.reused }]);
  }
  await ctx.limits.reset('totpFailuresPerAccountAndAddress', tries);
  await ctx.limits.refund('totpFailuresPerAccount', `OPERATOR:${account.email}`);
}

/**
 * Counts a code try against the operator's account from every address (`totpFailuresPerAccount`).
 * The first refusal of a lock e-mails the operator (`totpLockNotices`: once an hour).
 * @throws ThrottledError 429 while the second factor is locked
 */
async function consumeAccountCodeTry(ctx: AppContext, account: typeof accounts.$inferSelect, client: LoginClient): Promise<void> {
  const key = `OPERATOR:${account.email}`;
  try {
    await ctx.limits.consume('totpFailuresPerAccount', key);
  } catch (error) {
    if (!(error instanceof ThrottledError)) throw error;
    client.log.warn({ account: key, reason: 'second factor locked', ip: client.ip }, 'login failed');
    const told = await ctx.limits.consume('totpLockNotices', key).then(
      () => false,
      (refusal: unknown) => {
        if (refusal instanceof ThrottledError) return true;
        throw refusal;
      },
    );
    if (!told) {
      const lng = await accountLanguage(ctx.db, account.id);
      const until = new Date(ctx.clock().getTime() + error.retryAfterSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
      await enqueueMessage(ctx.db, {
        channel: 'email',
        to: account.email,
        subject: noticeText(lng, 'totpLocked.subject'),
        text: noticeText(lng, 'totpLocked.text', { count: LIMITS.totpFailuresPerAccount.points, email: account.email, until }),
      });
    }
    throw error;
  }
}

/** What a login on the wrong tab answers, by the kind of account the e-mail and password belong to. */
export const OTHER_KIND_MESSAGES: Record<ModelType, string> = {
  LIBRARY: 'This e-mail belongs to a library account. Choose the Library Login tab.',
  PUBLISHER: 'This e-mail belongs to a publisher account. Choose the Publisher Login tab.',
};

/**
 * The password of a login whose e-mail has no account of the kind asked for, checked against the
 * account of `otherRole` (the dummy hash when there is none, so both cost one hash). The try
 * counts against that account's limits as a login there would.
 * @throws AppError 401 OTHER_KIND_MESSAGES[otherRole] when the password is that account's;
 *   ThrottledError 429 past that account's limits; returns (the caller refuses) otherwise
 */
async function loginWithOtherKind(
  ctx: AppContext,
  input: LoginInput,
  client: LoginClient,
  otherRole: ModelType,
  other: typeof accounts.$inferSelect | undefined,
): Promise<void> {
  const account = `${otherRole}:${input.email}`;
  const fromAddress = `${account}|${client.ip}`;
  await ctx.limits.consume('loginFailuresPerAccountAndAddress', fromAddress);
  const known = await isKnownAddress(ctx, other?.id ?? 0, client.ip);
  if (!known) await ctx.limits.consume('loginFailuresPerAccountFromUnknownAddresses', account);
  const valid = await verifyPassword(other?.password_hash ?? null, input.password);
  if (!other || !valid) return;
  // the owner on the wrong tab: their right password takes its attempt back there
  await ctx.limits.reset('loginFailuresPerAccountAndAddress', fromAddress);
  if (!known) await ctx.limits.refund('loginFailuresPerAccountFromUnknownAddresses', account);
  client.log.warn(
    { account: `${input.modelType}:${input.email}`, reason: `an account of the other kind (${otherRole})`, ip: client.ip },
    'login failed',
  );
  const message = OTHER_KIND_MESSAGES[otherRole];
  throw new AppError('INVALID_CREDENTIALS', message, [{ field: 'modelType', message }]);
}

/** What forgot-password answers, known e-mail or not. */
export const FORGOT_MESSAGE = 'If an account exists for this e-mail, a link to reset the password has been sent to it';
const BAD_RESET_LINK = 'The reset link is invalid or has expired. Please ask for a new one.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Forgot password: e-mails a reset link to each verified account with this e-mail (of
 * `modelType` when given). Run by the job `passwordReset` that POST /user/change-password
 * queues, so the answer never says whether the e-mail is known, not even by its time; the route
 * limits links per address and per e-mail, known or not.
 */
export async function forgotPassword(ctx: AppContext, input: { email: string; modelType?: ModelType }) {
  const matches = await ctx.db
    .select({ id: accounts.id, role: accounts.role, language: accounts.preferred_language })
    .from(accounts)
    .where(
      and(
        eq(accounts.email, input.email),
        isNotNull(accounts.email_verified_at),
        input.modelType ? eq(accounts.role, input.modelType) : undefined,
      ),
    );
  const now = ctx.clock();
  for (const account of matches) {
    await ctx.db.transaction(async (tx) => {
      const token = randomBytes(32).toString('base64url');
      await tx.insert(password_reset_tokens).values({
        account_id: account.id,
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        created_at: now,
      });
      const link = `${ctx.config.publicUrl}/new-password?token=${token}`;
      await enqueueMessage(tx, {
        channel: 'email',
        to: input.email,
        subject: noticeText(account.language, 'reset.subject'),
        text: noticeText(account.language, 'reset.text', { role: noticeText(account.language, `role.${account.role}`), link }),
        link,
      });
    });
  }
}

/**
 * Sets a new password inside `tx`: every session of the account ends (token version + 1) and
 * every reset link still outstanding dies, whichever way the password was changed.
 */
async function setPassword(tx: DbOrTx, accountId: number, password: string, now: Date, action: 'password changed' | 'password reset') {
  const [account] = await tx
    .update(accounts)
    .set({ password_hash: await hashPassword(password), token_version: sql`${accounts.token_version} + 1`, updated_at: now })
    .where(eq(accounts.id, accountId))
    .returning({ role: accounts.role });
  // the action only: neither the password nor its hash is ever recorded (decision 042)
  if (account) await record(tx, { actor: { accountId, role: account.role }, subject: 'account', subjectId: accountId, action });
  await tx
    .update(password_reset_tokens)
    .set({ used_at: now })
    .where(and(eq(password_reset_tokens.account_id, accountId), isNull(password_reset_tokens.used_at)));
}

/**
 * Sets a new password with a reset token (POST /user/verify-password); the token is used up,
 * the account's other reset links die and every session ends.
 * @throws AppError 400 for an unknown, used or expired token, or a common password
 */
export async function resetPassword(ctx: AppContext, input: { password: string; token: string }): Promise<string> {
  assertUncommonPassword(input.password, 'password');
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [row] = await tx
      .select()
      .from(password_reset_tokens)
      .where(eq(password_reset_tokens.token_hash, hashToken(input.token)))
      .for('update');
    if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) {
      throw new AppError('BAD_REQUEST', BAD_RESET_LINK, [{ field: 'token', message: BAD_RESET_LINK }]);
    }
    await setPassword(tx, row.account_id, input.password, now, 'password reset');
  });
  return 'Your password has been reset. Please log in with your new password.';
}

/**
 * Changes the caller's password (PATCH /user/update-password); every older token and every
 * outstanding reset link dies.
 * @returns a new access token for the caller's session
 * @throws AppError 400 naming oldPassword when it is wrong, newPassword when it is a common password
 */
export async function changePassword(ctx: AppContext, actor: Actor, input: { oldPassword: string; newPassword: string }): Promise<string> {
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, actor.accountId));
  if (!account || !(await verifyPassword(account.password_hash, input.oldPassword))) {
    throw new AppError('BAD_REQUEST', 'Old password is incorrect', [{ field: 'oldPassword', message: 'Old password is incorrect' }]);
  }
  assertUncommonPassword(input.newPassword, 'newPassword');
  await ctx.db.transaction((tx) => setPassword(tx, account.id, input.newPassword, ctx.clock(), 'password changed'));
  const [updated] = await ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
  return signAccessToken(ctx.secrets.jwtSecret, updated!);
}

/**
 * Logs the caller out (POST /user/logout): the account's token version moves on, so every token
 * signed before — this session's, a copy of it, the account's other devices' — gets 401 from
 * now on, as the bearer and as the session cookie (decision 063).
 */
export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db
    .update(accounts)
    .set({ token_version: sql`${accounts.token_version} + 1`, updated_at: ctx.clock() })
    .where(eq(accounts.id, actor.accountId));
}

/** Keeps `language` as the account's `preferred_language` (PUT /user/language). */
export async function setPreferredLanguage(ctx: AppContext, actor: Actor, language: InterfaceLanguage): Promise<void> {
  await ctx.db.update(accounts).set({ preferred_language: language, updated_at: ctx.clock() }).where(eq(accounts.id, actor.accountId));
}

/** The current user (GET /user/me → data), docs/api.md Session. */
export async function currentUser(ctx: AppContext, actor: Actor): Promise<CurrentUser> {
  const preferred_language = await accountLanguage(ctx.db, actor.accountId);
  // an operator has no profile: it is named by its e-mail (decision 041)
  if (actor.role === 'OPERATOR')
    return { id: actor.accountId, email: actor.email, modelType: 'OPERATOR', name: actor.email, preferred_language, logoUrl: null };
  if (actor.role === 'PUBLISHER') {
    const [publisher] = await ctx.db.select().from(publishers).where(eq(publishers.account_id, actor.accountId));
    if (!publisher) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    return {
      id: actor.accountId,
      email: actor.email,
      modelType: 'PUBLISHER',
      name: publisher.publisher_name,
      preferred_language,
      logoUrl: ctx.storage.url(publisher.logo_key),
      publisher_no: publisher.publisher_no,
      publisherId: publisher.id,
      mobile: (await mobileState(ctx, ctx.db, actor)) ?? undefined,
    };
  }
  const [library] = await ctx.db.select().from(libraries).where(eq(libraries.account_id, actor.accountId));
  if (!library) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return {
    id: actor.accountId,
    email: actor.email,
    modelType: 'LIBRARY',
    name: library.name,
    preferred_language,
    logoUrl: ctx.storage.url(library.logo_key),
    letterText: library.letter_text,
    libraryId: library.id,
    mobile: (await mobileState(ctx, ctx.db, actor)) ?? undefined,
  };
}

/** How long an account may stay unverified, ms (a day). */
export const UNVERIFIED_ACCOUNT_AGE_MS = 24 * 60 * 60_000;
/** A login address unused this long is forgotten, ms (90 days). */
export const LOGIN_ADDRESS_MEMORY_MS = 90 * 24 * 60 * 60_000;

/**
 * Removes accounts whose e-mail was never verified and that saw no registration or code for
 * `maxAgeMs` (default a day), with their publisher or library profile, codes and logo files.
 * Safe to run from any number of API copies at once (housekeeping.ts).
 * @returns how many accounts were removed
 */
export async function removeUnverifiedAccounts(ctx: AppContext, maxAgeMs: number = UNVERIFIED_ACCOUNT_AGE_MS): Promise<number> {
  const cutoff = new Date(ctx.clock().getTime() - maxAgeMs);
  const stale = and(
    isNull(accounts.email_verified_at),
    lt(accounts.updated_at, cutoff),
    notExists(
      ctx.db
        .select({ id: one_time_codes.id })
        .from(one_time_codes)
        .where(and(eq(one_time_codes.account_id, accounts.id), gt(one_time_codes.created_at, cutoff))),
    ),
  );
  const logos = await ctx.db
    .select({ publisher: publishers.logo_key, library: libraries.logo_key })
    .from(accounts)
    .leftJoin(publishers, eq(publishers.account_id, accounts.id))
    .leftJoin(libraries, eq(libraries.account_id, accounts.id))
    .where(stale);
  // profiles, codes and reset links go with the account (ON DELETE CASCADE)
  const removed = await ctx.db.delete(accounts).where(stale).returning({ id: accounts.id });
  const keys = logos.flatMap((row) => [row.publisher, row.library]).filter((key): key is string => Boolean(key));
  await Promise.all(keys.map((key) => ctx.storage.delete(key)));
  return removed.length;
}

/** Forgets login addresses not used for `maxAgeMs` (default 90 days). @returns how many */
export async function forgetOldLoginAddresses(ctx: AppContext, maxAgeMs: number = LOGIN_ADDRESS_MEMORY_MS): Promise<number> {
  const removed = await ctx.db
    .delete(login_addresses)
    .where(lt(login_addresses.last_login_at, new Date(ctx.clock().getTime() - maxAgeMs)))
    .returning({ id: login_addresses.account_id });
  return removed.length;
}
