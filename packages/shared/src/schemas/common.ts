/**
 * Building blocks shared by every area's schemas: trimmed NFC text without control characters,
 * web addresses, phone numbers, e-mail, password rules and the list query of docs/api.md.
 */
import { z } from 'zod';
import { controlCharacterMessage, hasControlCharacters, withLineFeeds, type TextLines } from '../control-characters.js';
import { MSG } from '../messages.js';
import { normalizePhone } from '../phone.js';
import { PAGE_SIZES, PASSWORD_MAX, PASSWORD_MIN, PHONE_DIGITS } from '../constants.js';

/** Trims and NFC-normalises text (Gujarati and Devanagari are stored NFC). */
export const nfc = (value: string) => value.normalize('NFC').trim();

/** `nfc` for a field of `lines`: multi-line text also gets its line breaks as line feeds (CR LF from a form posted as multipart). */
const normalized = (lines: TextLines) => (lines === 'multi' ? (value: string) => nfc(withLineFeeds(value)) : nfc);

/** The check that text holds no control character (control-characters.ts), naming the field by `label` when it does. */
export const noControlCharacters = (label: string, lines: TextLines = 'single') =>
  z.refine<string>((value) => !hasControlCharacters(value, lines), controlCharacterMessage(label, lines));

/** Text a record may keep (after `normalized`): at most `max` characters and no control character. */
export const storableText = (label: string, max: number, lines: TextLines = 'single') =>
  z.string().max(max).check(noControlCharacters(label, lines));

/**
 * Required trimmed NFC text; `message` when empty. The field is named by `label` in its other
 * messages, by default the subject of `message` ('Book title is required' → 'Book title').
 * @param lines 'multi' for an address or a message (tab and line feed allowed)
 */
export const requiredText = (message: string, max = 500, lines: TextLines = 'single', label = message.replace(/ is required\.?$/, '')) =>
  z
    .string({ error: message })
    .transform(normalized(lines))
    .pipe(storableText(label, max, lines).min(1, message));

/**
 * Optional trimmed NFC text; empty becomes undefined. `label` names the field in its messages.
 * @param lines 'multi' for an address or a message (tab and line feed allowed)
 */
export const optionalText = (max: number, label: string, lines: TextLines = 'single') =>
  z
    .string()
    .optional()
    .nullable()
    .transform((value) => (value == null ? undefined : normalized(lines)(value) || undefined))
    .pipe(storableText(label, max, lines).optional());

/**
 * Text a change may clear: absent stays undefined (the field is left as it is); null, empty or
 * only spaces becomes null (the field is cleared); otherwise trimmed NFC text as `optionalText`.
 * @param lines 'multi' for an address or a message (tab and line feed allowed)
 */
export const clearableText = (max: number, label: string, lines: TextLines = 'single') =>
  z
    .string()
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null ? null : normalized(lines)(value) || null))
    .pipe(storableText(label, max, lines).nullable().optional());

/**
 * An optional web address (every URL a form takes): http or https only, so a stored
 * `javascript:` or `data:` link can never become a link on a page; otherwise
 * '<label> must be a web address starting with http:// or https://'.
 */
export const optionalWebAddress = (max: number, label: string) =>
  optionalText(max, label).pipe(z.url({ protocol: /^https?$/, error: webAddressMessage(label) }).optional());

/** The message of a web address that is not http or https. */
export const webAddressMessage = (label: string) => `${label} must be a web address starting with http:// or https://`;

export const email = z.string({ error: MSG.invalidEmail }).trim().toLowerCase().pipe(z.email(MSG.invalidEmail).max(254));

/** Exactly 10 digits once spaces, dashes, +91 or a leading 0 are taken away (`normalizePhone`); `message` otherwise. */
export const phone = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform(normalizePhone)
    .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), message));

/** An optional phone: empty is allowed, anything else must be 10 digits. */
export const optionalPhone = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((value) => (value ? normalizePhone(value) : undefined))
    .pipe(
      z
        .string()
        .regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), message)
        .optional(),
    );

/** The password rules of registration and change password (docs/api.md). */
export const newPassword = z
  .string({ error: MSG.passwordMin })
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .regex(/[A-Z]/, MSG.passwordUpper)
  .regex(/[a-z]/, MSG.passwordLower)
  .regex(/[^A-Za-z0-9\s]/, MSG.passwordSpecial)
  .regex(/^\S*$/, MSG.passwordSpaces);

/** Largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id from a path or a form field (strings are coerced). */
export const id = z.coerce.number().int().positive().max(MAX_ID);
export const idParam = z.object({ id });

/**
 * `sortedField` limited to `fields` (docs/api.md: sorting only on a whitelist), so a name such
 * as `__proto__` is a 400 naming the field, never a lookup on an object's prototype.
 */
export const sortField = <const T extends readonly [string, ...string[]]>(fields: T) =>
  z.enum(fields, `Sort by one of ${fields.join(', ')}`).optional();

/**
 * List query of docs/api.md: queryString, pageNo, limit (10|25|50|100|all), sortedField,
 * sortedOrder. Each list extends it with its own `sortField` whitelist.
 */
export const listQuery = z.object({
  queryString: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? nfc(value) : undefined)),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.enum(PAGE_SIZES).default('10'),
  sortedField: z.string().trim().max(50).optional(),
  sortedOrder: z.enum(['asc', 'desc']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * The rows chosen in a list (`?ids=1,2,3`) for an export or address labels; `message` when none.
 * At most 10 000 ids.
 */
export const selectedIds = (message: string) =>
  z.object({
    ids: z
      .string({ error: message })
      .transform((value): unknown[] =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(id).min(1, message).max(10_000)),
  });

/**
 * An optional number sent as a number or as form text ('' is none), from `min` to `max`;
 * otherwise '<label> must be a number from <min> to <max>'
 */
export const optionalNumber = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string()])
    .optional()
    .nullable()
    .transform((value, ctx) => {
      const text = value == null ? '' : String(value).trim();
      if (text === '') return undefined;
      const parsed = Number(text);
      if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });
