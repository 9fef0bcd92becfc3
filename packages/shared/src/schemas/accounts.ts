/**
 * Accounts: registration, one-time code, login, profile and letterhead — spec
 * docs/api.md. Multipart forms arrive as strings, so numbers are coerced.
 */
import { z } from 'zod';
import { MSG, PAYMENT_MSG } from '../messages.js';
import { INTERFACE_LANGUAGES } from '../languages.js';
import { normalizePhone } from '../phone.js';
import {
  ACCOUNT_ROLES,
  DISPOSABLE_EMAIL_DOMAINS,
  LETTER_TEXT_MIN,
  MODEL_TYPES,
  OTP_LENGTH,
  PUBLISHER_NO_LENGTH,
  PUBLISHER_TYPES,
  SANCHALAK_TYPES,
} from '../constants.js';
import {
  email,
  id,
  listQuery,
  newPassword,
  optionalNumber,
  optionalPhone,
  optionalText,
  phone,
  requiredText,
  sortField,
} from './common.js';
import { IFSC_PATTERN, POSTAGE_TERMS, VPA_PATTERN } from '../payments.js';

export const modelType = z.enum(MODEL_TYPES);

const optionalNumberString = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^\d{1,20}$/, message)
        .optional(),
    );

/** POST /api/library (multipart, plus the `logo` file) — docs/api.md. */
export const libraryRegistration = z.object({
  name: requiredText('Name is required', 200),
  sanchalak_name: requiredText('Sanchalak name is required', 200),
  sanchalak_address: requiredText('Sanchalak address is required', 500, 'multi'),
  address: requiredText('Address is required', 500, 'multi'),
  email,
  mobile_no: phone(MSG.phone10),
  whatsapp_no: phone(MSG.whatsapp10),
  number_of_books: z
    .union([z.literal(''), z.coerce.number({ error: 'Number of books must be a number' }).int().min(0).max(100_000_000)])
    .optional()
    .nullable()
    .transform((value) => (value === '' || value == null ? null : value)),
  sangh_trust: z.enum(SANCHALAK_TYPES, { error: 'Sangh / trust is required' }),
  password: newPassword,
  gst_no: optionalText(20, 'GST number'),
  aadhar_no: optionalNumberString('Aadhar number must be a number'),
});
export type LibraryRegistration = z.infer<typeof libraryRegistration>;

/** POST /api/publisher (multipart, plus the `logo` file) — docs/api.md. */
export const publisherRegistration = z.object({
  publisher_no: z
    .string({ error: MSG.publisherNo5 })
    .trim()
    .toUpperCase()
    .pipe(
      z
        .string()
        .length(PUBLISHER_NO_LENGTH, MSG.publisherNo5)
        .regex(/^[A-Z0-9]+$/, 'Publisher unique id may hold only letters A–Z and digits 0–9'),
    ),
  publisher_name: requiredText('Publisher name is required', 200),
  publisher_type: z.enum(PUBLISHER_TYPES, { error: 'Publisher type is required' }).default('Sangh'),
  address: requiredText('Address is required', 500, 'multi'),
  state: z.coerce.number({ error: MSG.stateRequired }).int().positive(MSG.stateRequired),
  city: z.coerce.number({ error: MSG.cityRequired }).int().positive(MSG.cityRequired),
  /** A town or village of the district (`city`) the list lacks ('Beawar'), decision 072. */
  town: optionalText(100, 'Town or village'),
  pincode: z
    .string({ error: 'Pincode is required' })
    .trim()
    .regex(/^\d{6}$/, 'Pincode must be 6 digits'),
  landline_no: optionalPhone(MSG.landline10),
  mobile_no: phone(MSG.phone10),
  whatsapp_no: phone(MSG.whatsapp10),
  email,
  password: newPassword,
  gst_no: optionalText(20, 'GST number'),
  aadhar_no: optionalNumberString('Aadhar number must be a number'),
});
export type PublisherRegistration = z.infer<typeof publisherRegistration>;

export const otp = z
  .string({ error: MSG.otpRequired })
  .trim()
  .min(1, MSG.otpRequired)
  .regex(/^\d+$/, 'OTP must contain digits only')
  .length(OTP_LENGTH, MSG.otp6);

/** POST /api/user/verify-email */
export const verifyEmailBody = z.object({ email, otp, modelType });
/** POST /api/user/resend-otp */
export const resendCodeBody = z.object({ email, modelType });

/**
 * POST /api/user/mobile-code (decision 081): a WhatsApp code to the account's mobile number; with
 * `mobile_no`, the number is changed to it first ('Change the number'), which clears its confirmation.
 */
export const mobileCodeBody = z.object({ mobile_no: phone(MSG.phone10).optional() });
/** POST /api/user/confirm-mobile: the WhatsApp code that confirms the account's mobile number (decision 081). */
export const confirmMobileBody = z.object({ otp });

