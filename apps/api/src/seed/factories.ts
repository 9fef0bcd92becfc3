/**
 * Factories for verified accounts and books, shared by the API tests, the demo seed, the
 * importer and the end-to-end fixtures (STYLE "Factories"). Books go through `registerBook`,
 * the same service the API uses.
 */
import { sealTotpSecret } from '../lib/totp-seal.js';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { bookFields, type BookFields, type BookFieldsInput } from '@jsbn/shared';
import type { AppContext } from '../context.js';
import { hashKnownPassword, signAccessToken } from '../lib/auth.js';
import { COVER_FILE, LOGO_FILE } from '../lib/upload-rules.js';
import { registerBook } from '../modules/books/registration.js';
import { cityIdByName, stateIdByName } from '../modules/lookups/geo.js';
import { accounts, libraries, publishers } from '../db/schema.js';

const GUJARAT = stateIdByName('Gujarat')!;
const AHMEDABAD = cityIdByName(GUJARAT, 'Ahmedabad')!;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

/** A JPEG of `width`×`height` px in `color` with `text` on it, `fontSize` px high (logos, covers; a twelfth of the width by default). */
export async function makeJpeg(
  text: string,
  options: { width?: number; height?: number; color?: string; fontSize?: number } = {},
): Promise<Buffer> {
  const { width = 300, height = 420, color = '#bf360c', fontSize = Math.round(width / 12) } = options;
  const escaped = text.replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char]!);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${color}"/>
    <rect x="12" y="12" width="${width - 24}" height="${height - 24}" fill="none" stroke="#ffe0b2" stroke-width="4"/>
    <text x="50%" y="50%" font-family="Noto Sans Gujarati, Noto Sans Devanagari, Noto Sans, sans-serif" font-size="${fontSize}" fill="#fff8e1" text-anchor="middle" dominant-baseline="central">${escaped}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** The first letter, as a reader sees it, of the first two words of `name` ('Jinvani Granthmala' → 'JG', 'શ્રી જૈન' → 'શ્રીજૈ'). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '')
    .join('');
}

/** A logo of `name`: its initials, large enough to read in a 40 px avatar, on `color` (120×120 px). */
const logoJpeg = (name: string, color?: string) =>
  makeJpeg(initials(name), { width: 120, height: 120, fontSize: 44, ...(color ? { color } : {}) });

/** Stores a made-up JPEG by the storage rule of its field (LOGO_FILE, COVER_FILE). */
async function storeJpeg(ctx: AppContext, jpeg: Buffer, rule: typeof LOGO_FILE) {
  return ctx.storage.put(Readable.from([jpeg]), rule);
}

export interface PublisherOverrides {
  email?: string;
  password?: string;
  publisher_no?: string;
  publisher_name?: string;
  state_id?: number;
  city_id?: number;
  address?: string;
  logo?: boolean;
}

/** Creates a verified publisher account. @returns its ids, e-mail, password and publisher_no */
export async function createPublisher(ctx: AppContext, overrides: PublisherOverrides = {}) {
  const id = unique();
  const email = overrides.email ?? `publisher-${id}@example.test`;
  const password = overrides.password ?? 'Publisher@123';
  const publisher_no = overrides.publisher_no ?? id.slice(-5).toUpperCase().padStart(5, 'P');
  const publisher_name = overrides.publisher_name ?? `Publisher ${id}`;
  const logo = overrides.logo === false ? null : await storeJpeg(ctx, await logoJpeg(publisher_name), LOGO_FILE);
  return ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ email, role: 'PUBLISHER', password_hash: await hashKnownPassword(password), email_verified_at: new Date() })
      .returning({ id: accounts.id });
    const [publisher] = await tx
      .insert(publishers)
      .values({
        account_id: account!.id,
        publisher_no,
        publisher_name,
        publisher_type: 'Trust',
        address: overrides.address ?? 'Relief Road',
        state_id: overrides.state_id ?? GUJARAT,
        city_id: overrides.city_id ?? AHMEDABAD,
        pincode: '380001',
        mobile_no: '9876543210',
        whatsapp_no: '9876543210',
        logo_key: logo?.key ?? null,
      })
      .returning({ id: publishers.id });
    return { accountId: account!.id, publisherId: publisher!.id, email, password, publisher_no, publisher_name };
  });
}

