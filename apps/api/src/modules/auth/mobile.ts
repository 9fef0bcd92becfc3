/**
 * A publisher's or library's mobile number confirmed by a WhatsApp code (decision 081). Where
 * WhatsApp is configured (`useWhatsapp`), the e-mail code of a registration is followed by a
 * 6-digit code sent by WhatsApp to the profile's mobile number; the step may be left for later
 * (the account works; its profile shows the number as not confirmed). The codes are the e-mail
 * code's (decision 007) under the purpose `verify_mobile`: HMAC-hashed with the account and the
 * number, single use, 10 minutes, 5 tries, 60 s between sends to one number, 5 an hour and 10 a
 * day to one number and 5 an hour from one account, 10 tries an hour for one account. `accounts.mobile_verified_at` keeps the time of the
 * confirmation; any change of the number clears it (`mobileNumberChanged`). Where WhatsApp is not
 * configured there is no code and nothing changes.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_WAIT_MS, OTP_TTL_MS, type MobileState } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, libraries, one_time_codes, publishers } from '../../db/schema.js';
import type { Actor } from '../../lib/auth.js';
import { record } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { accountLanguage, noticeText } from '../../lib/notices.js';
import { enqueueMessage } from '../../lib/outbox.js';

/** What a wrong, used, expired or exhausted code answers, naming the field `otp` (the e-mail code's words). */
const INVALID_CODE = 'Invalid or expired OTP';
/** The answer where WhatsApp is not configured, or to an account without a profile (an operator). */
export const NOT_AVAILABLE = 'This site does not send codes by WhatsApp, so the mobile number cannot be confirmed here';
export const NO_NUMBER = 'Please enter your mobile number';
export const ALREADY_CONFIRMED = 'This mobile number is already confirmed';

const hashCode = (ctx: AppContext, accountId: number, number: string, code: string) =>
  createHmac('sha256', ctx.secrets.jwtSecret).update(`mobile:${accountId}:${number}:${code}`).digest('hex');

/** The profile table holding `actor`'s mobile number: publishers or libraries (an operator has none). */
function profileTable(actor: Pick<Actor, 'role'>) {
  if (actor.role === 'PUBLISHER') return publishers;
  if (actor.role === 'LIBRARY') return libraries;
  return null;
}

/** The account's profile row (id, mobile and WhatsApp numbers) and its confirmation time; null for an operator. */
async function profileOf(db: DbOrTx, actor: Pick<Actor, 'accountId' | 'role'>, forUpdate = false) {
  const table = profileTable(actor);
  if (!table) return null;
  const query = db
    .select({ id: table.id, mobile: table.mobile_no, whatsapp: table.whatsapp_no, confirmedAt: accounts.mobile_verified_at })
    .from(table)
    .innerJoin(accounts, eq(accounts.id, table.account_id))
    .where(eq(table.account_id, actor.accountId));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row ?? null;
}

/** The account's live (unused, unexpired) mobile code, newest first. */
async function liveCode(ctx: AppContext, db: DbOrTx, accountId: number, lock = false) {
  const query = db
    .select()
    .from(one_time_codes)
    .where(and(eq(one_time_codes.account_id, accountId), eq(one_time_codes.purpose, 'verify_mobile'), isNull(one_time_codes.consumed_at)))
    .orderBy(desc(one_time_codes.id))
    .limit(1);
  const [code] = await (lock ? query.for('update') : query);
  return code && code.expires_at.getTime() > ctx.clock().getTime() ? code : null;
}

/**
 * The mobile number of `actor`'s profile and its confirmation (GET /user/me → data.mobile).
 * @returns null for an operator (no profile)
 */
export async function mobileState(ctx: AppContext, db: DbOrTx, actor: Pick<Actor, 'accountId' | 'role'>): Promise<MobileState | null> {
  const profile = await profileOf(db, actor);
  if (!profile) return null;
  const code = ctx.config.useWhatsapp && !profile.confirmedAt ? await liveCode(ctx, db, actor.accountId) : null;
  return {
    number: profile.mobile,
    confirmedAt: profile.confirmedAt?.toISOString() ?? null,
    canConfirm: ctx.config.useWhatsapp,
    codeSentAt: code?.created_at.toISOString() ?? null,
  };
}

