/**
 * Helpers for writing the record of changes (lib/audit.ts, decision 042) from the services:
 * who acted, and a subject's fields before and after with what must never be stored left out.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { libraries, publishers } from '../db/schema.js';
import type { AuditActor, FieldChanges } from './audit.js';
import type { Actor } from './auth.js';

/** The record's actor of a logged-in caller. */
export const actorOf = (actor: Pick<Actor, 'accountId' | 'role'>): AuditActor => ({ accountId: actor.accountId, role: actor.role });

/**
 * The account of publisher `publisherId` as the record's actor (the services that take a
 * publisher id, not its account: book edit and uploads, the publisher's profile).
 */
export async function publisherActor(db: DbOrTx, publisherId: number): Promise<AuditActor> {
  const [row] = await db.select({ accountId: publishers.account_id }).from(publishers).where(eq(publishers.id, publisherId));
  return row ? { accountId: row.accountId, role: 'PUBLISHER' } : { accountId: null, role: 'SYSTEM' };
}

/** The account of library `libraryId` as the record's actor. */
export async function libraryActor(db: DbOrTx, libraryId: number): Promise<AuditActor> {
  const [row] = await db.select({ accountId: libraries.account_id }).from(libraries).where(eq(libraries.id, libraryId));
  return row ? { accountId: row.accountId, role: 'LIBRARY' } : { accountId: null, role: 'SYSTEM' };
}

/** The fields `keys` of `row` (missing ones as null), to compare with `changedFields`. */
export function pick<T extends Record<string, unknown>>(row: T, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, row[key] ?? null]));
}

/** Shown instead of a value the record never keeps (an Aadhaar number): only that it changed. */
export const WITHHELD = '•••';

/**
 * `changes` with the values of `fields` replaced by WITHHELD (null stays null): the record says
 * that an identity number changed, never the number (decision 042).
 */
export function withheld(changes: FieldChanges, fields: readonly string[]): FieldChanges {
  const kept: FieldChanges = { ...changes };
  for (const field of fields) {
    const change = kept[field];
    if (change) kept[field] = [change[0] === null ? null : WITHHELD, change[1] === null ? null : WITHHELD];
  }
  return kept;
}

/** The identity numbers of publishers and libraries whose values the record never keeps. */
export const WITHHELD_FIELDS = ['aadhar_no', 'bank_account_no'] as const;

/**
 * A stored file's key as the record keeps it: its file name only (the storage's folders say
 * nothing to a reader), or null.
 */
export const fileName = (key: string | null | undefined): string | null => (key ? key.split('/').at(-1)! : null);
