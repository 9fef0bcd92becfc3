/** The account endpoints (docs/api.md): login, the current user, codes, passwords, the dashboard. */
import { endpointTable } from './endpoint.js';

export const accountEndpoints = /* @__PURE__ */ endpointTable('accounts', {
  /** E-mail and password (and an operator's authenticator code) → an access token. */
  login: ['POST', '/user/login'],
  /** The signed-in account. */
  me: ['GET', '/user/me'],
  /** Log out: every token of the account stops working, the session cookie is cleared (decision 063). */
  logout: ['POST', '/user/logout'],
  /** The language of the account's e-mails and WhatsApp texts. */
  language: ['PUT', '/user/language'],
  /** The e-mailed code that verifies a new account. */
  verifyEmail: ['POST', '/user/verify-email'],
  /** Another code. */
  resendCode: ['POST', '/user/resend-otp'],
  /**
   * A WhatsApp code to the signed-in account's mobile number (decision 081), the number changed
   * first when one is given; 404 where WhatsApp is not configured.
   */
  mobileCode: ['POST', '/user/mobile-code'],
  /** The WhatsApp code that confirms the signed-in account's mobile number (decision 081). */
  confirmMobile: ['POST', '/user/confirm-mobile'],
  /** Forgot password: reset links by e-mail (the same answer for any e-mail). */
  forgotPassword: ['POST', '/user/change-password'],
  /** A new password by a reset link's token. */
  resetPassword: ['POST', '/user/verify-password'],
  /** Change password (signed in): a fresh token. */
  changePassword: ['PATCH', '/user/update-password'],
  /** The dashboard's counts for the caller. */
  dashboard: ['GET', '/user/dashboard'],
});
