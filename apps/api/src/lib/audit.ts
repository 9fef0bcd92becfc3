/**
 * The registry's record of every change (decision 042): who acted, in which role, on what,
 * each changed field's before → after, and why. Entries are written with the same transaction
 * as the change they describe, so a change and its record land together or not at all; the
 * table is append-only (the triggers of migrations 0022 and 0029 refuse UPDATE, DELETE and TRUNCATE).
 * Each entry keeps the actor's name and e-mail as they were when it acted (decision 063), so a
 * later rename does not rewrite the history.
 */
import type { AuditAction } from '@jsbn/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { accounts, audit_log, libraries, publishers } from '../db/schema.js';

/** Who made a change: an account in its role, or the system (imports, housekeeping) or a visitor. */
export type AuditActor =
  { accountId: number; role: 'PUBLISHER' | 'LIBRARY' | 'OPERATOR' } | { accountId: null; role: 'SYSTEM' | 'VISITOR' };

/** The system itself: imports, housekeeping, background jobs. */
export const SYSTEM_ACTOR: AuditActor = { accountId: null, role: 'SYSTEM' };

/** What an entry is about. */
export type AuditSubject = (typeof audit_log.$inferInsert)['subject_type'];

/** Each changed field of a subject: `{ field: [before, after] }`. */
export type FieldChanges = Record<string, [unknown, unknown]>;

/** One entry of the record. */
export interface AuditEntry {
  actor: AuditActor;
  subject: AuditSubject;
  subjectId: number;
  /** What happened, a verb in the past: created, updated, withdrawn, verified, suspended, … */
  action: AuditAction;
  changes?: FieldChanges;
  /** Why, where the actor gave a reason. */
  reason?: string | null;
}

/**
 * The fields of `after` whose value differs from `before` (compared as JSON, so dates and
 * arrays compare by value), as `{ field: [before, after] }`. Fields absent from `after` are
 * unchanged.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changes[field] = [old, value ?? null];
  }
  return changes;
}

/**
 * The acting account's name and e-mail as the database holds them now, as SQL values for an
 * insert into the record: the publisher's or library's name (null for an operator, which has
 * none, and for a profile not yet made) and the account's e-mail; both null without an account.
 * The SQL text is the same for every actor (its values are parameters), so a named statement
 * may hold it.
 */
export function actorNow(actor: AuditActor): { actor_name: SQL; actor_email: SQL } {
  const id = actor.accountId;
  return {
    actor_name: sql`(select case ${actor.role}::text
      when 'PUBLISHER' then (select ${publishers.publisher_name} from ${publishers} where ${publishers.account_id} = ${id}::int limit 1)
      when 'LIBRARY' then (select ${libraries.name} from ${libraries} where ${libraries.account_id} = ${id}::int limit 1) end)`,
    actor_email: sql`(select ${accounts.email} from ${accounts} where ${accounts.id} = ${id}::int)`,
  };
}

/**
 * Appends entries to the record with `db` — pass the transaction of the change itself. The
 * actor's name and e-mail are read in the same statement (`actorNow`).
 * @throws whatever the database throws; the caller's transaction then rolls back with its change
 */
export async function record(db: DbOrTx, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(audit_log).values(
    entries.map((entry) => ({
      actor_account_id: entry.actor.accountId,
      actor_role: entry.actor.role,
      ...actorNow(entry.actor),
      subject_type: entry.subject,
      subject_id: entry.subjectId,
      action: entry.action,
      changes: entry.changes ?? {},
      reason: entry.reason ?? null,
    })),
  );
}
