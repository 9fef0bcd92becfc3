/**
 * Libraries (Gyan Bhandars) — docs/api.md: registration and the letterhead that a
 * library needs before it can order.
 */
import { mobileNumberChanged } from '../auth/mobile.js';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type {
  InterfaceLanguage,
  LIBRARY_SORT_FIELDS,
  LibraryListItem,
  LibraryListQuery,
  LibraryProfile,
  LibraryRegistration,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { accounts, libraries } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { changedFields, record } from '../../lib/audit.js';
import { fileName, libraryActor, pick, withheld, WITHHELD_FIELDS } from '../../lib/record-of.js';
import { containsPattern, pageOf } from '../../lib/pagination.js';
import { assertUncommonPassword } from '../../lib/passwords.js';
import { issueCode, spendCodeBudget, startRegistration } from '../auth/service.js';
import { cached, versionOf } from '../books/documents.js';
import { libraryInfoPdf } from '../documents/book-sheets.js';
import { imageForDocument } from '../../lib/images.js';

/**
 * Registers a library (POST /library) and sends the one-time code.
 * @param logoKey the stored logo; the caller deletes it when this returns false or throws
 * @param language the language the registration was made in: the account's e-mails follow it
 * @returns false when the e-mail already had a verified account (nothing written but a notice)
 * @throws AppError 400 (a common password); ThrottledError 429 past the e-mail's code budget
 */
export async function registerLibrary(
  ctx: AppContext,
  input: LibraryRegistration,
  logoKey: string,
  language: InterfaceLanguage = 'en',
): Promise<boolean> {
  const { password, email, ...profile } = input;
  assertUncommonPassword(password, 'password');
  await spendCodeBudget(ctx, email);
  let replacedLogo: string | null = null;
  const kept = await ctx.db.transaction(async (tx) => {
    const accountId = await startRegistration(ctx, tx, { email, role: 'LIBRARY', password, language });
    if (accountId === null) return false;
    const values = { ...profile, gst_no: profile.gst_no ?? null, aadhar_no: profile.aadhar_no ?? null, logo_key: logoKey };
    const [existing] = await tx.select().from(libraries).where(eq(libraries.account_id, accountId));
    if (existing) {
      replacedLogo = existing.logo_key;
      await tx
        .update(libraries)
        .set({ ...values, updated_at: new Date() })
        .where(eq(libraries.account_id, accountId));
    } else {
      await tx.insert(libraries).values({ ...values, account_id: accountId });
    }
    // registered again before its e-mail was verified: the new details replace the old (decision 042)
    const [row] = existing ? [existing] : await tx.select({ id: libraries.id }).from(libraries).where(eq(libraries.account_id, accountId));
    await record(tx, {
      actor: { accountId, role: 'LIBRARY' },
      subject: 'library',
      subjectId: row!.id,
      action: existing ? 'updated' : 'created',
      changes: withheld(
        changedFields(existing ? { ...pick(existing, Object.keys(values)), logo_key: fileName(existing.logo_key) } : {}, {
          ...values,
          logo_key: fileName(logoKey),
        }),
        WITHHELD_FIELDS,
      ),
    });
    await issueCode(ctx, tx, accountId, email);
    return true;
  });
  if (replacedLogo) await ctx.storage.delete(replacedLogo);
  return kept;
}

/** The letterhead of a library (GET /library/logo-text → librarianLogo), null when no text is saved. */
export async function getLetterhead(ctx: AppContext, libraryId: number) {
  const [library] = await ctx.db
    .select({ id: libraries.id, letter_text: libraries.letter_text, logo_key: libraries.logo_key })
    .from(libraries)
    .where(eq(libraries.id, libraryId));
  if (!library) throw notFound('Library');
  if (!library.letter_text) return null;
  return { id: library.id, letterText: library.letter_text, logoUrl: ctx.storage.url(library.logo_key) };
}

/** Saves the letterhead text (at least 10 characters, validated by the route). */
export async function saveLetterhead(ctx: AppContext, libraryId: number, text: string) {
  await updateLibrary(ctx, libraryId, { letter_text: text });
  return getLetterhead(ctx, libraryId);
}

/**
 * Sets `values` on library `libraryId` and records each changed field (Aadhaar withheld) in the
 * same transaction (decision 042).
 * @returns the library before the change
 * @throws AppError 404 'Library not found'
 */
async function updateLibrary(ctx: AppContext, libraryId: number, values: Partial<typeof libraries.$inferInsert>) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(libraries).where(eq(libraries.id, libraryId)).for('update');
    if (!before) throw notFound('Library');
    await tx
      .update(libraries)
      .set({ ...values, updated_at: ctx.clock() })
      .where(eq(libraries.id, libraryId));
    // a new mobile number is not confirmed (decision 081)
    if (values.mobile_no !== undefined) await mobileNumberChanged(ctx, tx, before.account_id, before.mobile_no, values.mobile_no);
    const shown = (row: Record<string, unknown>) =>
      'logo_key' in values ? { ...row, logo_key: fileName(row.logo_key as string | null) } : row;
    const changes = changedFields(shown(pick(before, Object.keys(values))), shown(values));
    if (Object.keys(changes).length)
      await record(tx, {
        actor: await libraryActor(tx, libraryId),
        subject: 'library',
        subjectId: libraryId,
        action: 'updated',
        changes: withheld(changes, WITHHELD_FIELDS),
      });
    return before;
  });
}

/**
 * Library details (GET /library/:id → data.library), docs/api.md "Library (as listed)".
 * @param options.private add gst_no and aadhar_no (only for the library itself)
 */