/**
 * A 6-digit code of an authenticator app (TOTP, RFC 6238) — an operator's second factor at
 * sign-in (decision 041). Spaces typed between the digits ('123 456') are dropped.
 */
export const totpCode = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'The code from your authenticator app has 6 digits'));

/**
 * POST /api/user/login. `modelType` OPERATOR is the registry's operators (made on the server
 * only, never registered: the registration forms have no `modelType`, and verify-email,
 * resend-otp and forgot-password keep MODEL_TYPES); they also send `totp`, the code of their
 * authenticator app (decision 041, docs/api.md).
 */
export const loginBody = z.object({
  email,
  password: z.string({ error: MSG.passwordMin }).min(1, 'Password is required').max(1024),
  modelType: z.enum(ACCOUNT_ROLES),
  totp: totpCode.optional(),
});
export type LoginInput = z.infer<typeof loginBody>;

/** Letterhead save (POST /api/library/logo-text) — docs/api.md. */
export const letterhead = z.object({
  text: requiredText(MSG.letterText10, 5000, 'multi', 'Letter text').pipe(z.string().min(LETTER_TEXT_MIN, MSG.letterText10)),
  id: id.optional(),
});

/** POST /api/user/change-password (forgot password): the same answer for any e-mail. */
export const forgotPasswordBody = z.object({ email, modelType: modelType.optional() });

/** A password chosen to replace the old one: the registration rules, with the "New password" wording. */
const replacementPassword = z
  .string({ error: MSG.newPasswordMin })
  .min(8, MSG.newPasswordMin)
  .max(128, 'New password must be at most 128 characters long')
  .regex(/[A-Z]/, MSG.passwordUpper)
  .regex(/[a-z]/, MSG.passwordLower)
  .regex(/[^A-Za-z0-9\s]/, MSG.passwordSpecial)
  .regex(/^\S*$/, MSG.passwordSpaces);

/** POST /api/user/verify-password: a new password (the registration rules) for the account of a reset token. */
export const resetPasswordBody = z.object({
  password: replacementPassword,
  token: z
    .string({ error: 'The reset link is invalid or has expired.' })
    .trim()
    .min(20, 'The reset link is invalid or has expired.')
    .max(200),
});

/** PATCH /api/user/update-password — docs/api.md "Change password". */
export const changePasswordBody = z.object({
  oldPassword: z.string({ error: MSG.oldPasswordRequired }).min(1, MSG.oldPasswordRequired).max(1024),
  newPassword: replacementPassword,
});

/**
 * The contact form's extra e-mail check (docs/api.md): no malformed dot or at-sign
 * patterns and none of the 8 disposable domains.
 */
