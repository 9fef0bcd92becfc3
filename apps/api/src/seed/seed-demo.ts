/**
 * The demo data created on a fresh database outside production: two publishers, one library
 * (with letter text), a small catalogue of well-known Jain works with Gujarati and
 * Devanagari titles, registered through the same book service as the API, and one order waiting
 * on its publisher for 5 days.
 */
import type { AppContext } from '../context.js';
import { cityIdByName, stateIdByName } from '../modules/lookups/geo.js';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { verifyPassword } from '../lib/auth.js';
import { accounts, books, libraries, order_events, order_items, orders, publishers } from '../db/schema.js';
import { addGalleryImage } from '../modules/site/routes.js';
import { createBook, createLibrary, createPublisher, makeJpeg } from './factories.js';

export const DEMO_PASSWORD = 'Demo@1234';

export interface DemoLogin {
  role: 'PUBLISHER' | 'LIBRARY';
  email: string;
  password: string;
  name: string;
}

/** The demo accounts' e-mail addresses, in the order the start prints them. */
const DEMO_EMAILS = ['publisher@demo.jsbn', 'jinvani@demo.jsbn', 'library@demo.jsbn'];

/**
 * The demo logins that work on this database: the demo accounts present and not suspended
 * whose password is still DEMO_PASSWORD (argon2id, checked once each), with the publisher's or
 * library's name as it stands. [] on a database without demo data. `npm start` prints them last,
 * on every start (docs: README, "Run it").
 */
export async function demoLogins(ctx: AppContext): Promise<DemoLogin[]> {
  const rows = await ctx.db
    .select({
      email: accounts.email,
      role: accounts.role,
      password_hash: accounts.password_hash,
      publisher: publishers.publisher_name,
      library: libraries.name,
    })
    .from(accounts)
    .leftJoin(publishers, eq(publishers.account_id, accounts.id))
    .leftJoin(libraries, eq(libraries.account_id, accounts.id))
    .where(and(inArray(accounts.email, DEMO_EMAILS), isNull(accounts.suspended_at)))
    .orderBy(asc(accounts.id));
  const logins: DemoLogin[] = [];
  for (const row of rows) {
    if (row.role === 'OPERATOR' || !(await verifyPassword(row.password_hash, DEMO_PASSWORD))) continue;
    logins.push({ role: row.role, email: row.email, password: DEMO_PASSWORD, name: row.publisher ?? row.library ?? '' });
  }
  return logins;
}

/**
 * Seeds the demo data when the database has no account yet (operators aside).
 * @returns the demo logins created, or [] when the database already had accounts
 */
