/**
 * The lending desk (decision 076): a library's members, the loans of its copies to them and its
 * loan period. Members are personal data: only the library's own accounts read them (another
 * library's member or loan is a 404), and they are in no public reply, page or log.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { MAX_ID, clearableText, email, id, listQuery, optionalText, phone, requiredText } from './common.js';
import { ACCESSION_MAX } from './holdings.js';

/** Who a member is: a sadhu or sadhvi, a shravak or shravika, or an institution (another sangh, a pathshala). */
export const MEMBER_KINDS = ['sadhu_sadhvi', 'shravak_shravika', 'institution'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
/** The languages a member's reminders are written in. */
export const MEMBER_LANGUAGES = ['en', 'gu', 'hi'] as const;
/** The lists of loans: lent now, overdue (lent now, past the due date), returned, or all. */
export const LOAN_STATUSES = ['open', 'overdue', 'returned', 'all'] as const;
/** The longest loan period a library may set, days. */
export const LOAN_PERIOD_MAX = 365;

/** A member number as typed: letters, digits, '/', '-' and '.', at most `ACCESSION_MAX` (upper-cased, NFC). */
const memberNumber = z
  .string({ error: MSG.memberNumber })
  .transform((value) => value.normalize('NFC').trim().toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[\p{L}\p{N}][\p{L}\p{N}/.-]*$/u, MSG.memberNumber)
      .max(ACCESSION_MAX, MSG.memberNumber),
  );

/** A member's fields, as a library adds them. */
const memberFields = {
  name: requiredText(MSG.memberName, 200),
  phone: phone(MSG.memberPhone),
  /** Empty or absent: none. */
  email: z
    .union([z.literal(''), z.null(), email])
    .optional()
    .transform((value) => value || undefined),
  language: z.enum(MEMBER_LANGUAGES, MSG.memberLanguage).default('gu'),
  kind: z.enum(MEMBER_KINDS, MSG.memberKind).default('shravak_shravika'),
  note: optionalText(1000, 'Note', 'multi'),
  /** Empty or absent: the library's next number. */
  member_number: z.union([z.literal(''), memberNumber]).optional(),
  reminders: z.boolean().default(true),
};

/** POST /api/library/members: a new member (number: the library's next unless given). */
export const addMemberBody = z.object(memberFields);
export type AddMemberInput = z.input<typeof addMemberBody>;

