/**
 * The operators' moderation (decision 043): withdraw, never delete; suspend, never erase; the
 * publishers' verification queue with its thread; the claims queue of imported publishers
 * (decision 014). Every action is written with its record (lib/audit.ts) in one transaction,
 * and every change a visitor could see forgets the cached public pages.
 */
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  formatJsbn,
  normalizeJsbn,
  type ClaimItem,
  type InterfaceLanguage,
  type OperatorBook,
  type PublisherThread,
  type VerificationItem,
  type VerificationState,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, books, libraries, publisher_claims, publisher_messages, publishers } from '../../db/schema.js';
import { record, type AuditActor } from '../../lib/audit.js';
import { AppError, notFound, validationError } from '../../lib/errors.js';
import { noticeText } from '../../lib/notices.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { publicPagesChanged } from '../../lib/public-pages.js';
import { reinstateBook, withdrawBook } from '../books/withdrawal.js';
import { cityName, cityNamesOf, stateName } from '../lookups/geo.js';

/** An operator acting (the record's actor). */
export const operatorActor = (accountId: number): AuditActor => ({ accountId, role: 'OPERATOR' });

/** Formats a time as the replies give it. */
const iso = (value: Date | null) => (value ? value.toISOString() : null);

// ---------------------------------------------------------------- books

/**
 * A book as the operator finds it by JSBN (any case or hyphenation), withdrawn or not.
 * @throws AppError 404 'Book not found'
 */
export async function operatorBookByJsbn(ctx: AppContext, jsbn: string): Promise<OperatorBook> {
  const canonical = normalizeJsbn(jsbn);
  const [row] = canonical
    ? await ctx.db
        .select({ book: books, publisher_name: publishers.publisher_name })
        .from(books)
        .innerJoin(publishers, eq(publishers.id, books.publisher_id))
        .where(eq(books.jsbn_number, canonical))
    : [];
  if (!row) throw notFound('Book');
  const [other] =
    row.book.duplicate_of === null
      ? []
      : await ctx.db.select({ jsbn: books.jsbn_number }).from(books).where(eq(books.id, row.book.duplicate_of));
  return {
    id: row.book.id,
    jsbn_number: formatJsbn(row.book.jsbn_number),
    book_title: row.book.book_title,
    publisher_id: row.book.publisher_id,
    publisher_name: row.publisher_name,
    withdrawn_at: iso(row.book.withdrawn_at),
    withdrawn_reason: row.book.withdrawn_reason,
    see_jsbn: other ? formatJsbn(other.jsbn) : null,
  };
}

/**
 * Withdraws a book (POST /operator/books/:id/withdraw): its page answers 410 with the date and
 * `reason`, and 'See JSBN …' when `duplicateOfJsbn` names the book it duplicates.
 * @throws AppError 404 unknown book; 400 'duplicate_of_jsbn' when that JSBN is no book, or is
 *   the book itself; 409 'This book is withdrawn already'
 */
export async function withdrawByOperator(
  ctx: AppContext,
  operatorId: number,
  bookId: number,
  reason: string,
  duplicateOfJsbn: string | undefined,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    let duplicateOf: number | null = null;
    if (duplicateOfJsbn !== undefined) {
      const canonical = normalizeJsbn(duplicateOfJsbn);
      const [other] = canonical ? await tx.select({ id: books.id }).from(books).where(eq(books.jsbn_number, canonical)) : [];
      if (!other) throw validationError([{ field: 'duplicate_of_jsbn', message: `No book is registered with JSBN ${duplicateOfJsbn}` }]);
      if (other.id === bookId) throw validationError([{ field: 'duplicate_of_jsbn', message: 'A book cannot duplicate itself' }]);
      duplicateOf = other.id;
    }
    const changed = await withdrawBook(ctx, tx, { bookId, reason, duplicateOf, actor: operatorActor(operatorId) });
    if (!changed) throw new AppError('CONFLICT', 'This book is withdrawn already');
  });
}

/**
 * Reinstates a withdrawn book (POST /operator/books/:id/reinstate).
 * @throws AppError 404 unknown book; 409 'This book is not withdrawn'
 */
export async function reinstateByOperator(ctx: AppContext, operatorId: number, bookId: number, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const changed = await reinstateBook(ctx, tx, bookId, operatorActor(operatorId), reason);
    if (!changed) throw new AppError('CONFLICT', 'This book is not withdrawn');
  });
}

// ---------------------------------------------------------------- suspensions

/** Whose account an operator suspends. */
export type Suspendable = 'publisher' | 'library';

/** The account of a publisher or library profile, with what its notices need. @throws AppError 404 */
async function accountOf(db: DbOrTx, kind: Suspendable, profileId: number) {
  const table = kind === 'publisher' ? publishers : libraries;
  const [row] = await db
    .select({
      accountId: accounts.id,
      email: accounts.email,
      language: accounts.preferred_language,
      suspended_at: accounts.suspended_at,
      suspended_reason: accounts.suspended_reason,
    })
    .from(table)
    .innerJoin(accounts, eq(accounts.id, table.account_id))
    .where(eq(table.id, profileId));
  if (!row) throw notFound(kind === 'publisher' ? 'Publisher' : 'Library');
  return row;
}

/**
 * Suspends (`reason` given) or lifts the suspension of (`reason` null) a publisher's or a
 * library's account, within `tx`: sets `suspended_at`/`suspended_reason`, bumps `token_version`
 * so its tokens stop at once, records it, and — for a publisher — hides (or shows again) its
 * books and its page: they are marked changed so caches and harvesters see it.
 * @returns false when the account already was in that state (nothing changes)
 * @throws AppError 404 unknown profile
 */
export async function setSuspension(
  ctx: AppContext,
  tx: DbOrTx,
  kind: Suspendable,
  profileId: number,
  actor: AuditActor,
  reason: string | null,
  why: string | null = reason,
): Promise<boolean> {
  const account = await accountOf(tx, kind, profileId);
  const now = ctx.clock();
  const suspending = reason !== null;
  const changed = await tx
    .update(accounts)
    .set({
      suspended_at: suspending ? now : null,
      suspended_reason: reason,
      token_version: sql`${accounts.token_version} + 1`,
      updated_at: now,
    })
    .where(and(eq(accounts.id, account.accountId), suspending ? isNull(accounts.suspended_at) : isNotNull(accounts.suspended_at)))
    .returning({ id: accounts.id });
  if (changed.length === 0) return false;
  await record(tx, {
    actor,
    subject: kind,
    subjectId: profileId,
    action: suspending ? 'suspended' : 'unsuspended',
    changes: {
      suspended_at: [iso(account.suspended_at), iso(suspending ? now : null)],
      suspended_reason: [account.suspended_reason, reason],
    },
    reason: why,
  });
  if (kind === 'publisher') {
    // its books' change time moves: an OAI harvester deletes them, and gets them back when lifted
    await tx.update(books).set({ updated_at: now }).where(eq(books.publisher_id, profileId));
    await publicPagesChanged(tx, ctx.publicPages, profileId);
  }
  return true;
}

/**
 * Suspends or lifts an account by an operator (POST /operator/{publishers|libraries}/:id/suspend
 * and /unsuspend).
 * @throws AppError 404; 409 'This account is suspended already' / 'This account is not suspended'
 */
export async function suspendByOperator(
  ctx: AppContext,
  operatorId: number,
  kind: Suspendable,
  profileId: number,
  reason: string | null,
  why: string | null = reason,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const changed = await setSuspension(ctx, tx, kind, profileId, operatorActor(operatorId), reason, why);
    if (!changed) throw new AppError('CONFLICT', reason !== null ? 'This account is suspended already' : 'This account is not suspended');
  });
}

// ---------------------------------------------------------------- verification

/** The thread of each publisher of `publisherIds`, oldest message first. */
async function threadsOf(db: DbOrTx, publisherIds: number[]) {
  const threads = new Map<number, PublisherThread['thread']>();
  if (publisherIds.length === 0) return threads;
  const rows = await db
    .select()
    .from(publisher_messages)
    .where(sql`${publisher_messages.publisher_id} = any(${sql.param(publisherIds)}::int[])`)
    .orderBy(asc(publisher_messages.id));
  for (const row of rows) {
    const list = threads.get(row.publisher_id) ?? [];
    list.push({ id: row.id, from_role: row.from_role, body: row.body, created_at: row.created_at.toISOString() });
    threads.set(row.publisher_id, list);
  }
  return threads;
}

/** Most publishers one queue page lists (oldest first): an operator works through them in order. */
export const QUEUE_LIMIT = 200;

/** The newest books of a verification item, to open and check. */
const QUEUE_BOOKS = 5;

/**
 * The verification queue (GET /operator/publishers?verification=): the publishers in that state
 * whose e-mail was confirmed (a registration abandoned before its code is not a publisher yet),
 * oldest registration first, with what an operator checks — logo, address, GST number, when its
 * e-mail was confirmed, its newest books — its books count, registration date and thread.
 */
export async function verificationQueue(ctx: AppContext, state: VerificationState): Promise<VerificationItem[]> {
  const rows = await ctx.db
    .select({
      publisher: publishers,
      email: accounts.email,
      email_verified_at: accounts.email_verified_at,
      suspended_at: accounts.suspended_at,
      suspended_reason: accounts.suspended_reason,
    })
    .from(publishers)
    .innerJoin(accounts, eq(accounts.id, publishers.account_id))
    .where(and(eq(publishers.verification, state), isNotNull(accounts.email_verified_at)))
    .orderBy(asc(publishers.created_at), asc(publishers.id))
    .limit(QUEUE_LIMIT);
  const ids = rows.map((row) => row.publisher.id);
  const [threads, newest] = await Promise.all([threadsOf(ctx.db, ids), newestBooks(ctx.db, ids)]);
  return rows.map(({ publisher, email, email_verified_at, suspended_at, suspended_reason }) => {
    const thread = threads.get(publisher.id) ?? [];
    return {
      id: publisher.id,
      publisher_no: publisher.publisher_no,
      publisher_name: publisher.publisher_name,
      publisher_type: publisher.publisher_type,
      logo: publisher.logo_key ? ctx.storage.url(publisher.logo_key) : null,
      gst_no: publisher.gst_no,
      books: newest.get(publisher.id) ?? [],
      email,
      // never null here: the query keeps confirmed registrations only
      email_verified_at: email_verified_at!.toISOString(),
      mobile_no: publisher.mobile_no,
      whatsapp_no: publisher.whatsapp_no,
      address: publisher.address,
      town: publisher.town,
      city_name: cityName(publisher.city_id),
      city_names: cityNamesOf(publisher.city_id),
      state_name: stateName(publisher.state_id),
      books_count: publisher.book_count,
      registered_at: publisher.created_at.toISOString(),
      verification: publisher.verification,
      verified: publisher.verification === 'VERIFIED',
      suspended_at: iso(suspended_at),
      suspended_reason,
      answered: thread.at(-1)?.from_role === 'PUBLISHER',
      thread,
    };
  });
}

/** The newest `QUEUE_BOOKS` books of each publisher (withdrawn ones too: an operator checks what was registered), by publisher id; one bounded query each. */
async function newestBooks(db: DbOrTx, publisherIds: number[]): Promise<Map<number, { jsbn_number: string; book_title: string }[]>> {
  const lists = await Promise.all(
    publisherIds.map((publisherId) =>
      db
        .select({ jsbn_number: books.jsbn_number, book_title: books.book_title })
        .from(books)
        .where(eq(books.publisher_id, publisherId))
        .orderBy(desc(books.id))
        .limit(QUEUE_BOOKS),
    ),
  );
  return new Map(publisherIds.map((publisherId, index) => [publisherId, lists[index]!]));
}

/** A publisher with what its notices need. @throws AppError 404 */
async function publisherToTell(db: DbOrTx, publisherId: number) {
  const [row] = await db
    .select({
      id: publishers.id,
      verification: publishers.verification,
      publisher_name: publishers.publisher_name,
      whatsapp_no: publishers.whatsapp_no,
      email: accounts.email,
      language: accounts.preferred_language,
    })
    .from(publishers)
    .innerJoin(accounts, eq(accounts.id, publishers.account_id))
    .where(eq(publishers.id, publisherId));
  if (!row) throw notFound('Publisher');
  return row;
}

