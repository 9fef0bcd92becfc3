/**
 * Publishers — docs/api.md (registration) and docs/api.md (publisher info, the
 * publisher-wise list).
 */
import { mobileNumberChanged } from '../auth/mobile.js';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, max, ne, or, sql } from 'drizzle-orm';
import {
  DEFAULT_CURRENCY,
  formatJsbn,
  toMinor,
  type PUBLISHER_SORT_FIELDS,
  type PublisherInfo,
  type PublisherListQuery,
  type PublisherProfile,
  type PublisherRegistration,
  type InterfaceLanguage,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { accounts, books, publishers } from '../../db/schema.js';
import { preparedOnce } from '../../db/named.js';
import { publicPagesChanged } from '../../lib/public-pages.js';
import { changedFields, record } from '../../lib/audit.js';
import { fileName, pick, publisherActor, withheld, WITHHELD_FIELDS } from '../../lib/record-of.js';
import { AppError, isUniqueViolation, notFound, validationError } from '../../lib/errors.js';
import { containsPattern, pageOf } from '../../lib/pagination.js';
import { assertUncommonPassword } from '../../lib/passwords.js';
import { issueCode, spendCodeBudget, startRegistration } from '../auth/service.js';
import { cityInState, cityName, cityNamesOf, cityOf, stateName, stateOf } from '../lookups/geo.js';

const PUBLISHER_NO_TAKEN = 'This publisher unique id is already taken';

/**
 * Registers a publisher (POST /publisher) and sends the one-time code.
 * @param logoKey the stored logo; the caller deletes it when this returns false or throws
 * @param language the language the registration was made in: the account's e-mails follow it
 * @returns false when the e-mail already had a verified account (nothing written but a notice)
 * @throws AppError 400 (city not in state, a common password), 409 (publisher_no taken);
 *   ThrottledError 429 past the e-mail's code budget
 */
export async function registerPublisher(
  ctx: AppContext,
  input: PublisherRegistration,
  logoKey: string,
  language: InterfaceLanguage = 'en',
): Promise<boolean> {
  if (!cityInState(input.city, input.state)) throw validationError([{ field: 'city', message: 'City is not in the chosen state' }]);
  const { password, email, state, city, ...profile } = input;
  assertUncommonPassword(password, 'password');
  await spendCodeBudget(ctx, email);
  let replacedLogo: string | null = null;
  try {
    const kept = await ctx.db.transaction(async (tx) => {
      const accountId = await startRegistration(ctx, tx, { email, role: 'PUBLISHER', password, language });
      if (accountId === null) return false;
      const [taken] = await tx
        .select({ id: publishers.id })
        .from(publishers)
        .where(and(eq(publishers.publisher_no, profile.publisher_no), ne(publishers.account_id, accountId)));
      if (taken) throw new AppError('CONFLICT', PUBLISHER_NO_TAKEN, [{ field: 'publisher_no', message: PUBLISHER_NO_TAKEN }]);
      const values = {
        ...profile,
        landline_no: profile.landline_no ?? null,
        town: profile.town ?? null,
        gst_no: profile.gst_no ?? null,
        aadhar_no: profile.aadhar_no ?? null,
        state_id: state,
        city_id: city,
        logo_key: logoKey,
      };
      const [existing] = await tx.select().from(publishers).where(eq(publishers.account_id, accountId));
      if (existing) {
        replacedLogo = existing.logo_key;
        await tx
          .update(publishers)
          .set({ ...values, updated_at: new Date() })
          .where(eq(publishers.account_id, accountId));
      } else {
        await tx.insert(publishers).values({ ...values, account_id: accountId });
      }
      // registered again before its e-mail was verified: the new details replace the old (decision 042)
      const [row] = existing
        ? [existing]
        : await tx.select({ id: publishers.id }).from(publishers).where(eq(publishers.account_id, accountId));
      const after = { ...values, logo_key: fileName(values.logo_key) };
      await record(tx, {
        actor: { accountId, role: 'PUBLISHER' },
        subject: 'publisher',
        subjectId: row!.id,
        action: existing ? 'updated' : 'created',
        changes: withheld(
          changedFields(existing ? { ...pick(existing, Object.keys(values)), logo_key: fileName(existing.logo_key) } : {}, after),
          WITHHELD_FIELDS,
        ),
      });
      await issueCode(ctx, tx, accountId, email);
      return true;
    });
    if (replacedLogo) await ctx.storage.delete(replacedLogo);
    return kept;
  } catch (error) {
    if (isUniqueViolation(error, 'publishers_publisher_no_key')) {
      throw new AppError('CONFLICT', PUBLISHER_NO_TAKEN, [{ field: 'publisher_no', message: PUBLISHER_NO_TAKEN }]);
    }
    throw error;
  }
}

// the books a visitor may see (decision 043): a withdrawn one is not counted
const bookCount = count(books.id);
const lastPublished = max(books.created_at);

/** Sortable columns of the publisher-wise list. */
const SORTS = {
  publisher_name: publishers.publisher_name,
  last_book_published: lastPublished,
  total_books: bookCount,
  createdAt: publishers.created_at,
} satisfies Record<(typeof PUBLISHER_SORT_FIELDS)[number], unknown>;

/**
 * Publishers with their book counts (GET /publisher, Publisher Wise Books). Only publishers
 * whose e-mail is verified are listed.
 */
export async function listPublishers(ctx: AppContext, query: PublisherListQuery) {
  const where = and(
    isNotNull(accounts.email_verified_at),
    // a suspended publisher leaves the directory until the suspension is lifted (decision 043)
    isNull(accounts.suspended_at),
    query.queryString
      ? or(
          ilike(publishers.publisher_name, containsPattern(query.queryString)),
          ilike(publishers.publisher_no, containsPattern(query.queryString)),
        )
      : undefined,
  );
  const sortColumn = SORTS[query.sortedField ?? 'createdAt'];
  const direction = query.sortedOrder === 'asc' ? asc : desc;
  const page = pageOf(query);
  const rows = await ctx.db
    .select({
      id: publishers.id,
      publisher_no: publishers.publisher_no,
      publisher_name: publishers.publisher_name,
      publisher_type: publishers.publisher_type,
      state_id: publishers.state_id,
      city_id: publishers.city_id,
      logo_key: publishers.logo_key,
      total_books: bookCount,
      last_book_published: lastPublished,
      verification: publishers.verification,
    })
    .from(publishers)
    .innerJoin(accounts, eq(accounts.id, publishers.account_id))
    .leftJoin(books, and(eq(books.publisher_id, publishers.id), isNull(books.withdrawn_at)))
    .where(where)
    .groupBy(publishers.id)
    .orderBy(sql`${direction(sortColumn)} nulls last`, desc(publishers.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    publishers: rows.map(({ logo_key, state_id, city_id, last_book_published, verification, ...row }) => ({
      ...row,
      verified: verification === 'VERIFIED',
      state_name: stateName(state_id),
      city_name: cityName(city_id),
      city_names: cityNamesOf(city_id),
      logoUrl: ctx.storage.url(logo_key),
      last_book_published: last_book_published ? new Date(last_book_published).toISOString() : null,
    })),
    total: await ctx.db
      .select({ n: count() })
      .from(publishers)
      .innerJoin(accounts, eq(accounts.id, publishers.account_id))
      .where(where)
      .then(([result]) => result?.n ?? 0),
  };
}

/** The name of a publisher (one query; lists use it for their heading). @throws 404 */
export async function publisherName(ctx: AppContext, publisherId: number): Promise<string> {
  return (await publisherHeading(ctx, publisherId)).name;
}

/** A publisher's name and publisher no. (its JSBN prefix, which names its feed). @throws AppError 404 'Publisher not found' */
export async function publisherHeading(ctx: AppContext, publisherId: number): Promise<{ name: string; no: string }> {
  const [row] = await ctx.db
    .select({ name: publishers.publisher_name, no: publishers.publisher_no })
    .from(publishers)
    .where(eq(publishers.id, publisherId));
  if (!row) throw notFound('Publisher');
  return row;
}

/**
 * The e-mail domain of publisher accounts the importer makes (`<publisher_no>@import.jsbn.invalid`):
 * nobody reads it, so pages show no e-mail for them until the publisher sets its own.
 */
export const IMPORTED_ACCOUNT_DOMAIN = 'import.jsbn.invalid';
/** True for the placeholder e-mail of an imported account nobody has claimed. */
export const isImportedEmail = (email: string) => email.endsWith(`@${IMPORTED_ACCOUNT_DOMAIN}`);

/** A publisher's books a visitor sees (not withdrawn, decision 043), of the placeholder `publisherId`. */
const shownBooks = and(eq(books.publisher_id, sql.placeholder('publisherId')), isNull(books.withdrawn_at));
/** A publisher, its account's e-mail and suspension, and the count of its books shown (`publisherInfo`). */
const publisherStatement = preparedOnce((db) =>
  db
    .select({
      publisher: publishers,
      email: accounts.email,
      suspended_at: accounts.suspended_at,
      total: sql<number>`(select count(*) from ${books} where ${shownBooks})`.mapWith(Number),
    })
    .from(publishers)
    .innerJoin(accounts, eq(accounts.id, publishers.account_id))
    .where(eq(publishers.id, sql.placeholder('publisherId')))
    .prepare('publisher_info'),
);
/** A publisher's 12 latest books shown (`publisherInfo`). */
const latestBooksStatement = preparedOnce((db) =>
  db
    .select({ book_title: books.book_title, cover_key: books.cover_key, jsbn_number: books.jsbn_number, created_at: books.created_at })
    .from(books)
    .where(shownBooks)
    .orderBy(desc(books.created_at), desc(books.id))
    .limit(12)
    .prepare('publisher_latest_books'),
);

/**
 * Publisher info of docs/api.md (GET /publisher/:id, the book page).
 * Its latest books and counts leave out withdrawn ones (decision 043).
 * @param options.private add gst_no and aadhar_no (only for the publisher itself)
 * @param options.public answer 404 for a suspended publisher, as for an unknown one (decision 043)
 * @throws 404
 */
export async function publisherInfo(
  ctx: AppContext,
  publisherId: number,
  options: { private?: boolean; public?: boolean } = {},
): Promise<PublisherInfo> {
  // two statements at once, built once and named (decision 026), the book count inside the
  // publisher's: each statement costs the API about half a millisecond of CPU (building, sending,
  // parsing), a fifth of an uncached request's reading of its book (decision 060)
  const [[row], latest] = await Promise.all([
    publisherStatement(ctx.db).execute({ publisherId }),
    latestBooksStatement(ctx.db).execute({ publisherId }),
  ]);
  if (!row || (options.public && row.suspended_at)) throw notFound('Publisher');
  const { publisher, email, total } = row;
  return {
    publisherId: publisher.id,
    publisher_no: publisher.publisher_no,
    publisher_name: publisher.publisher_name,
    publisher_type: publisher.publisher_type,
    address: publisher.address,
    pincode: publisher.pincode,
    email: options.private || !isImportedEmail(email) ? email : '',
    claimable: isImportedEmail(email),
    landline_no: publisher.landline_no,
    mobile_no: publisher.mobile_no,
    whatsapp_no: publisher.whatsapp_no,
    state_id: publisher.state_id,
    city_id: publisher.city_id,
    state_name: stateName(publisher.state_id),
    city_name: cityName(publisher.city_id),
    town: publisher.town,
    city_names: cityNamesOf(publisher.city_id),
    state: stateOf(publisher.state_id),
    city: cityOf(publisher.city_id),
    total_books_count: total,
    total_books: total,
    latest_books: latest.map((book) => ({
      book_title: book.book_title,
      book_cover: ctx.storage.url(book.cover_key),
      jsbn_number: formatJsbn(book.jsbn_number),
    })),
    logoUrl: ctx.storage.url(publisher.logo_key),
    last_book_published: latest[0]?.created_at.toISOString() ?? null,
    publisherInfoPdf: `/api/book/publisher/${publisher.id}/info.pdf`,
    verified: publisher.verification === 'VERIFIED',
    postage_terms: publisher.postage_terms,
    postage_rate_minor: publisher.postage_rate_minor,
    ...(options.private
      ? {
          gst_no: publisher.gst_no,
          aadhar_no: publisher.aadhar_no,
          upi_vpa: publisher.upi_vpa,
          upi_payee_name: publisher.upi_payee_name,
          bank_account_name: publisher.bank_account_name,
          bank_account_no: publisher.bank_account_no,
          bank_ifsc: publisher.bank_ifsc,
          payment_reminders: publisher.payment_reminders,
        }
      : {}),
  };
}

/**
 * Updates the caller's publisher profile (PATCH /publisher). publisher_no and e-mail never change.
 * @param logoKey a newly stored logo, or null to keep the current one (the caller deletes it if this throws)
 * @throws AppError 400 when the city is not in the state
 */
export async function updatePublisherProfile(ctx: AppContext, publisherId: number, input: PublisherProfile, logoKey: string | null) {
  if (!cityInState(input.city, input.state)) throw validationError([{ field: 'city', message: 'City is not in the chosen state' }]);
  const { state, city, postage_amount, ...profile } = input;
  const values = {
    ...profile,
    town: profile.town ?? null,
    gst_no: profile.gst_no ?? null,
    aadhar_no: profile.aadhar_no ?? null,
    // the rate only for the terms that have one, in paise (decision 070)
    postage_rate_minor:
      (profile.postage_terms === 'per_parcel' || profile.postage_terms === 'per_copy') && postage_amount !== undefined
        ? toMinor(postage_amount, DEFAULT_CURRENCY)
        : null,
    upi_vpa: profile.upi_vpa ?? null,
    upi_payee_name: profile.upi_payee_name ?? null,
    bank_account_name: profile.bank_account_name ?? null,
    bank_account_no: profile.bank_account_no ?? null,
    bank_ifsc: profile.bank_ifsc ?? null,
    state_id: state,
    city_id: city,
    ...(logoKey ? { logo_key: logoKey } : {}),
  };
  // the change and its record land together (decision 042)
  const previous = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(publishers).where(eq(publishers.id, publisherId)).for('update');
    if (!before) throw notFound('Publisher');
    await tx
      .update(publishers)
      .set({ ...values, updated_at: ctx.clock() })
      .where(eq(publishers.id, publisherId));
    // a new mobile number is not confirmed (decision 081)
    await mobileNumberChanged(ctx, tx, before.account_id, before.mobile_no, values.mobile_no ?? null);
    const changes = changedFields(
      { ...pick(before, Object.keys(values)), logo_key: fileName(before.logo_key) },
      { ...values, ...(logoKey ? { logo_key: fileName(logoKey) } : {}) },
    );
    if (Object.keys(changes).length)
      await record(tx, {
        actor: await publisherActor(tx, publisherId),
        subject: 'publisher',
        subjectId: publisherId,
        action: 'updated',
        changes: withheld(changes, WITHHELD_FIELDS),
      });
    await publicPagesChanged(tx, ctx.publicPages, publisherId);
    return before;
  });
  if (logoKey && previous.logo_key) await ctx.storage.delete(previous.logo_key);
}
