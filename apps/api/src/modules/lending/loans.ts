/**
 * The loans of a library's copies (decision 076). Lending a copy, its return and its renewal are
 * each one transaction that holds the copy's row and changes the loan and the copy's state
 * together (available → lent → available), with both in the record; a copy has one open loan at
 * most (`loans_open_holding_key`), so two desks lending the same copy at once lend it once.
 * Dates are India's days (dates.ts); a loan entered from the paper register keeps its past day
 * and is overdue as soon as its due date has passed.
 */
import {
  MSG,
  type LendingSettings,
  type LoanDto,
  type lendBody,
  type loanListQuery,
  type renewBody,
  type returnBody,
  type saveLendingSettingsBody,
  type InterfaceLanguage,
} from '@jsbn/shared';
import { and, asc, desc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { books, holdings, libraries, loans, members } from '../../db/schema.js';
import { changedFields, record } from '../../lib/audit.js';
import { AppError, isUniqueViolation, notFound, validationError } from '../../lib/errors.js';
import { exportDate, exportHeading, xlsxOf } from '../../lib/excel.js';
import { lookupCode, type LibraryActor } from '../holdings/service.js';
import { addDays, auditActor, indiaDay } from './dates.js';
import { activeMember } from './members.js';

type Lend = z.output<typeof lendBody>;
type Return = z.output<typeof returnBody>;
type Renew = z.output<typeof renewBody>;
type SaveLendingSettings = z.output<typeof saveLendingSettingsBody>;
type LoanList = z.output<typeof loanListQuery>;

/** The title a copy is shown by: its registered book's, or as described. */
const copyTitle = sql<string>`coalesce(${books.book_title}, ${holdings.title}, '')`;

/** The 409 for a copy lent already, naming it. */
export const alreadyLentMessage = (accession: string, title: string) =>
  `Copy ${accession} (${title}) is already lent; return it before lending it again`;

/** The columns a loan is read with: its own, its copy's accession number and title, its member's number and name. */
function selectLoans(db: DbOrTx) {
  return db
    .select({
      loan: loans,
      accession_number: holdings.accession_number,
      title: copyTitle,
      member_number: members.member_number,
      member_name: members.name,
    })
    .from(loans)
    .innerJoin(holdings, eq(holdings.id, loans.holding_id))
    .innerJoin(members, eq(members.id, loans.member_id))
    .leftJoin(books, eq(books.id, holdings.book_id));
}

type LoanRow = Awaited<ReturnType<ReturnType<typeof selectLoans>['execute']>>[number];

/** A loan as its library reads it; `today` (India's day) decides whether it is overdue. */
function toDto(row: LoanRow, today: string): LoanDto {
  const { loan } = row;
  return {
    id: loan.id,
    holding: { id: loan.holding_id, accession_number: row.accession_number, title: row.title },
    member: { id: loan.member_id, member_number: row.member_number, name: row.member_name },
    lent_on: loan.lent_on,
    due_on: loan.due_on,
    returned_on: loan.returned_on,
    renewals: loan.renewals,
    note: loan.note,
    overdue: loan.returned_on === null && loan.due_on !== null && loan.due_on < today,
  };
}

/** The library's loan `id`. @throws AppError 404 when it is not the library's */
async function loanOf(ctx: AppContext, db: DbOrTx, libraryId: number, id: number): Promise<LoanDto> {
  const [row] = await selectLoans(db).where(and(eq(loans.id, id), eq(loans.library_id, libraryId)));
  if (!row) throw notFound('Loan');
  return toDto(row, indiaDay(ctx.clock()));
}

/** The library's lending settings as its row holds them. */
async function settingsOf(db: DbOrTx, libraryId: number): Promise<LendingSettings> {
  const [row] = await db
    .select({ loan_period_days: libraries.loan_period_days, sadhu_no_due: libraries.sadhu_no_due })
    .from(libraries)
    .where(eq(libraries.id, libraryId));
  return { loan_period_days: row?.loan_period_days ?? null, sadhu_no_due: row?.sadhu_no_due ?? false };
}

/**
 * The days a loan to `member` runs under the library's settings: its loan period, or null (no
 * due date) when it has none or the member is a sadhu or sadhvi and the library says their loans
 * have none (a vihar).
 */
async function loanPeriod(db: DbOrTx, libraryId: number, member: Pick<typeof members.$inferSelect, 'kind'>): Promise<number | null> {
  const settings = await settingsOf(db, libraryId);
  if (settings.sadhu_no_due && member.kind === 'sadhu_sadhvi') return null;
  return settings.loan_period_days;
}

/** The library's lending settings: `{ loan_period_days, sadhu_no_due }`. */
export async function readLendingSettings(ctx: AppContext, libraryId: number): Promise<LendingSettings> {
  return settingsOf(ctx.db, libraryId);
}

/**
 * Sets the library's loan period (days, or null for none) and, when given, whether a sadhu's or
 * sadhvi's loan has no due date, with the change in the record.
 * @returns the settings as saved
 */
export async function saveLendingSettings(ctx: AppContext, actor: LibraryActor, input: SaveLendingSettings): Promise<LendingSettings> {
  return ctx.db.transaction(async (tx) => {
    const before = await settingsOf(tx, actor.libraryId);
    const after: LendingSettings = {
      loan_period_days: input.loan_period_days,
      sadhu_no_due: input.sadhu_no_due ?? before.sadhu_no_due,
    };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length > 0) {
      await tx
        .update(libraries)
        .set({ ...after, updated_at: ctx.clock() })
        .where(eq(libraries.id, actor.libraryId));
      await record(tx, {
        actor: auditActor(actor),
        subject: 'library',
        subjectId: actor.libraryId,
        action: 'updated',
        changes,
      });
    }
    return after;
  });
}