/** Sets a publisher's verification within `tx` and records it. */
async function setVerification(
  ctx: AppContext,
  tx: DbOrTx,
  publisherId: number,
  from: VerificationState,
  to: VerificationState,
  actor: AuditActor,
  reason: string | null,
) {
  const now = ctx.clock();
  await tx
    .update(publishers)
    .set({ verification: to, verified_at: to === 'VERIFIED' ? now : null, updated_at: now })
    .where(eq(publishers.id, publisherId));
  await record(tx, {
    actor,
    subject: 'publisher',
    subjectId: publisherId,
    action: to === 'VERIFIED' ? 'verified' : to === 'ASKED' ? 'asked' : to === 'REJECTED' ? 'rejected' : 'updated',
    changes: { verification: [from, to] },
    reason,
  });
  // the badge shows on its page, its books' pages and the directory
  await publicPagesChanged(tx, ctx.publicPages, publisherId);
}

/** Queues a moderation notice (`moderation.<key>` of notices.json) to the publisher by e-mail and, when it has one, WhatsApp. */
async function tellPublisher(
  ctx: AppContext,
  tx: DbOrTx,
  publisher: { email: string; whatsapp_no: string | null; language: InterfaceLanguage; publisher_name: string },
  key: string,
  values: Record<string, string>,
  whatsapp: boolean,
) {
  const lng = publisher.language;
  const all = { ...values, publisher: publisher.publisher_name, link: `${ctx.config.publicUrl}/` };
  const subject = noticeText(lng, `moderation.${key}.subject`, all);
  const text = noticeText(lng, `moderation.${key}.text`, all);
  await enqueueMessage(tx, { channel: 'email', to: publisher.email, subject, text });
  if (whatsapp && publisher.whatsapp_no) await enqueueMessage(tx, { channel: 'whatsapp', to: publisher.whatsapp_no, subject, text });
}

/**
 * Verifies a publisher (POST /operator/publishers/:id/verify): 'Verified by JSBN' shows on its pages.
 * @throws AppError 404; 409 when verified already
 */
export async function verifyPublisher(ctx: AppContext, operatorId: number, publisherId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const publisher = await publisherToTell(tx, publisherId);
    if (publisher.verification === 'VERIFIED') throw new AppError('CONFLICT', 'This publisher is verified already');
    await setVerification(ctx, tx, publisherId, publisher.verification, 'VERIFIED', operatorActor(operatorId), null);
    await tellPublisher(ctx, tx, publisher, 'verified', {}, false);
  });
}

/**
 * Asks a publisher a question (POST /operator/publishers/:id/ask): kept in its thread, sent by
 * e-mail and WhatsApp in its language; its verification becomes ASKED.
 * @throws AppError 404
 */
export async function askPublisher(ctx: AppContext, operatorId: number, publisherId: number, question: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const publisher = await publisherToTell(tx, publisherId);
    await tx
      .insert(publisher_messages)
      .values({ publisher_id: publisherId, from_role: 'OPERATOR', account_id: operatorId, body: question, created_at: ctx.clock() });
    if (publisher.verification !== 'ASKED')
      await setVerification(ctx, tx, publisherId, publisher.verification, 'ASKED', operatorActor(operatorId), question);
    else
      await record(tx, {
        actor: operatorActor(operatorId),
        subject: 'publisher',
        subjectId: publisherId,
        action: 'asked',
        reason: question,
      });
    await tellPublisher(ctx, tx, publisher, 'asked', { question }, true);
  });
}

/**
 * Rejects a publisher (POST /operator/publishers/:id/reject): verification REJECTED and its
 * account suspended with `reason`; told by e-mail.
 * @throws AppError 404; 409 when rejected already
 */
export async function rejectPublisher(ctx: AppContext, operatorId: number, publisherId: number, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const publisher = await publisherToTell(tx, publisherId);
    if (publisher.verification === 'REJECTED') throw new AppError('CONFLICT', 'This publisher is rejected already');
    await setVerification(ctx, tx, publisherId, publisher.verification, 'REJECTED', operatorActor(operatorId), reason);
    await setSuspension(ctx, tx, 'publisher', publisherId, operatorActor(operatorId), reason);
    await tellPublisher(ctx, tx, publisher, 'rejected', { reason }, false);
  });
}

/** The publisher's own thread with the operators (GET /publisher/messages). */
export async function publisherThread(ctx: AppContext, publisherId: number): Promise<PublisherThread> {
  const [publisher] = await ctx.db.select({ verification: publishers.verification }).from(publishers).where(eq(publishers.id, publisherId));
  if (!publisher) throw notFound('Publisher');
  const threads = await threadsOf(ctx.db, [publisherId]);
  return { verification: publisher.verification, verified: publisher.verification === 'VERIFIED', thread: threads.get(publisherId) ?? [] };
}