/** The TOTP secret (RFC 6238, base32) of the operators `createOperator` makes. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * Creates an operator of the registry with its second factor enrolled (TEST_TOTP_SECRET).
 * @returns its id, e-mail, password and an access token for its calls
 */
export async function createOperator(ctx: AppContext, overrides: { email?: string; password?: string } = {}) {
  const email = overrides.email ?? `operator-${unique()}@example.test`;
  const password = overrides.password ?? 'Operator@12345';
  const [account] = await ctx.db
    .insert(accounts)
    .values({
      email,
      role: 'OPERATOR',
      password_hash: await hashKnownPassword(password),
      email_verified_at: new Date(),
      totp_secret: sealTotpSecret(ctx.secrets.totpKey, TEST_TOTP_SECRET),
      totp_enabled_at: new Date(),
    })
    .returning({ id: accounts.id, token_version: accounts.token_version });
  const token = await signAccessToken(ctx.secrets.jwtSecret, { id: account!.id, role: 'OPERATOR', token_version: account!.token_version });
  return { accountId: account!.id, email, password, token };
}

export interface LibraryOverrides {
  email?: string;
  password?: string;
  name?: string;
  /** Letterhead text; null for none. */
  letter_text?: string | null;
}

/** Creates a verified library account (with letter text unless `letter_text: null`). */
export async function createLibrary(ctx: AppContext, overrides: LibraryOverrides = {}) {
  const id = unique();
  const email = overrides.email ?? `library-${id}@example.test`;
  const password = overrides.password ?? 'Library@123';
  const name = overrides.name ?? `Gyan Bhandar ${id}`;
  const logo = await storeJpeg(ctx, await logoJpeg(name, '#4e342e'), LOGO_FILE);
  return ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ email, role: 'LIBRARY', password_hash: await hashKnownPassword(password), email_verified_at: new Date() })
      .returning({ id: accounts.id });
    const [library] = await tx
      .insert(libraries)
      .values({
        account_id: account!.id,
        name,
        sanchalak_name: 'Shri Sangh',
        sanchalak_address: 'Upashray, Main Bazaar',
        address: 'Jain Upashray, Main Bazaar, Palitana 364270',
        mobile_no: '9123456780',
        whatsapp_no: '9123456780',
        number_of_books: 1200,
        sangh_trust: 'Sangh Sanchalit',
        logo_key: logo.key,
        letter_text:
          overrides.letter_text === undefined
            ? 'Respected publisher, our Gyan Bhandar requests the following books for our readers.'
            : overrides.letter_text,
      })
      .returning({ id: libraries.id });
    return { accountId: account!.id, libraryId: library!.id, email, password, name };
  });
}

/** Book fields with sensible defaults, parsed by the API's own schema; override any. */
export function bookFieldsOf(overrides: Partial<BookFieldsInput> = {}): BookFields {
  return bookFields.parse({
    book_title: 'કલ્પસૂત્ર',
    book_e_title: 'Kalpasutra',
    language: 'Gujarati',
    publication_year: 2024,
    pages: 240,
    currency: 'INR',
    book_published: 'no',
    subjects: [{ id: 1 }],
    authors: [{ authorType: 1, author_name: 'Bhadrabahu Swami' }],
    type: 'AGM1',
    readers: 'No',
    ...overrides,
  });
}

/** Registers a book for `publisherId` with a generated JPEG cover. @returns `{ id, jsbn_number, qrcode_image }` */
export async function createBook(
  ctx: AppContext,
  publisherId: number,
  overrides: Partial<BookFieldsInput> = {},
  options: { cover?: boolean } = {},
) {
  const fields = bookFieldsOf(overrides);
  const cover = options.cover === false ? null : await storeJpeg(ctx, await makeJpeg(fields.book_title), COVER_FILE);
  try {
    return await registerBook(ctx, { publisherId, fields, coverKey: cover?.key ?? null });
  } catch (error) {
    if (cover) await ctx.storage.delete(cover.key);
    throw error;
  }
}