/** The library's copy `id` with its title, held for transaction `tx`. @throws AppError 404 when it is not the library's */
async function heldCopy(tx: DbOrTx, libraryId: number, id: number) {
  const [copy] = await tx
    .select({ id: holdings.id, accession_number: holdings.accession_number, state: holdings.state, title: copyTitle })
    .from(holdings)
    .leftJoin(books, eq(books.id, holdings.book_id))
    .where(and(eq(holdings.id, id), eq(holdings.library_id, libraryId)))
    .for('update', { of: holdings });
  if (!copy) throw notFound('Copy');
  return copy;
}

/**
 * The copy a scanned or typed code names, through the holdings lookup: an accession number names
 * its copy; a JSBN (or its page's address) or an ISBN-13 names the library's first copy of the
 * book in `state` (by accession number).
 * @throws AppError 404 naming the code when nothing of the library matches; 409 when no copy of the book is in `state`
 */
async function copyByCode(ctx: AppContext, libraryId: number, code: string, state: 'available' | 'lent'): Promise<number> {
  const found = await lookupCode(ctx, libraryId, code);
  if (found.holding) return found.holding.id;
  const ofBook = found.book ? eq(holdings.book_id, found.book.id) : eq(holdings.isbn, code.replace(/[\s-]/g, ''));
  const copies = await ctx.db
    .select({ id: holdings.id })
    .from(holdings)
    .where(and(eq(holdings.library_id, libraryId), ofBook, eq(holdings.state, state)))
    .orderBy(asc(holdings.accession_no), asc(holdings.id))
    .limit(2);
  const title = found.book?.book_title ?? code;
  if (copies.length === 0)
    throw new AppError('CONFLICT', state === 'available' ? `No copy of ${title} is on the shelves to lend` : `No copy of ${title} is lent`);
  if (state === 'lent' && copies.length > 1)
    throw new AppError('CONFLICT', `More than one copy of ${title} is lent: scan or type the copy’s accession number`);
  return copies[0]!.id;
}

/**
 * Lends the library's copy (by `code` or `holdingId`) to its active member `memberId`: lent on
 * `lent_on` (today unless a past day from the paper register), due on `due_on` (absent: the
 * library's loan period after lent_on, or none; null: none). The copy's state becomes lent in
 * the same transaction.
 * @returns the loan
 * @throws AppError 404 when the copy or member is not the library's; 409 naming the copy when it is lent or not on the shelves; 400 naming `memberId`, `lent_on` or `due_on`
 */