/** PATCH /api/library/members/:id: the member's fields (each optional; absent is unchanged); `active: false` removes them from the lending list. */
export const updateMemberBody = z.object({
  name: memberFields.name.optional(),
  phone: memberFields.phone.optional(),
  email: z
    .union([z.literal(''), z.null(), email])
    .optional()
    .transform((value) => (value === '' ? null : value)),
  language: z.enum(MEMBER_LANGUAGES, MSG.memberLanguage).optional(),
  kind: z.enum(MEMBER_KINDS, MSG.memberKind).optional(),
  /** Absent: unchanged; empty or null: cleared. */
  note: clearableText(1000, 'Note', 'multi'),
  member_number: memberNumber.optional(),
  reminders: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type UpdateMemberInput = z.input<typeof updateMemberBody>;

/** GET /api/library/members: a page of the library's members, found by name, phone or number; active only unless `all`. */
export const memberListQuery = listQuery.omit({ sortedField: true, sortedOrder: true }).extend({
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type MemberListQuery = z.input<typeof memberListQuery>;

/** A member as their library reads them. */
export const memberDto = z.object({
  id: z.number().int(),
  member_number: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  language: z.enum(MEMBER_LANGUAGES),
  kind: z.enum(MEMBER_KINDS),
  note: z.string().nullable(),
  reminders: z.boolean(),
  active: z.boolean(),
  /** Copies the member has now. */
  lent: z.number().int(),
  created_at: z.string(),
});
export type MemberDto = z.infer<typeof memberDto>;

/** A day, YYYY-MM-DD. */
const day = (message: string) => z.iso.date(message);

/** Which copy: scanned or typed (`code`: an accession number, a JSBN or its `/jsbn/…` address), or picked (`holdingId`). */
const whichCopy = {
  code: z.string({ error: MSG.loanCopy }).trim().min(1, MSG.loanCopy).max(300, MSG.loanCopy).optional(),
  holdingId: id.optional(),
};
const oneCopy = (body: { code?: string | undefined; holdingId?: number | undefined }) => Boolean(body.code) !== Boolean(body.holdingId);

/**
 * POST /api/library/loans: lends a copy to a member. `lent_on` absent: today (a past day: from
 * the paper register); `due_on` absent: lent_on plus the library's loan period (none when the
 * library has none), null: no due date (a sadhu's vihar).
 */
export const lendBody = z
  .object({
    ...whichCopy,
    memberId: z.coerce.number({ error: MSG.memberChoose }).int(MSG.memberChoose).positive(MSG.memberChoose).max(MAX_ID, MSG.memberChoose),
    lent_on: day(MSG.loanLentOn).optional(),
    due_on: day(MSG.loanDueOn).nullable().optional(),
    note: optionalText(500, 'Note'),
  })
  .refine(oneCopy, { message: MSG.loanOneCopy, path: ['code'] });
export type LendInput = z.input<typeof lendBody>;

/** POST /api/library/loans/return: the copy's open loan ends today (by the copy's code or id, or the loan's id). */
export const returnBody = z
  .object({ ...whichCopy, loanId: id.optional() })
  .refine((body) => [body.code, body.holdingId, body.loanId].filter(Boolean).length === 1, { message: MSG.loanOneCopy, path: ['code'] });
export type ReturnInput = z.input<typeof returnBody>;

/** POST /api/library/loans/:id/renew: the new due date; absent: today plus the loan period; null: none. */
export const renewBody = z.object({ due_on: day(MSG.loanDueOn).nullable().optional() });
export type RenewInput = z.input<typeof renewBody>;

/** GET /api/library/loans: lent now, overdue, returned or all; of a member or a copy. */
export const loanListQuery = z.object({
  status: z.enum(LOAN_STATUSES).default('open'),
  memberId: id.optional(),
  holdingId: id.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: listQuery.shape.limit,
});
export type LoanListQuery = z.input<typeof loanListQuery>;

/** A loan as its library reads it. */
export const loanDto = z.object({
  id: z.number().int(),
  holding: z.object({ id: z.number().int(), accession_number: z.string(), title: z.string() }),
  member: z.object({ id: z.number().int(), member_number: z.string(), name: z.string() }),
  lent_on: z.string(),
  due_on: z.string().nullable(),
  returned_on: z.string().nullable(),
  renewals: z.number().int(),
  note: z.string().nullable(),
  /** Not returned and past its due date (India's day). */
  overdue: z.boolean(),
});
export type LoanDto = z.infer<typeof loanDto>;

/**
 * The library's lending settings: the loan period in days, or null for none (loans have no due
 * date unless given); `sadhu_no_due`: a loan to a sadhu or sadhvi has no due date (they are on
 * vihar), unless one is given. A save without `sadhu_no_due` leaves it as it is.
 */
export const lendingSettings = z.object({
  loan_period_days: z
    .number({ error: MSG.loanPeriod })
    .int(MSG.loanPeriod)
    .min(1, MSG.loanPeriod)
    .max(LOAN_PERIOD_MAX, MSG.loanPeriod)
    .nullable(),
  sadhu_no_due: z.boolean({ error: MSG.sadhuNoDue }),
});
/** PUT /api/library/lending/settings: the loan period, and whether a sadhu's or sadhvi's loan has no due date (absent: unchanged). */
export const saveLendingSettingsBody = lendingSettings.extend({ sadhu_no_due: lendingSettings.shape.sadhu_no_due.optional() });
export type SaveLendingSettingsInput = z.input<typeof saveLendingSettingsBody>;
export type LendingSettings = z.infer<typeof lendingSettings>;
