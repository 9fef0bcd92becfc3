/**
 * A library's members (decision 076): the people and institutions its lending desk lends to.
 * Personal data: only the library's own accounts read them (another library's member is a 404);
 * the record keeps which fields changed but not the name, phone or e-mail themselves. A member
 * removed from the lending list is inactive and their loans stay.
 */
import { MSG, type MemberDto, type addMemberBody, type memberListQuery, type updateMemberBody } from '@jsbn/shared';
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { libraries, members } from '../../db/schema.js';
import { changedFields, record, type FieldChanges } from '../../lib/audit.js';
import { isUniqueViolation, notFound, validationError } from '../../lib/errors.js';
import { REDACTED } from '../../lib/outbox.js';
import type { LibraryActor } from '../holdings/service.js';
import { auditActor } from './dates.js';

type AddMember = z.output<typeof addMemberBody>;
type UpdateMember = z.output<typeof updateMemberBody>;
type MemberList = z.output<typeof memberListQuery>;

/** The fields of a member the record names as changed without their values. */
const PERSONAL = new Set(['name', 'phone', 'email', 'note']);

/** `changes` with the personal fields' values replaced by `[redacted]`. */
const withoutPersonal = (changes: FieldChanges): FieldChanges =>
  Object.fromEntries(Object.entries(changes).map(([field, pair]) => [field, PERSONAL.has(field) ? [REDACTED, REDACTED] : pair]));

/** The copies a member has now (open loans). */
const lentCount = sql<number>`(select count(*)::int from "loans" as "open_loans" where "open_loans"."member_id" = "members"."id" and "open_loans"."returned_on" is null)`;

const memberColumns = { member: members, lent: lentCount };

type MemberRow = { member: typeof members.$inferSelect; lent: number };

/** A member as their library reads them. */
function toDto({ member, lent }: MemberRow): MemberDto {
  return {
    id: member.id,
    member_number: member.member_number,
    name: member.name,
    phone: member.phone,
    email: member.email,
    language: member.language,
    kind: member.kind,
    note: member.note,
    reminders: member.reminders,
    active: member.active,
    lent: Number(lent),
    created_at: member.created_at.toISOString(),
  };
}

/** The library's member `id`. @throws AppError 404 when they are not this library's */
export async function memberOf(db: DbOrTx, libraryId: number, id: number): Promise<MemberDto> {
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .where(and(eq(members.id, id), eq(members.library_id, libraryId)));
  if (!row) throw notFound('Member');
  return toDto(row);
}

/** The member number the library's next member gets: the largest all-digit number plus one (1 for the first). */
async function nextMemberNumber(tx: DbOrTx, libraryId: number): Promise<string> {
  const [row] = await tx
    .select({
      largest: sql<string | null>`max(case when ${members.member_number} ~ '^[0-9]{1,15}$' then ${members.member_number}::bigint end)`,
    })
    .from(members)
    .where(eq(members.library_id, libraryId));
  return String(Number(row?.largest ?? 0) + 1);
}

/** Runs `work`, answering a unique violation of the member number as the 400 naming the field. */
async function withMemberNumber<T>(number: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (number && isUniqueViolation(error, 'members_library_number_key'))
      throw validationError([{ field: 'member_number', message: `Member number ${number} is already used by another member` }]);
    throw error;
  }
}

/**
 * Adds a member to the library's lending list, with the library's next member number unless one
 * is given (the library's row is held for the transaction, so two added at once never draw the
 * same number).
 * @throws AppError 400 naming `member_number` when another member has it
 */