/**
 * Inside `tx`, when a profile's mobile number changed from `before` to `after`: the account's
 * confirmation is cleared and its live mobile codes die. Every change of the number calls it
 * (profile edits, 'Change the number').
 */
export async function mobileNumberChanged(ctx: AppContext, tx: DbOrTx, accountId: number, before: string | null, after: string | null) {
  if ((before ?? null) === (after ?? null)) return;
  const now = ctx.clock();
  await tx.update(accounts).set({ mobile_verified_at: null, updated_at: now }).where(eq(accounts.id, accountId));
  await tx
    .update(one_time_codes)
    .set({ consumed_at: now })
    .where(and(eq(one_time_codes.account_id, accountId), eq(one_time_codes.purpose, 'verify_mobile'), isNull(one_time_codes.consumed_at)));
}

const notAvailable = () => new AppError('NOT_FOUND', NOT_AVAILABLE);

/**
 * Sends a WhatsApp code to `actor`'s mobile number (POST /user/mobile-code; also right after the
 * e-mail code of a registration). With `input.mobile_no` different from the profile's, the number
 * is changed first (and the WhatsApp number with it when it was the same), which clears the
 * confirmation; the change is in the record. The message is the approved template
 * WHATSAPP_CODE_TEMPLATE in the account's language, body and copy-code button taking the code.
 * @returns the number's state after sending
 * @throws AppError 404 where WhatsApp is not configured or for an operator; 400 naming mobile_no
 *   when there is no number or it is already confirmed; 429 with Retry-After within 60 s of the
 *   last code to the same number; ThrottledError 429 past 5 codes an hour or 10 a day to the
 *   number, or 5 an hour from the account
 */