export async function lend(ctx: AppContext, actor: LibraryActor, input: Lend): Promise<LoanDto> {
  const today = indiaDay(ctx.clock());
  const lentOn = input.lent_on ?? today;
  if (lentOn > today) throw validationError([{ field: 'lent_on', message: MSG.loanLentOn }]);
  if (input.due_on && input.due_on < lentOn) throw validationError([{ field: 'due_on', message: MSG.loanDueOn }]);
  const holdingId = input.holdingId ?? (await copyByCode(ctx, actor.libraryId, input.code!, 'available'));
  let named: { accession_number: string; title: string } | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const member = await activeMember(tx, actor.libraryId, input.memberId);
      const copy = await heldCopy(tx, actor.libraryId, holdingId);
      named = copy;
      if (copy.state === 'lent') throw new AppError('CONFLICT', alreadyLentMessage(copy.accession_number, copy.title));
      if (copy.state === 'missing')
        throw new AppError('CONFLICT', `Copy ${copy.accession_number} is not on the shelves: it is recorded missing`);
      if (copy.state === 'withdrawn')
        throw new AppError('CONFLICT', `Copy ${copy.accession_number} is not on the shelves: it was withdrawn`);
      const period = input.due_on === undefined ? await loanPeriod(tx, actor.libraryId, member) : null;
      const dueOn = input.due_on === undefined ? (period ? addDays(lentOn, period) : null) : input.due_on;
      const [loan] = await tx
        .insert(loans)
        .values({
          library_id: actor.libraryId,
          holding_id: copy.id,
          member_id: member.id,
          lent_on: lentOn,
          due_on: dueOn,
          note: input.note ?? null,
        })
        .returning({ id: loans.id });
      await tx.update(holdings).set({ state: 'lent', state_reason: null, updated_at: ctx.clock() }).where(eq(holdings.id, copy.id));
      await record(
        tx,
        {
          actor: auditActor(actor),
          subject: 'loan',
          subjectId: loan!.id,
          action: 'created',
          changes: { holding_id: [null, copy.id], member_id: [null, member.id], lent_on: [null, lentOn], due_on: [null, dueOn] },
        },
        {
          actor: auditActor(actor),
          subject: 'holding',
          subjectId: copy.id,
          action: 'status changed',
          changes: { state: ['available', 'lent'] },
        },
      );
      return loanOf(ctx, tx, actor.libraryId, loan!.id);
    });
  } catch (error) {
    // another desk lent the copy between our read and our write
    const copy = named as { accession_number: string; title: string } | null;
    if (copy && isUniqueViolation(error, 'loans_open_holding_key'))
      throw new AppError('CONFLICT', alreadyLentMessage(copy.accession_number, copy.title));
    throw error;
  }
}

/**
 * A copy comes back (by its `code` or `holdingId`, or by the `loanId`): its open loan is returned
 * today and the copy is on the shelves again, in one transaction.
 * @returns the returned loan
 * @throws AppError 404 when the copy or loan is not the library's; 409 when the copy is not lent or the loan was returned
 */
export async function returnCopy(ctx: AppContext, actor: LibraryActor, input: Return): Promise<LoanDto> {
  const today = indiaDay(ctx.clock());
  const holdingId = input.code ? await copyByCode(ctx, actor.libraryId, input.code, 'lent') : input.holdingId;
  return ctx.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: loans.id, holding_id: loans.holding_id, returned_on: loans.returned_on })
      .from(loans)
      .where(
        and(
          eq(loans.library_id, actor.libraryId),
          holdingId ? and(eq(loans.holding_id, holdingId), isNull(loans.returned_on)) : eq(loans.id, input.loanId!),
        ),
      )
      .for('update');
    if (!open) {
      if (!holdingId) throw notFound('Loan');
      const copy = await heldCopy(tx, actor.libraryId, holdingId);
      throw new AppError('CONFLICT', `Copy ${copy.accession_number} is not lent`);
    }
    if (open.returned_on) throw new AppError('CONFLICT', MSG.loanReturned);
    await heldCopy(tx, actor.libraryId, open.holding_id);
    await tx.update(loans).set({ returned_on: today, updated_at: ctx.clock() }).where(eq(loans.id, open.id));
    await tx
      .update(holdings)
      .set({ state: 'available', updated_at: ctx.clock() })
      .where(and(eq(holdings.id, open.holding_id), eq(holdings.state, 'lent')));
    await record(
      tx,
      { actor: auditActor(actor), subject: 'loan', subjectId: open.id, action: 'status changed', changes: { returned_on: [null, today] } },
      {
        actor: auditActor(actor),
        subject: 'holding',
        subjectId: open.holding_id,
        action: 'status changed',
        changes: { state: ['lent', 'available'] },
      },
    );
    return loanOf(ctx, tx, actor.libraryId, open.id);
  });
}

/**
 * Moves the due date of the library's open loan `id` to `due_on` (absent: the loan period after
 * today, or none; null: none).
 * @throws AppError 404 when the loan is not the library's; 409 when it was returned; 400 naming `due_on` before the day it was lent
 */
