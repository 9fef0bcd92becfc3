/**
 * User endpoints — docs/api.md: login, current user, e-mail verification, code resend, the
 * mobile number's WhatsApp code (decision 081) and the dashboard.
 */
import type { FastifyInstance } from 'fastify';
import { MSG, accountEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../lib/auth.js';
import { SESSION_COOKIE } from '../../lib/session-cookie.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { dashboard } from '../orders/service.js';
import {
  FORGOT_MESSAGE,
  REGISTRATION_MESSAGE,
  changePassword,
  currentUser,
  login,
  logout,
  resendCode,
  resetPassword,
  setPreferredLanguage,
  verifyEmail,
} from './service.js';
import { confirmMobile, sendMobileCode } from './mobile.js';

/** The replies of a mobile code sent and of a mobile number confirmed (decision 081). */
export const MOBILE_CODE_SENT = 'A 6-digit verification code has been sent to your mobile number by WhatsApp';
export const MOBILE_CONFIRMED = 'Your mobile number is confirmed';

/** The reply of a verified e-mail, whose person is signed in at once. */
export const VERIFIED_MESSAGE = 'Email verified successfully. You are now logged in.';

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  /** POST /api/user/login `{ email, password, modelType }` → `{ message, accessToken: { access_token } }`; 401, 403 unverified. */
  route(app, accountEndpoints.login, async (request) => {
    const access_token = await login(ctx, request.body, { ip: request.ip, log: request.log });
    const message = 'Logged in successfully';
    return ok({ message, accessToken: { access_token } }, message);
  });

  /** GET /api/user/me → CurrentUser; 401 without a valid token. */
  route(app, accountEndpoints.me, async (request) => ok(await currentUser(ctx, await requireActor(ctx, request))));

  /**
   * POST /api/user/logout → 'Logged out': every token of the caller's account stops working (its
   * token version moves on; decision 063) and the reply clears the `jsbn_session` cookie; 401
   * without a valid token.
   */
  route(app, accountEndpoints.logout, async (request, reply) => {
    await logout(ctx, await requireActor(ctx, request));
    void reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${ctx.config.isProduction ? '; Secure' : ''}`);
    return ok(null, 'Logged out');
  });

  /**
   * PUT /api/user/language `{ preferred_language: 'en' | 'gu' | 'hi' }` → 'Language saved': the
   * language of the account's e-mails and WhatsApp texts (the web's language switcher).
   */
  route(app, accountEndpoints.language, async (request) => {
    await setPreferredLanguage(ctx, await requireActor(ctx, request), request.body.preferred_language);
    return ok(null, 'Language saved');
  });

  /**
   * POST /api/user/verify-email `{ email, otp, modelType }` → as a login's reply, `{ message, accessToken: { access_token } }`:
   * the person is signed in at once (decision 072); 400 'Invalid or expired OTP'.
   */
  route(app, accountEndpoints.verifyEmail, async (request) => {
    const { accessToken: access_token, account } = await verifyEmail(ctx, request.body, { ip: request.ip });
    // where WhatsApp is configured, the mobile number's code goes out at once: the next step
    // asks for it (decision 081); a refusal (the number's budget spent) leaves it to 'Send the code again'
    if (ctx.config.useWhatsapp)
      await sendMobileCode(ctx, account, {}).catch((error: unknown) =>
        request.log.warn({ err: error, accountId: account.accountId }, 'mobile code not sent after the e-mail code'),
      );
    const message = VERIFIED_MESSAGE;
    return ok({ message, accessToken: { access_token } }, message);
  });

  /**
   * POST /api/user/mobile-code `{ mobile_no? }` (signed in) → MobileState: a 6-digit code sent by
   * WhatsApp to the account's mobile number, changed to `mobile_no` first when given (which clears
   * the confirmation; decision 081). 404 where WhatsApp is not configured or for an operator; 400
   * naming mobile_no (no number, a bad one, or already confirmed); 429 within 60 s of the last code
   * to the same number, or past the number's budget (5 an hour, 10 a day) or the account's (5 an
   * hour); 401 signed out.
   */
  route(app, accountEndpoints.mobileCode, async (request) => {
    const actor = await requireActor(ctx, request);
    return ok(await sendMobileCode(ctx, actor, request.body), MOBILE_CODE_SENT);
  });

  /**
   * POST /api/user/confirm-mobile `{ otp }` (signed in) → MobileState, confirmed: the WhatsApp code
   * of the account's own number (decision 081). 400 naming otp 'Invalid or expired OTP' (wrong,
   * used, expired, 5 tries spent); 404 where WhatsApp is not configured; 429 past 10 tries an hour.
   */
  route(app, accountEndpoints.confirmMobile, async (request) => {
    const actor = await requireActor(ctx, request);
    return ok(await confirmMobile(ctx, actor, request.body), MOBILE_CONFIRMED);
  });

  /**
   * POST /api/user/resend-otp `{ email, modelType }` → the same message for any e-mail; 429
   * within 60 s of the last code, past the e-mail's code budget or 10 an hour from one address.
   */
  route(app, accountEndpoints.resendCode, async (request) => {
    await ctx.limits.consume('resendPerAddress', request.ip);
    await resendCode(ctx, request.body);
    return ok(null, REGISTRATION_MESSAGE);
  });

  /**
   * POST /api/user/change-password `{ email, modelType? }` (forgot password) → the same message
   * for any e-mail, after the same work: the limits are counted and the job that looks the
   * e-mail up and sends its reset links is queued (`passwordReset`, `forgotPassword`); 429 past
   * 10 an hour from one address or 5 an hour for one e-mail.
   */
  route(app, accountEndpoints.forgotPassword, async (request) => {
    await ctx.limits.consume('resetLinksPerAddress', request.ip);
    await ctx.limits.consume('resetLinksPerEmail', request.body.email);
    await ctx.jobs.send('passwordReset', request.body);
    return ok(null, FORGOT_MESSAGE);
  });

  /** POST /api/user/verify-password `{ password, token }` → `{ message }`; 400 for a bad or expired link. */
  route(app, accountEndpoints.resetPassword, async (request) => {
    const message = await resetPassword(ctx, request.body);
    return ok({ message }, message);
  });

  /** PATCH /api/user/update-password `{ oldPassword, newPassword }` → `{ message, accessToken }`; 400 wrong old password. */
  route(app, accountEndpoints.changePassword, async (request) => {
    const actor = await requireActor(ctx, request);
    const access_token = await changePassword(ctx, actor, request.body);
    return ok({ message: MSG.passwordChanged, accessToken: { access_token } }, MSG.passwordChanged);
  });

  /** GET /api/user/dashboard → DashboardData for the caller. */
  route(app, accountEndpoints.dashboard, async (request) => ok(await dashboard(ctx, await requireActor(ctx, request))));
}
