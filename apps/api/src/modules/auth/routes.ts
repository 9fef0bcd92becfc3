/**
 * User endpoints — spec accounts §7: login, current user, e-mail verification, code resend
 * and the dashboard.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { login as loginBody, resendOtp, verifyEmail as verifyBody } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../lib/auth.js';
import { ok } from '../../lib/reply.js';
import { dashboard } from '../orders/service.js';
import { REGISTRATION_MESSAGE, currentUser, login, resendCode, verifyEmail } from './service.js';

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** POST /api/user/login `{ email, password, modelType }` → `{ message, accessToken: { access_token } }`; 401, 403 unverified. */
  api.post('/user/login', { schema: { body: loginBody } }, async (request) => {
    const access_token = await login(ctx, request.body);
    const message = 'Logged in successfully';
    return ok({ message, accessToken: { access_token } }, message);
  });

  /** GET /api/user/me → CurrentUser; 401 without a valid token. */
  api.get('/user/me', async (request) => ok(await currentUser(ctx, await requireActor(ctx, request))));

  /** POST /api/user/verify-email `{ email, otp, modelType }` → message; 400 'Invalid or expired OTP'. */
  api.post('/user/verify-email', { schema: { body: verifyBody } }, async (request) => {
    await verifyEmail(ctx, request.body);
    return ok(null, 'Email verified successfully. You can now log in.');
  });

  /** POST /api/user/resend-otp `{ email, modelType }` → the same message for any e-mail; 429 within 60 s. */
  api.post('/user/resend-otp', { schema: { body: resendOtp } }, async (request) => {
    await resendCode(ctx, request.body);
    return ok(null, REGISTRATION_MESSAGE);
  });

  /** GET /api/user/dashboard → DashboardData for the caller. */
  api.get('/user/dashboard', async (request) => ok(await dashboard(ctx, await requireActor(ctx, request))));
}
