/** What the account endpoints take and answer (docs/api.md; decision 046). */
import type { accountEndpoints } from '../endpoints/accounts.js';
import {
  changePasswordBody,
  confirmMobileBody,
  forgotPasswordBody,
  languageBody,
  loginBody,
  mobileCodeBody,
  resendCodeBody,
  resetPasswordBody,
  verifyEmailBody,
} from '../schemas/accounts.js';
import { currentUserReply, dashboardData, loginReply, messageData, mobileState, noData } from '../schemas/replies.js';
import type { ContractRows } from './contract.js';

export const accountContracts = {
  login: { body: loginBody, reply: loginReply },
  me: { reply: currentUserReply },
  logout: { reply: noData },
  language: { body: languageBody, reply: noData },
  verifyEmail: { body: verifyEmailBody, reply: loginReply },
  resendCode: { body: resendCodeBody, reply: noData },
  mobileCode: { body: mobileCodeBody, reply: mobileState },
  confirmMobile: { body: confirmMobileBody, reply: mobileState },
  forgotPassword: { body: forgotPasswordBody, reply: noData },
  resetPassword: { body: resetPasswordBody, reply: messageData },
  changePassword: { body: changePasswordBody, reply: loginReply },
  dashboard: { reply: dashboardData },
} as const satisfies ContractRows<typeof accountEndpoints>;