export async function addMember(ctx: AppContext, actor: LibraryActor, input: AddMember): Promise<MemberDto> {
  return withMemberNumber(input.member_number || undefined, () =>
    ctx.db.transaction(async (tx) => {
      await tx.select({ id: libraries.id }).from(libraries).where(eq(libraries.id, actor.libraryId)).for('update');
      const number = input.member_number || (await nextMemberNumber(tx, actor.libraryId));
      const [row] = await tx
        .insert(members)
        .values({
          library_id: actor.libraryId,
          member_number: number,
          name: input.name,
          phone: input.phone,
          email: input.email ?? null,
          language: input.language,
          kind: input.kind,
          note: input.note ?? null,
          reminders: input.reminders,
        })
        .returning({ id: members.id });
      await record(tx, {
        actor: auditActor(actor),
        subject: 'member',
        subjectId: row!.id,
        action: 'created',
        changes: { member_number: [null, number] },
      });
      return memberOf(tx, actor.libraryId, row!.id);
    }),
  );
}

/**
 * Changes the library's member `id` (absent fields unchanged); `active: false` removes them from
 * the lending list, their loans staying in the record.
 * @throws AppError 404 when the member is not the library's; 400 naming `member_number` when another member has it
 */
export async function updateMember(ctx: AppContext, actor: LibraryActor, id: number, input: UpdateMember): Promise<MemberDto> {
  return withMemberNumber(input.member_number, () =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(members)
        .where(and(eq(members.id, id), eq(members.library_id, actor.libraryId)))
        .for('update');
      if (!before) throw notFound('Member');
      const after = {
        name: input.name,
        phone: input.phone,
        email: input.email,
        language: input.language,
        kind: input.kind,
        note: input.note,
        member_number: input.member_number,
        reminders: input.reminders,
        active: input.active,
      };
      const changes = changedFields(before, after);
      if (Object.keys(changes).length > 0) {
        await tx
          .update(members)
          .set({ ...after, updated_at: ctx.clock() })
          .where(eq(members.id, id));
        await record(tx, {
          actor: auditActor(actor),
          subject: 'member',
          subjectId: id,
          action: 'updated',
          changes: withoutPersonal(changes),
        });
      }
      return memberOf(tx, actor.libraryId, id);
    }),
  );
}

/** `text` for a LIKE pattern: its `%`, `_` and `\` matched as themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A page of the library's members by name (active ones unless `all`), found by what was typed:
 * words of the name (any case), the phone's digits or the member number.
 * @returns `{ rows, total }`
 */
export async function listMembers(ctx: AppContext, libraryId: number, query: MemberList): Promise<{ rows: MemberDto[]; total: number }> {
  const filters: SQL[] = [eq(members.library_id, libraryId)];
  if (!query.all) filters.push(eq(members.active, true));
  if (query.queryString) {
    const typed = query.queryString.normalize('NFC').trim();
    const digits = typed.replace(/\D/g, '');
    filters.push(
      or(
        sql`lower(${members.name}) like ${`%${likeEscaped(typed.toLowerCase())}%`}`,
        eq(members.member_number, typed.toUpperCase()),
        ...(digits.length >= 4 ? [sql`${members.phone} like ${`%${digits}%`}`] : []),
      )!,
    );
  }
  const where = and(...filters);
  const limit = query.limit === 'all' ? 100_000 : Number(query.limit);
  const rows = await ctx.db
    .select(memberColumns)
    .from(members)
    .where(where)
    .orderBy(asc(members.name), asc(members.id))
    .limit(limit)
    .offset((query.pageNo - 1) * limit);
  const [counted] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(members)
    .where(where);
  return { rows: rows.map(toDto), total: counted?.total ?? 0 };
}

/** The library's active member `id`, held for transaction `tx`. @throws AppError 404 when not the library's; 400 naming `memberId` when removed */
export async function activeMember(tx: DbOrTx, libraryId: number, id: number): Promise<typeof members.$inferSelect> {
  const [member] = await tx
    .select()
    .from(members)
    .where(and(eq(members.id, id), eq(members.library_id, libraryId)));
  if (!member) throw notFound('Member');
  if (!member.active) throw validationError([{ field: 'memberId', message: MSG.memberInactive }]);
  return member;
}