export async function sendMobileCode(
  ctx: AppContext,
  actor: Pick<Actor, 'accountId' | 'role'>,
  input: { mobile_no?: string },
): Promise<MobileState> {
  if (!ctx.config.useWhatsapp || !profileTable(actor)) throw notAvailable();
  const current = await profileOf(ctx.db, actor);
  if (!current) throw notAvailable();
  const number = input.mobile_no ?? current.mobile;
  if (!number) throw new AppError('BAD_REQUEST', NO_NUMBER, [{ field: 'mobile_no', message: NO_NUMBER }]);
  if (number === current.mobile && current.confirmedAt)
    throw new AppError('BAD_REQUEST', ALREADY_CONFIRMED, [{ field: 'mobile_no', message: ALREADY_CONFIRMED }]);
  const [latest] = await ctx.db
    .select({ created_at: one_time_codes.created_at })
    .from(one_time_codes)
    .where(and(eq(one_time_codes.account_id, actor.accountId), eq(one_time_codes.purpose, 'verify_mobile')))
    .orderBy(desc(one_time_codes.id))
    .limit(1);
  const waitMs = latest ? latest.created_at.getTime() + OTP_RESEND_WAIT_MS - ctx.clock().getTime() : 0;
  // a new number need not wait for the last code to the old one; the account's budget bounds it
  if (waitMs > 0 && number === current.mobile) {
    const message = `Please wait ${Math.ceil(waitMs / 1000)} seconds before asking for a new code`;
    throw new AppError('TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });
  }
  // the number's budget, whichever account asks (no one floods a number with codes), and the
  // account's (no one sends codes to number after number)
  await ctx.limits.consume('codesPerEmail', `whatsapp:${number}`);
  await ctx.limits.consume('codesPerEmailDaily', `whatsapp:${number}`);
  await ctx.limits.consume('codesPerEmail', `whatsapp:account:${actor.accountId}`);
  await ctx.db.transaction(async (tx) => {
    const profile = await profileOf(tx, actor, true);
    if (!profile) throw notAvailable();
    const table = profileTable(actor)!;
    if (number !== profile.mobile) {
      const now = ctx.clock();
      const sameWhatsapp = profile.whatsapp === profile.mobile;
      await tx
        .update(table)
        .set({ mobile_no: number, ...(sameWhatsapp ? { whatsapp_no: number } : {}), updated_at: now })
        .where(eq(table.id, profile.id));
      await mobileNumberChanged(ctx, tx, actor.accountId, profile.mobile, number);
      await record(tx, {
        actor: { accountId: actor.accountId, role: actor.role },
        subject: actor.role === 'PUBLISHER' ? 'publisher' : 'library',
        subjectId: profile.id,
        action: 'updated',
        changes: {
          mobile_no: [profile.mobile, number],
          ...(sameWhatsapp ? { whatsapp_no: [profile.whatsapp, number] } : {}),
        },
      });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = ctx.clock();
    await tx
      .update(one_time_codes)
      .set({ consumed_at: now })
      .where(
        and(
          eq(one_time_codes.account_id, actor.accountId),
          eq(one_time_codes.purpose, 'verify_mobile'),
          isNull(one_time_codes.consumed_at),
        ),
      );
    await tx.insert(one_time_codes).values({
      account_id: actor.accountId,
      purpose: 'verify_mobile',
      code_hash: hashCode(ctx, actor.accountId, number, code),
      expires_at: new Date(now.getTime() + OTP_TTL_MS),
      created_at: now,
    });
    const lng = await accountLanguage(tx, actor.accountId);
    await enqueueMessage(tx, {
      channel: 'whatsapp',
      to: number,
      subject: noticeText(lng, 'mobileCode.subject'),
      text: noticeText(lng, 'mobileCode.text', { code, minutes: OTP_TTL_MS / 60_000 }),
      code,
      template: { name: ctx.config.WHATSAPP_CODE_TEMPLATE, language: lng, parameters: [code], button: code },
    });
  });
  return (await mobileState(ctx, ctx.db, actor))!;
}

/**
 * Confirms `actor`'s mobile number with the WhatsApp code (POST /user/confirm-mobile). Only the
 * signed-in account's own live code for its current number is checked: a code sent to another
 * account, or to the number before a change, confirms nothing. Each try counts against the
 * account's 10 an hour, and a wrong one against the code's 5.
 * @returns the number's state, confirmed
 * @throws AppError 404 where WhatsApp is not configured or for an operator; 400 naming otp for a
 *   wrong, used or expired code or one whose 5 tries are spent; ThrottledError 429 past 10 tries an hour
 */
export async function confirmMobile(
  ctx: AppContext,
  actor: Pick<Actor, 'accountId' | 'role'>,
  input: { otp: string },
): Promise<MobileState> {
  if (!ctx.config.useWhatsapp || !profileTable(actor)) throw notAvailable();
  await ctx.limits.consume('codeTriesPerEmail', `whatsapp:account:${actor.accountId}`);
  const invalid = () => new AppError('BAD_REQUEST', INVALID_CODE, [{ field: 'otp', message: INVALID_CODE }]);
  const confirmed = await ctx.db.transaction(async (tx) => {
    const profile = await profileOf(tx, actor, true);
    if (!profile) throw notAvailable();
    if (profile.confirmedAt) return true;
    const code = await liveCode(ctx, tx, actor.accountId, true);
    if (!code || !profile.mobile || code.attempts >= OTP_MAX_ATTEMPTS) throw invalid();
    const expected = Buffer.from(code.code_hash, 'hex');
    const given = Buffer.from(hashCode(ctx, actor.accountId, profile.mobile, input.otp), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await tx
        .update(one_time_codes)
        .set({ attempts: code.attempts + 1 })
        .where(eq(one_time_codes.id, code.id));
      return false;
    }
    const now = ctx.clock();
    await tx.update(one_time_codes).set({ consumed_at: now }).where(eq(one_time_codes.id, code.id));
    await tx.update(accounts).set({ mobile_verified_at: now, updated_at: now }).where(eq(accounts.id, actor.accountId));
    await record(tx, {
      actor: { accountId: actor.accountId, role: actor.role },
      subject: 'account',
      subjectId: actor.accountId,
      action: 'mobile confirmed',
      changes: { mobile_verified_at: [null, now.toISOString()] },
    });
    return true;
  });
  // the wrong try is counted (committed) before the refusal
  if (!confirmed) throw invalid();
  return (await mobileState(ctx, ctx.db, actor))!;
}