/**
 * The publisher answers the operators (POST /publisher/messages). Its verification stays ASKED:
 * the queue shows the question answered (`answered`), and the operator decides (decision 043).
 * @throws AppError 409 'There is no question to answer' when it was never asked one
 */
export async function answerOperators(
  ctx: AppContext,
  actor: { accountId: number; publisherId: number },
  body: string,
): Promise<PublisherThread> {
  await ctx.db.transaction(async (tx) => {
    const [asked] = await tx
      .select({ id: publisher_messages.id })
      .from(publisher_messages)
      .where(and(eq(publisher_messages.publisher_id, actor.publisherId), eq(publisher_messages.from_role, 'OPERATOR')))
      .limit(1);
    if (!asked) throw new AppError('CONFLICT', 'There is no question to answer');
    const [message] = await tx
      .insert(publisher_messages)
      .values({ publisher_id: actor.publisherId, from_role: 'PUBLISHER', account_id: actor.accountId, body, created_at: ctx.clock() })
      .returning({ id: publisher_messages.id });
    await record(tx, {
      actor: { accountId: actor.accountId, role: 'PUBLISHER' },
      subject: 'message',
      subjectId: message!.id,
      action: 'answered',
    });
  });
  return publisherThread(ctx, actor.publisherId);
}

// ---------------------------------------------------------------- claims

/** The state of a claim. */
const claimStatus = (claim: { approved_at: Date | null; refused_at: Date | null }) =>
  claim.approved_at ? 'APPROVED' : claim.refused_at ? 'REFUSED' : 'PENDING';

/** The claims queue (GET /operator/claims): pending ones first (oldest first), then the decided ones, newest first. */
export async function claimQueue(ctx: AppContext): Promise<ClaimItem[]> {
  const pending = sql`(${publisher_claims.approved_at} is null and ${publisher_claims.refused_at} is null)`;
  const rows = await ctx.db
    .select({ claim: publisher_claims, publisher_no: publishers.publisher_no, publisher_name: publishers.publisher_name })
    .from(publisher_claims)
    .innerJoin(publishers, eq(publishers.id, publisher_claims.publisher_id))
    .orderBy(desc(pending), sql`case when ${pending} then ${publisher_claims.id} else -${publisher_claims.id} end`)
    .limit(QUEUE_LIMIT);
  return rows.map(({ claim, publisher_no, publisher_name }) => ({
    id: claim.id,
    publisher_id: claim.publisher_id,
    publisher_no,
    publisher_name,
    full_name: claim.full_name,
    email: claim.email,
    contact: claim.contact,
    message: claim.message,
    status: claimStatus(claim),
    created_at: claim.created_at.toISOString(),
    approved_at: iso(claim.approved_at),
    refused_at: iso(claim.refused_at),
    refused_reason: claim.refused_reason,
  }));
}

/**
 * Refuses a claim (POST /operator/claims/:id/refuse): the claimant is told by e-mail, with why.
 * @throws AppError 404; 409 when the claim was decided already
 */
export async function refuseClaim(ctx: AppContext, operatorId: number, claimId: number, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ claim: publisher_claims, publisher_name: publishers.publisher_name })
      .from(publisher_claims)
      .innerJoin(publishers, eq(publishers.id, publisher_claims.publisher_id))
      .where(eq(publisher_claims.id, claimId));
    if (!row) throw notFound('Claim');
    if (claimStatus(row.claim) !== 'PENDING') throw new AppError('CONFLICT', 'This claim was decided already');
    await tx.update(publisher_claims).set({ refused_at: ctx.clock(), refused_reason: reason }).where(eq(publisher_claims.id, claimId));
    await record(tx, {
      actor: operatorActor(operatorId),
      subject: 'claim',
      subjectId: claimId,
      action: 'refused',
      changes: { refused_at: [null, ctx.clock().toISOString()] },
      reason,
    });
    // the claimant has no account: the claim's own language is not known, so English, as the claim form was
    const values = { publisher: row.publisher_name, reason };
    await enqueueMessage(tx, {
      channel: 'email',
      to: row.claim.email,
      subject: noticeText('en', 'moderation.claimRefused.subject', values),
      text: noticeText('en', 'moderation.claimRefused.text', values),
    });
  });
}