export async function libraryDetails(ctx: AppContext, libraryId: number, options: { private?: boolean } = {}) {
  const [row] = await ctx.db
    .select({ library: libraries, email: accounts.email })
    .from(libraries)
    .innerJoin(accounts, eq(accounts.id, libraries.account_id))
    .where(eq(libraries.id, libraryId));
  if (!row) throw notFound('Library');
  const { library, email } = row;
  return {
    ...listItemOf(ctx, library, email),
    whatsapp_no: library.whatsapp_no,
    ...(options.private ? { gst_no: library.gst_no, aadhar_no: library.aadhar_no } : {}),
  };
}

/**
 * The library info sheet (GET /library/:id/info.pdf; docs/api.md `libraryInfoPdf`) in `lng`,
 * made on first request and cached until the library changes (books/documents.ts `cached`).
 * @throws AppError 404 'Library not found'
 */
export async function libraryInfoSheet(
  ctx: AppContext,
  libraryId: number,
  lng: InterfaceLanguage,
): Promise<{ key: string; filename: string }> {
  // the version is one narrow read; the details are read only when the sheet must be made
  const [row] = await ctx.db
    .select({ updated_at: libraries.updated_at, logo_key: libraries.logo_key })
    .from(libraries)
    .where(eq(libraries.id, libraryId));
  if (!row) throw notFound('Library');
  const key = await cached(ctx, 'library-info', libraryId, lng, versionOf(row.updated_at, row.logo_key), async () =>
    libraryInfoPdf(await libraryDetails(ctx, libraryId), await imageForDocument(ctx.storage, row.logo_key, 240), lng),
  );
  return { key, filename: `library-${libraryId}-info.pdf` };
}

/**
 * Sets the caller's library logo (POST /library/upload-logo; docs/api.md), deleting the old one.
 * @param logoKey the stored new logo
 * @returns the logo's link
 */
export async function setLibraryLogo(ctx: AppContext, libraryId: number, logoKey: string): Promise<{ logoUrl: string | null }> {
  const previous = await updateLibrary(ctx, libraryId, { logo_key: logoKey });
  if (previous.logo_key) await ctx.storage.delete(previous.logo_key);
  return { logoUrl: ctx.storage.url(logoKey) };
}

/**
 * Updates the caller's library profile (PATCH /library). The e-mail never changes.
 * @param logoKey a newly stored logo, or null to keep the current one (the caller deletes it if this throws)
 */
export async function updateLibraryProfile(ctx: AppContext, libraryId: number, input: LibraryProfile, logoKey: string | null) {
  const previous = await updateLibrary(ctx, libraryId, {
    ...input,
    gst_no: input.gst_no ?? null,
    aadhar_no: input.aadhar_no ?? null,
    ...(logoKey ? { logo_key: logoKey } : {}),
  });
  if (logoKey && previous.logo_key) await ctx.storage.delete(previous.logo_key);
}

function listItemOf(ctx: AppContext, library: typeof libraries.$inferSelect, email: string): LibraryListItem {
  return {
    id: library.id,
    name: library.name,
    number_of_books: library.number_of_books,
    mobile_no: library.mobile_no,
    email,
    address: library.address,
    sangh_trust: library.sangh_trust,
    sanchalak_name: library.sanchalak_name,
    sanchalak_address: library.sanchalak_address,
    librarianLogoText: { logoUrl: ctx.storage.url(library.logo_key) },
    letterText: library.letter_text,
    libraryInfoPdf: `/api/library/${library.id}/info.pdf`,
  };
}

/** Sortable columns of the public library list. */
const SORTS = { name: libraries.name, number_of_books: libraries.number_of_books, createdAt: libraries.created_at } satisfies Record<
  (typeof LIBRARY_SORT_FIELDS)[number],
  unknown
>;

/** Libraries with a verified e-mail and not suspended (GET /library, decision 043), searchable by name, address or sanchalak. */
export async function listLibraries(ctx: AppContext, query: LibraryListQuery): Promise<{ libraries: LibraryListItem[]; total: number }> {
  const pattern = query.queryString ? containsPattern(query.queryString) : null;
  const where = and(
    isNotNull(accounts.email_verified_at),
    isNull(accounts.suspended_at),
    pattern ? or(ilike(libraries.name, pattern), ilike(libraries.address, pattern), ilike(libraries.sanchalak_name, pattern)) : undefined,
  );
  const column = SORTS[query.sortedField ?? 'createdAt'];
  const page = pageOf(query);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ library: libraries, email: accounts.email })
      .from(libraries)
      .innerJoin(accounts, eq(accounts.id, libraries.account_id))
      .where(where)
      .orderBy(query.sortedOrder === 'asc' ? asc(column) : desc(column), desc(libraries.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(libraries).innerJoin(accounts, eq(accounts.id, libraries.account_id)).where(where),
  ]);
  return {
    libraries: rows.map(({ library, email }) => listItemOf(ctx, library, email)),
    total: counted?.n ?? 0,
  };
}

/**
 * Libraries with these ids as listed (for exports and labels), in the order of `ids`.
 * @throws AppError 404 when an id is not a library
 */
export async function librariesByIds(ctx: AppContext, ids: number[]): Promise<LibraryListItem[]> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ library: libraries, email: accounts.email })
    .from(libraries)
    .innerJoin(accounts, eq(accounts.id, libraries.account_id))
    .where(inArray(libraries.id, unique));
  if (rows.length !== unique.length) throw notFound('Library');
  const items = rows.map(({ library, email }) => listItemOf(ctx, library, email));
  return unique.map((id) => items.find((item) => item.id === id)!);
}
