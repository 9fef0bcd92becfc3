/**
 * The record of changes as the API shows it (decision 042): a book's history for its publisher
 * (GET /api/book/:id/history) and the operators' filtered list and CSV
 * (GET /api/operator/history, /api/operator/history.csv).
 */
import { z } from 'zod';

/** Who can act in the record: an account in its role, the system (imports, housekeeping), a visitor. */
export const AUDIT_ROLES = ['PUBLISHER', 'LIBRARY', 'OPERATOR', 'SYSTEM', 'VISITOR'] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];

/** What an entry can be about. */
export const AUDIT_SUBJECTS = [
  'book',
  'publisher',
  'library',
  'order',
  'account',
  'report',
  'duplicate',
  'claim',
  'message',
  'job',
  'holding',
  'member',
  'loan',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECTS)[number];

/**
 * Every action the API writes to the record, a verb in the past: the one list the writer is typed
 * by, the operators' action filter offers and the interface languages must each have a word for.
 */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'status changed',
  'withdrawn',
  'reinstated',
  'books imported',
  'password changed',
  'password reset',
  'e-mail verified',
  'mobile confirmed',
  'claim approved',
  'reminded',
  'verified',
  'asked',
  'answered',
  'rejected',
  'suspended',
  'unsuspended',
  'approved',
  'refused',
  'reported',
  'corrected',
  'declined',
  'not a duplicate',
  'retried',
  'withdrawal requested',
  'operator created',
  'operator re-enabled',
  'payment',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One changed field: its value before and after as recorded (null when it had none), and, for an
 * id a reader cannot read (a state, a city, a book), its name as the API reads it now: the
 * state's or city's name, the book's JSBN (`beforeText`/`afterText`, left out for other fields).
 */
export const historyChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  beforeText: z.string().nullable().optional(),
  afterText: z.string().nullable().optional(),
});
export type HistoryChange = z.infer<typeof historyChange>;

/** One entry of the record. */
export const historyEntry = z.object({
  id: z.number().int(),
  /** When, ISO 8601. */
  at: z.string(),
  who: z.object({
    role: z.enum(AUDIT_ROLES),
    /**
     * The publisher's or library's name as it was when it acted (decision 063), 'JSBN operator',
     * 'System' or 'Visitor'.
     */
    name: z.string(),
    /** The publisher's or library's name today, only when it has been renamed since. */
    currentName: z.string().optional(),
    /** The acting account (the operators' list only; null for the system). */
    accountId: z.number().int().nullable().optional(),
    /** The acting account's e-mail when it acted (the operators' list only; null when not kept). */
    email: z.string().nullable().optional(),
  }),
  subject: z.object({
    type: z.enum(AUDIT_SUBJECTS),
    id: z.number().int(),
    /**
     * What the record is, as people know it (the operators' list only): a book's title and JSBN
     * ('Bhaktamar Stotra · AHM01-00001-7'), a publisher's or library's name today, an account's
     * e-mail; absent for other subjects and for a record no longer found.
     */
    name: z.string().optional(),
  }),
  /** What happened: created, updated, status changed, withdrawn, password changed, … */
  action: z.string(),
  changes: z.array(historyChange),
  reason: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** A book's history for its publisher, newest first. */
export const bookHistory = z.object({ entries: z.array(historyEntry) });
export type BookHistory = z.infer<typeof bookHistory>;

/** A date as YYYY-MM-DD (a day in India). */
const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .optional();

/** The operators' filters of the record (GET /api/operator/history and history.csv). */
export const historyQuery = z.object({
  subjectType: z.enum(AUDIT_SUBJECTS, `Subject must be one of ${AUDIT_SUBJECTS.join(', ')}`).optional(),
  subjectId: z.coerce
    .number('Subject id must be a number')
    .int('Subject id must be a number')
    .positive('Subject id must be a number')
    .max(2_147_483_647)
    .optional(),
  actor: z.coerce
    .number('Account must be a number')
    .int('Account must be a number')
    .positive('Account must be a number')
    .max(2_147_483_647)
    .optional(),
  action: z.string().max(100).optional(),
  /**
   * A JSBN (any case or hyphenation: the book's entries) or an e-mail address (the entries of its
   * accounts: what they did, and what was done to them, their publisher or library).
   */
  q: z.string().trim().max(254, 'Search by a JSBN or an e-mail address').optional(),
  /** First day, in India (inclusive). */
  from: day('From'),
  /** Last day, in India (inclusive). */
  to: day('To'),
  /** The `nextCursor` of the page before (keyset: entries older than it). */
  cursor: z.coerce.number('Cursor must be a number').int().positive().optional(),
  limit: z.coerce
    .number('Limit must be a number')
    .int()
    .min(1, 'Limit must be between 1 and 200')
    .max(200, 'Limit must be between 1 and 200')
    .default(50),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** A page of the operators' list, newest first; `nextCursor` null on the last page. */
export const historyPage = z.object({ entries: z.array(historyEntry), nextCursor: z.number().int().nullable() });
export type HistoryPage = z.infer<typeof historyPage>;