export function isAcceptableContactEmail(value: string): boolean {
  const address = value.trim().toLowerCase();
  const parts = address.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (!local || !domain || local.startsWith('.') || local.endsWith('.') || address.includes('..')) return false;
  if (domain.startsWith('.') || domain.startsWith('-') || !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain)) return false;
  return !DISPOSABLE_EMAIL_DOMAINS.some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`));
}

/** The repeated-digit rule (docs/api.md): one digit 10 times, or any digit 4 or more times in a row. */
export const hasRepeatedDigits = (value: string) => /^(\d)\1{9}$/.test(value) || /(\d)\1{3,}/.test(value);

/** POST /api/user/contact — docs/api.md "Contact form". */
export const contactMessage = z.object({
  fullName: requiredText('Full name is required', 200),
  email: z
    .string({ error: MSG.invalidEmail })
    .trim()
    .pipe(z.email(MSG.invalidEmail).max(254))
    .refine((value) => !z.email().safeParse(value).success || isAcceptableContactEmail(value), MSG.validEmail),
  contact: z
    .string({ error: MSG.contact10 })
    .trim()
    .transform(normalizePhone)
    .pipe(z.string().regex(/^\d{10}$/, MSG.contact10))
    .refine((value) => !/^\d{10}$/.test(value) || !hasRepeatedDigits(value), MSG.validContact),
  message: requiredText(MSG.message10, 5000, 'multi', 'Message').pipe(z.string().min(10, MSG.message10)),
});
export type ContactMessage = z.infer<typeof contactMessage>;

/** PATCH /api/library (multipart, optional `logo`) — docs/api.md "Library profile". */
export const libraryProfile = z.object({
  name: requiredText('Name is required', 200),
  sanchalak_name: requiredText('Sanchalak name is required', 200),
  sanchalak_address: requiredText('Sanchalak address is required', 500, 'multi'),
  address: requiredText('Address is required', 500, 'multi'),
  mobile_no: phone(MSG.phone10),
  whatsapp_no: phone(MSG.whatsapp10),
  sangh_trust: z.enum(SANCHALAK_TYPES, { error: 'Sangh / trust is required' }),
  number_of_books: z.coerce
    .number({ error: 'Number of books must be a positive integer' })
    .int('Number of books must be a positive integer')
    .positive('Number of books must be a positive integer')
    .max(100_000_000),
  gst_no: optionalText(20, 'GST number'),
  aadhar_no: optionalNumberString('Aadhar number must be a number'),
});
export type LibraryProfile = z.infer<typeof libraryProfile>;

/** A checkbox sent as multipart text: 'true' or 'on' is true, 'false' or '' false; absent is `fallback`. */
const formBoolean = (fallback: boolean) =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === true || value === 'true' || value === 'on'));

/**
 * The publisher profile's payment fields (decision 070): postage terms and their amount in rupees
 * (stored as paise), the UPI ID and payee name the library pays to, bank details for NEFT, and
 * whether libraries get a reminder of an unpaid dispatched order. Empty text is none.
 */
export const paymentProfile = {
  postage_terms: z.enum(POSTAGE_TERMS, { error: PAYMENT_MSG.postageTerms }).default('actual'),
  /** Rupees per parcel or per copy (two decimals at most), for those terms. */
  postage_amount: optionalNumber('Postage amount', 0, 100_000),
  upi_vpa: optionalText(256, 'UPI ID').pipe(z.string().regex(VPA_PATTERN, PAYMENT_MSG.vpa).optional()),
  upi_payee_name: optionalText(100, 'Payee name'),
  bank_account_name: optionalText(100, 'Account holder name'),
  bank_account_no: optionalText(30, 'Bank account number').pipe(
    z
      .string()
      .regex(/^\d{9,18}$/, PAYMENT_MSG.accountNo)
      .optional(),
  ),
  bank_ifsc: optionalText(20, 'IFSC')
    .transform((value) => value?.toUpperCase())
    .pipe(z.string().regex(IFSC_PATTERN, PAYMENT_MSG.ifsc).optional()),
  payment_reminders: formBoolean(true),
};

/** PATCH /api/publisher (multipart, optional `logo`) — docs/api.md "Publisher profile". */
export const publisherProfile = z
  .object({
    publisher_name: requiredText('Publisher name is required', 200),
    publisher_type: z.enum(PUBLISHER_TYPES, { error: 'Publisher type is required' }),
    address: requiredText('Address is required', 500, 'multi'),
    pincode: z
      .string({ error: 'Pincode is required' })
      .trim()
      .regex(/^\d{6}$/, 'Pincode must be 6 digits'),
    landline_no: phone(MSG.landline10),
    mobile_no: phone(MSG.phone10),
    whatsapp_no: phone(MSG.whatsapp10),
    state: z.coerce.number({ error: MSG.stateRequired }).int().positive(MSG.stateRequired),
    city: z.coerce.number({ error: MSG.cityRequired }).int().positive(MSG.cityRequired),
    /** A town or village of the district (`city`) the list lacks, decision 072; empty clears it. */
    town: optionalText(100, 'Town or village'),
    gst_no: optionalText(20, 'GST number'),
    aadhar_no: optionalNumberString('Aadhar number must be a number'),
    ...paymentProfile,
  })
  .superRefine((profile, ctx) => {
    if ((profile.postage_terms === 'per_parcel' || profile.postage_terms === 'per_copy') && profile.postage_amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['postage_amount'], message: PAYMENT_MSG.postageAmountRequired });
  });
export type PublisherProfile = z.infer<typeof publisherProfile>;

/** Columns the library lists sort on (docs/api.md: a whitelist). */
export const LIBRARY_SORT_FIELDS = ['name', 'number_of_books', 'createdAt'] as const;
/** GET /api/library */
export const libraryListQuery = listQuery.extend({ sortedField: sortField(LIBRARY_SORT_FIELDS) });
export type LibraryListQuery = z.infer<typeof libraryListQuery>;

/** Columns the publisher lists sort on (docs/api.md: a whitelist). */
export const PUBLISHER_SORT_FIELDS = ['publisher_name', 'last_book_published', 'total_books', 'createdAt'] as const;
/** GET /api/publisher */
export const publisherListQuery = listQuery.extend({ sortedField: sortField(PUBLISHER_SORT_FIELDS) });
export type PublisherListQuery = z.infer<typeof publisherListQuery>;

/** POST /api/publisher/:id/claim — the real publisher asks for an imported account: the contact form's fields. */
export const publisherClaimRequest = contactMessage;
export type PublisherClaimRequest = z.infer<typeof publisherClaimRequest>;

/** PUT /api/user/language: the interface language the account's e-mails and WhatsApp texts follow. */
export const languageBody = z.object({
  preferred_language: z.enum(INTERFACE_LANGUAGES, { error: 'Choose English, Gujarati or Hindi' }),
});
export type PreferredLanguageInput = z.infer<typeof languageBody>;
