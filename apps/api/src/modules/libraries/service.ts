/**
 * Libraries (Gyan Bhandars) — spec accounts §3/§5: registration and the letterhead that a
 * library needs before it can order.
 */
import { eq } from 'drizzle-orm';
import type { LibraryRegistration } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { accounts, libraries } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { issueCode, startRegistration } from '../auth/service.js';

/**
 * Registers a library (POST /library) and sends the one-time code.
 * @param logoKey the stored logo; the caller deletes it when this returns false or throws
 * @returns false when the e-mail already had a verified account (nothing written but a notice)
 */
export async function registerLibrary(ctx: AppContext, input: LibraryRegistration, logoKey: string): Promise<boolean> {
  const { password, email, ...profile } = input;
  let replacedLogo: string | null = null;
  const kept = await ctx.db.transaction(async (tx) => {
    const accountId = await startRegistration(ctx, tx, { email, role: 'LIBRARY', password });
    if (accountId === null) return false;
    const values = { ...profile, gst_no: profile.gst_no ?? null, aadhar_no: profile.aadhar_no ?? null, logo_key: logoKey };
    const [existing] = await tx.select({ logo_key: libraries.logo_key }).from(libraries).where(eq(libraries.account_id, accountId));
    if (existing) {
      replacedLogo = existing.logo_key;
      await tx.update(libraries).set({ ...values, updated_at: new Date() }).where(eq(libraries.account_id, accountId));
    } else {
      await tx.insert(libraries).values({ ...values, account_id: accountId });
    }
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
  await ctx.db.update(libraries).set({ letter_text: text, updated_at: new Date() }).where(eq(libraries.id, libraryId));
  return getLetterhead(ctx, libraryId);
}

/** Library details (GET /library/:id → data.library), spec books §3 "Library (as listed)". */
export async function libraryDetails(ctx: AppContext, libraryId: number) {
  const [row] = await ctx.db
    .select({ library: libraries, email: accounts.email })
    .from(libraries)
    .innerJoin(accounts, eq(accounts.id, libraries.account_id))
    .where(eq(libraries.id, libraryId));
  if (!row) throw notFound('Library');
  const { library, email } = row;
  return {
    id: library.id,
    name: library.name,
    number_of_books: library.number_of_books,
    mobile_no: library.mobile_no,
    whatsapp_no: library.whatsapp_no,
    email,
    address: library.address,
    sangh_trust: library.sangh_trust,
    sanchalak_name: library.sanchalak_name,
    sanchalak_address: library.sanchalak_address,
    librarianLogoText: { logoUrl: ctx.storage.url(library.logo_key) },
    letterText: library.letter_text,
  };
}
