/**
 * Accounts: registration, one-time code, login, profile and letterhead — spec
 * accounts-and-shared §3 and §5. Multipart forms arrive as strings, so numbers are coerced.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import {
  LETTER_TEXT_MIN,
  MODEL_TYPES,
  OTP_LENGTH,
  PUBLISHER_NO_LENGTH,
  PUBLISHER_TYPES,
  SANCHALAK_TYPES,
} from '../constants.js';
import { email, id, newPassword, optionalPhone, optionalText, phone, requiredText } from './common.js';

export const modelType = z.enum(MODEL_TYPES);

const optionalNumberString = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || undefined)
    .pipe(z.string().regex(/^\d{1,20}$/, message).optional());

/** POST /api/library (multipart, plus the `logo` file) — accounts §3, §5. */
export const libraryRegistration = z.object({
  name: requiredText('Name is required', 200),
  sanchalak_name: requiredText('Sanchalak name is required', 200),
  sanchalak_address: requiredText('Sanchalak address is required', 500),
  address: requiredText('Address is required', 500),
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
  gst_no: optionalText(20),
  aadhar_no: optionalNumberString('Aadhar number must be a number'),
});
export type LibraryRegistration = z.infer<typeof libraryRegistration>;

/** POST /api/publisher (multipart, plus the `logo` file) — accounts §3, §5. */
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
  address: requiredText('Address is required', 500),
  state: z.coerce.number({ error: MSG.stateRequired }).int().positive(MSG.stateRequired),
  city: z.coerce.number({ error: MSG.cityRequired }).int().positive(MSG.cityRequired),
  pincode: z.string({ error: 'Pincode is required' }).trim().regex(/^\d{6}$/, 'Pincode must be 6 digits'),
  landline_no: optionalPhone(MSG.landline10),
  mobile_no: phone(MSG.phone10),
  whatsapp_no: phone(MSG.whatsapp10),
  email,
  password: newPassword,
  gst_no: optionalText(20),
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
export const verifyEmail = z.object({ email, otp, modelType });
/** POST /api/user/resend-otp */
export const resendOtp = z.object({ email, modelType });

/** POST /api/user/login */
export const login = z.object({
  email,
  password: z.string({ error: MSG.passwordMin }).min(1, 'Password is required').max(1024),
  modelType,
});
export type LoginInput = z.infer<typeof login>;

/** Letterhead save (POST /api/library/logo-text) — accounts §5. */
export const letterhead = z.object({
  text: z.string({ error: MSG.letterText10 }).transform((value) => value.normalize('NFC').trim()).pipe(z.string().min(LETTER_TEXT_MIN, MSG.letterText10).max(5000)),
  id: id.optional(),
});

/** The current user, GET /api/user/me → data. */
export interface CurrentUser {
  id: number;
  email: string;
  modelType: z.infer<typeof modelType>;
  name: string;
  logoUrl: string | null;
  /** LIBRARY only: the saved letterhead text, or null. */
  letterText?: string | null;
  /** PUBLISHER only. */
  publisher_no?: string;
  publisherId?: number;
  libraryId?: number;
}

/** GET /api/user/dashboard → data (accounts §3). */
export interface DashboardData {
  commonDashboard: { publisherCount: number; libraryCount: number; bookCount: number };
  requestedOrderBook: number;
  pendingOrderBook: number;
  completedOrderBook: number;
}