export async function seedDemo(ctx: AppContext): Promise<DemoLogin[]> {
  // operators made first (`npm run operator:add`, decision 041) are no catalogue: the demo still comes
  if ((await ctx.db.$count(accounts, ne(accounts.role, 'OPERATOR'))) > 0) return [];
  const gujarat = stateIdByName('Gujarat')!;
  const rajasthan = stateIdByName('Rajasthan')!;
  const ahmedabad = await createPublisher(ctx, {
    email: 'publisher@demo.jsbn',
    password: DEMO_PASSWORD,
    publisher_no: 'AHMJS',
    publisher_name: 'Shri Jain Sahitya Prakashan Trust',
    state_id: gujarat,
    city_id: cityIdByName(gujarat, 'Ahmedabad'),
    address: 'Near Ratanpol, Gandhi Road, Ahmedabad',
  });
  const jaipur = await createPublisher(ctx, {
    email: 'jinvani@demo.jsbn',
    password: DEMO_PASSWORD,
    publisher_no: 'JNVNI',
    publisher_name: 'Jinvani Granthmala',
    state_id: rajasthan,
    city_id: cityIdByName(rajasthan, 'Jaipur'),
    address: 'Johari Bazaar, Jaipur',
  });
  const library = await createLibrary(ctx, {
    email: 'library@demo.jsbn',
    password: DEMO_PASSWORD,
    name: 'Shri Hemchandracharya Gyan Bhandar',
    // a Gyan Bhandar in Palitana writes its letters in Gujarati: the letter text is what it typed, in any language
    letter_text: 'આદરણીય પ્રકાશકશ્રી, અમારા જ્ઞાન ભંડારના વાચકો માટે નીચેનાં પુસ્તકો મોકલવા વિનંતી છે.',
  });

  const catalogue: [number, Parameters<typeof createBook>[2]][] = [
    [
      ahmedabad.publisherId,
      {
        book_title: 'કલ્પસૂત્ર',
        book_e_title: 'Kalpasutra',
        language: 'Gujarati',
        publication_year: 2019,
        pages: 312,
        type: 'AGM1',
        price: 250,
        subjects: [{ id: 1 }, { id: 16 }],
        authors: [
          { authorType: 1, author_name: 'Bhadrabahu Swami' },
          { authorType: 3, author_name: 'Muni Jambuvijay' },
        ],
      },
    ],
    [
      ahmedabad.publisherId,
      {
        book_title: 'ભક્તામર સ્તોત્ર',
        book_e_title: 'Bhaktamar Stotra',
        language: 'Gujarati',
        publication_year: 2021,
        pages: 96,
        type: 'STO1',
        price_kind: 'nominal',
        price: 20,
        subjects: [{ id: 24 }],
        authors: [{ authorType: 1, author_name: 'Acharya Mantungasuri' }],
      },
    ],
    [
      ahmedabad.publisherId,
      {
        book_title: 'યોગશાસ્ત્ર',
        book_e_title: 'Yogashastra',
        language: 'Gujarati',
        publication_year: 2018,
        pages: 428,
        type: 'PRA1',
        price: 180,
        subjects: [{ id: 13 }, { id: 4 }],
        authors: [{ authorType: 1, author_name: 'Hemchandracharya' }],
      },
    ],
    [
      ahmedabad.publisherId,
      {
        book_title: 'આત્મસિદ્ધિ શાસ્ત્ર',
        book_e_title: 'Atmasiddhi Shastra',
        language: 'Gujarati',
        publication_year: 2023,
        pages: 148,
        type: 'KAV1',
        price_kind: 'free',
        subjects: [{ id: 5 }],
        authors: [{ authorType: 1, author_name: 'Shrimad Rajchandra' }],
      },
    ],
    [
      ahmedabad.publisherId,
      {
        book_title: 'પ્રતિક્રમણ સૂત્ર',
        book_e_title: 'Pratikraman Sutra',
        language: 'Gujarati',
        publication_year: 2022,
        pages: 180,
        type: 'VID1',
        price_kind: 'nominal',
        price: 10,
        subjects: [{ id: 14 }],
        authors: [{ authorType: 5, author_name: 'Shri Jain Sangh' }],
      },
    ],
    [
      jaipur.publisherId,
      {
        book_title: 'तत्त्वार्थसूत्र',
        book_e_title: 'Tattvartha Sutra',
        language: 'Sanskrit',
        publication_year: 2020,
        pages: 264,
        type: 'SAT1',
        price: 150,
        subjects: [{ id: 9 }, { id: 4 }],
        authors: [
          { authorType: 1, author_name: 'Acharya Umaswati' },
          { authorType: 4, author_name: 'Pujyapada' },
        ],
      },
    ],
    [
      jaipur.publisherId,
      {
        book_title: 'समयसार',
        book_e_title: 'Samaysara',
        language: 'Prakrit',
        publication_year: 2017,
        pages: 540,
        type: 'PRA1',
        price_kind: 'free',
        subjects: [{ id: 5 }, { id: 4 }],
        authors: [{ authorType: 1, author_name: 'Acharya Kundakunda' }],
      },
    ],
    [
      jaipur.publisherId,
      {
        book_title: 'उत्तराध्ययन सूत्र',
        book_e_title: 'Uttaradhyayana Sutra',
        language: 'Hindi',
        publication_year: 2016,
        pages: 620,
        type: 'AGM1',
        price: 300,
        subjects: [{ id: 1 }],
        authors: [
          { authorType: 1, author_name: 'Sudharma Swami' },
          { authorType: 3, author_name: 'Sadhvi Chandana' },
        ],
      },
    ],
  ];
  const bookIds: number[] = [];
  for (const [publisherId, fields] of catalogue) bookIds.push((await createBook(ctx, publisherId, fields)).id);
  await seedWaitingOrder(ctx, {
    libraryId: library.libraryId,
    accountId: library.accountId,
    publisherId: jaipur.publisherId,
    bookId: bookIds.at(-1)!,
  });
  await seedGallery(ctx);

  return [
    { role: 'PUBLISHER', email: ahmedabad.email, password: DEMO_PASSWORD, name: ahmedabad.publisher_name },
    { role: 'PUBLISHER', email: jaipur.email, password: DEMO_PASSWORD, name: jaipur.publisher_name },
    { role: 'LIBRARY', email: library.email, password: DEMO_PASSWORD, name: library.name },
  ];
}

/** How long the demo's waiting order has waited, days: past the 3 that allow a reminder, short of the 7 that send one by itself. */
const WAITING_ORDER_DAYS = 5;

/**
 * An order the demo library placed with the Jaipur publisher 5 days ago and still Requested, so
 * a newcomer sees 'Waiting 5 days' and can send a reminder.
 */
async function seedWaitingOrder(
  ctx: AppContext,
  { libraryId, accountId, publisherId, bookId }: { libraryId: number; accountId: number; publisherId: number; bookId: number },
) {
  const placed = new Date(ctx.clock().getTime() - WAITING_ORDER_DAYS * 24 * 60 * 60_000);
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        library_id: libraryId,
        publisher_id: publisherId,
        status: 'REQUESTED',
        order_date: placed,
        status_since: placed,
        created_at: placed,
        updated_at: placed,
      })
      .returning({ id: orders.id });
    const [price] = await tx
      .select({ price_kind: books.price_kind, price_minor: books.price_minor, currency: books.currency })
      .from(books)
      .where(eq(books.id, bookId));
    await tx.insert(order_items).values({ order_id: order!.id, book_id: bookId, number_of_copies: 2, ...price! });
    await tx.insert(order_events).values({
      order_id: order!.id,
      from_status: null,
      to_status: 'REQUESTED',
      actor_account_id: accountId,
      actor_role: 'LIBRARY',
      created_at: placed,
    });
  });
}

/** Puts three demo pictures into the gallery folder of the storage. */
export async function seedGallery(ctx: AppContext): Promise<void> {
  const gallery: [string, string][] = [
    ['01-jsbn-launch.jpg', 'JSBN'],
    ['02-gyan-bhandar.jpg', 'જ્ઞાન ભંડાર'],
    ['03-granth-seva.jpg', 'ग्रंथ सेवा'],
  ];
  for (const [name, text] of gallery) {
    await addGalleryImage(ctx, name, await makeJpeg(text, { width: 640, height: 420, color: '#6d4c41' }));
  }
}