export async function renew(ctx: AppContext, actor: LibraryActor, id: number, input: Renew): Promise<LoanDto> {
  const today = indiaDay(ctx.clock());
  return ctx.db.transaction(async (tx) => {
    const [loan] = await tx
      .select()
      .from(loans)
      .where(and(eq(loans.id, id), eq(loans.library_id, actor.libraryId)))
      .for('update');
    if (!loan) throw notFound('Loan');
    if (loan.returned_on) throw new AppError('CONFLICT', MSG.loanReturned);
    let dueOn: string | null;
    if (input.due_on === undefined) {
      const [member] = await tx.select({ kind: members.kind }).from(members).where(eq(members.id, loan.member_id));
      const period = await loanPeriod(tx, actor.libraryId, member!);
      dueOn = period ? addDays(today, period) : null;
    } else dueOn = input.due_on;
    if (dueOn && dueOn < loan.lent_on) throw validationError([{ field: 'due_on', message: MSG.loanDueOn }]);
    await tx
      .update(loans)
      .set({ due_on: dueOn, renewals: loan.renewals + 1, updated_at: ctx.clock() })
      .where(eq(loans.id, id));
    await record(tx, {
      actor: auditActor(actor),
      subject: 'loan',
      subjectId: id,
      action: 'updated',
      changes: { due_on: [loan.due_on, dueOn] },
    });
    return loanOf(ctx, tx, actor.libraryId, id);
  });
}

/** The conditions of a list of loans. */
function loanConditions(libraryId: number, query: LoanList, today: string): SQL {
  const filters: SQL[] = [eq(loans.library_id, libraryId)];
  if (query.status === 'open') filters.push(isNull(loans.returned_on));
  if (query.status === 'overdue') filters.push(isNull(loans.returned_on), lt(loans.due_on, today));
  if (query.status === 'returned') filters.push(isNotNull(loans.returned_on));
  if (query.memberId) filters.push(eq(loans.member_id, query.memberId));
  if (query.holdingId) filters.push(eq(loans.holding_id, query.holdingId));
  return and(...filters)!;
}

/** The order of a list: lent now and overdue by due date (none last); returned and all newest first. */
const loanOrder = (query: LoanList) =>
  query.status === 'open' || query.status === 'overdue'
    ? [sql`${loans.due_on} asc nulls last`, asc(loans.id)]
    : [desc(loans.lent_on), desc(loans.id)];

/**
 * A page of the library's loans: lent now, overdue, returned or all; of a member (`memberId`)
 * or a copy (`holdingId`: its history).
 * @returns `{ rows, total }`
 */
export async function listLoans(ctx: AppContext, libraryId: number, query: LoanList): Promise<{ rows: LoanDto[]; total: number }> {
  const today = indiaDay(ctx.clock());
  const where = loanConditions(libraryId, query, today);
  const limit = query.limit === 'all' ? 100_000 : Number(query.limit);
  const rows = await selectLoans(ctx.db)
    .where(where)
    .orderBy(...loanOrder(query))
    .limit(limit)
    .offset((query.pageNo - 1) * limit);
  const [counted] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(loans)
    .where(where);
  return { rows: rows.map((row) => toDto(row, today)), total: counted?.total ?? 0 };
}

/** The library's loans of `query` (every page) as an Excel sheet, headed in `lng` (lib/excel.ts). */
export async function exportLoans(ctx: AppContext, libraryId: number, query: LoanList, lng: InterfaceLanguage): Promise<Buffer> {
  const { rows } = await listLoans(ctx, libraryId, { ...query, pageNo: 1, limit: 'all' });
  const heading = (key: string) => exportHeading(lng, key);
  const day = (value: string | null) => (value ? exportDate(`${value}T12:00:00Z`) : '');
  return xlsxOf<LoanDto>(
    [
      { header: heading('srNo'), width: 6, value: (_row, index) => index + 1 },
      { header: heading('accessionNumber'), width: 14, value: (row) => row.holding.accession_number },
      { header: heading('title'), width: 40, value: (row) => row.holding.title },
      { header: heading('memberNumber'), width: 12, value: (row) => row.member.member_number },
      { header: heading('member'), width: 30, value: (row) => row.member.name },
      { header: heading('lentOn'), width: 12, value: (row) => day(row.lent_on) },
      { header: heading('dueOn'), width: 12, value: (row) => day(row.due_on) },
      { header: heading('returnedOn'), width: 12, value: (row) => day(row.returned_on) },
      { header: heading('overdue'), width: 10, value: (row) => (row.overdue ? heading('yes') : '') },
    ],
    rows,
  );
}
