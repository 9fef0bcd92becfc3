/**
 * The database schema (Drizzle). Tables are plural snake_case with id, created_at,
 * updated_at; every index says which query it serves. Indic text is stored NFC.
 * Migrations are generated from this file into ./migrations (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A login: one e-mail may hold one publisher and one library account (login names the modelType). */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** OPERATOR accounts are made on the server only (`npm run operator:add`), never by registration. */
    role: text('role', { enum: ['PUBLISHER', 'LIBRARY', 'OPERATOR'] }).notNull(),
    password_hash: text('password_hash').notNull(),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * When the profile's mobile number was confirmed by a WhatsApp code (decision 081); null while
     * it is not, and cleared whenever the number changes.
     */
    mobile_verified_at: timestamp('mobile_verified_at', { withTimezone: true }),
    /** Bumped on password change/reset; tokens carrying an older version are refused. */
    token_version: integer('token_version').notNull().default(0),
    /** The interface language the account's e-mails and WhatsApp texts are written in: en, gu or hi. */
    preferred_language: text('preferred_language', { enum: ['en', 'gu', 'hi'] })
      .notNull()
      .default('en'),
    /** An operator's TOTP secret (RFC 6238, base32); enrolled once `totp_enabled_at` is set. */
    totp_secret: text('totp_secret'),
    totp_enabled_at: timestamp('totp_enabled_at', { withTimezone: true }),
    /**
     * The time step (Unix seconds / 30) of the last code that signed the operator in: a code of
     * that step or an earlier one is refused (RFC 6238 §5.2, no replay within the code's window).
     */
    totp_last_step: integer('totp_last_step'),
    /** A suspended account cannot sign in and its listings are hidden; lifting it clears both (nothing is erased). */
    suspended_at: timestamp('suspended_at', { withTimezone: true }),
    suspended_reason: text('suspended_reason'),
    ...timestamps,
  },
  (t) => [
    // login and registration look-up by (email, role)
    uniqueIndex('accounts_email_role_key').on(t.email, t.role),
  ],
);

export const publishers = pgTable(
  'publishers',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    publisher_no: text('publisher_no').notNull(),
    publisher_name: text('publisher_name').notNull(),
    publisher_type: text('publisher_type').notNull(),
    /** Contact and place are required at registration; publishers created by the catalogue import may lack them. */
    address: text('address'),
    state_id: integer('state_id'),
    city_id: integer('city_id'),
    /** A town or village typed beside its district (`city_id`), which the list may lack (decision 072); null when none. */
    town: text('town'),
    pincode: text('pincode'),
    landline_no: text('landline_no'),
    mobile_no: text('mobile_no'),
    whatsapp_no: text('whatsapp_no'),
    gst_no: text('gst_no'),
    aadhar_no: text('aadhar_no'),
    logo_key: text('logo_key'),
    /** Last JSBN sequence issued; only ever increases, so a number is never reused. */
    last_jsbn_seq: integer('last_jsbn_seq').notNull().default(0),
    /** How many books the publisher has, kept by triggers on `books` (migration 0017): their sum is the catalogue's size. */
    book_count: integer('book_count').notNull().default(0),
    /** The operators' verification: NEW until an operator verifies, asks a question or rejects it. */
    verification: text('verification', { enum: ['NEW', 'ASKED', 'VERIFIED', 'REJECTED'] })
      .notNull()
      .default('NEW'),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    /** Postage terms (decision 070): free, per parcel, per copy, or as actual (told when accepting or dispatching). */
    postage_terms: text('postage_terms', { enum: ['free', 'per_parcel', 'per_copy', 'actual'] })
      .notNull()
      .default('actual'),
    /** The amount per parcel or per copy, paise. */
    postage_rate_minor: bigint('postage_rate_minor', { mode: 'number' }),
    /** The UPI ID (VPA) and payee name libraries pay to; bank details for NEFT (all optional). */
    upi_vpa: text('upi_vpa'),
    upi_payee_name: text('upi_payee_name'),
    bank_account_name: text('bank_account_name'),
    bank_account_no: text('bank_account_no'),
    bank_ifsc: text('bank_ifsc'),
    /** Whether a library is reminded, once, of a dispatched order unpaid after a week. */
    payment_reminders: boolean('payment_reminders').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    // one publisher profile per account
    uniqueIndex('publishers_account_id_key').on(t.account_id),
    // publisher_no is the JSBN prefix: unique forever
    uniqueIndex('publishers_publisher_no_key').on(t.publisher_no),
    // book lists sorted by publisher name: publishers in order, then each one's books
    index('publishers_name_idx').on(t.publisher_name, t.id),
    // the operators' queue of publishers to verify, oldest first
    index('publishers_verification_idx').on(t.verification, t.created_at),
  ],
);

export const libraries = pgTable(
  'libraries',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sanchalak_name: text('sanchalak_name').notNull(),
    sanchalak_address: text('sanchalak_address').notNull(),
    address: text('address').notNull(),
    mobile_no: text('mobile_no').notNull(),
    whatsapp_no: text('whatsapp_no').notNull(),
    number_of_books: integer('number_of_books'),
    sangh_trust: text('sangh_trust').notNull(),
    gst_no: text('gst_no'),
    aadhar_no: text('aadhar_no'),
    logo_key: text('logo_key'),
    /** Letterhead text; a library without it cannot order. */
    letter_text: text('letter_text'),
    /** Whether readers see which books it holds ('Read it at' on a book's page, its own page, SRU 852); off by default (decision 077). */
    holdings_public: boolean('holdings_public').notNull().default(false),
    /** When readers may come, as the library writes it ('Daily 9–12 and 4–7; closed on Mondays'). */
    opening_hours: text('opening_hours'),
    /** Where it is, for 'nearest first' on a book's page: PIN code (6 digits), city and state of the lookups. */
    pincode: text('pincode'),
    city_id: integer('city_id'),
    state_id: integer('state_id'),
    /** The lending desk's loan period, days (decision 076); null: a loan has no due date unless one is given. */
    loan_period_days: integer('loan_period_days').default(30),
    /** Loans to a sadhu or sadhvi have no due date (a vihar), unless one is given (decision 076). */
    sadhu_no_due: boolean('sadhu_no_due').notNull().default(false),
    /**
     * How many copies the library has (every state: the list shows them all), for the list's total
     * without a count of 100,000 rows (decision 080). Written by the application under the
     * library's lock where a copy is made (`addHolding`, `shelveOrder`); copies are never erased.
     */
    holdings_count: integer('holdings_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // one library profile per account
    uniqueIndex('libraries_account_id_key').on(t.account_id),
  ],
);

/** One-time codes (decision 007): hashed, single use, expiring, limited tries. */
export const one_time_codes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** verify_email: the e-mailed code of a registration; verify_mobile: the WhatsApp code confirming the mobile number (decision 081). */
    purpose: text('purpose', { enum: ['verify_email', 'verify_mobile'] }).notNull(),
    code_hash: text('code_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // the live code of an account: WHERE account_id = $1 AND purpose = $2 ORDER BY id DESC
    index('one_time_codes_account_purpose_idx').on(t.account_id, t.purpose),
  ],
);

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    publisher_id: integer('publisher_id')
      .notNull()
      .references(() => publishers.id),
    publisher_jsbn_id: integer('publisher_jsbn_id').notNull(),
    /** Canonical JSBN, 11 characters without hyphens. */
    jsbn_number: text('jsbn_number').notNull(),
    book_title: text('book_title').notNull(),
    book_e_title: text('book_e_title').notNull(),
    alternate_title: text('alternate_title'),
    book_alt_subtitle: text('book_alt_subtitle'),
    book_subtitle_lang: text('book_subtitle_lang'),
    language: text('language').notNull(),
    /** Inches. */
    height: real('height'),
    width: real('width'),
    type: text('type'),
    other_type: text('other_type'),
    part: text('part'),
    /** Null when not known (imported catalogue records: 'date not identified'). */
    publication_year: integer('publication_year'),
    pages: integer('pages').notNull(),
    no_of_copy: integer('no_of_copy'),
    /** Priced, nominal ('for propagation') or free; a free book has no price_minor. */
    price_kind: text('price_kind', { enum: ['priced', 'nominal', 'free'] })
      .notNull()
      .default('priced'),
    /** Price in minor units (paise, cents) of `currency`. */
    price_minor: bigint('price_minor', { mode: 'number' }),
    currency: text('currency').notNull().default('INR'),
    book_published: boolean('book_published').notNull().default(false),
    published_date: date('published_date'),
    tags: text('tags'),
    other_subject: text('other_subject'),
    readers: text('readers', { enum: ['Yes', 'No'] }),
    electronic_copy: text('electronic_copy', { enum: ['Yes', 'No'] }),
    is_public_pdf: boolean('is_public_pdf'),
    pdfurl: text('pdfurl'),
    is_available: boolean('is_available').notNull().default(false),
    contents: text('contents'),
    cover_key: text('cover_key'),
    /** Index PDF (public) and the uploaded book PDF (private; docs/api.md `index_pdf`, `pdfpublisher`). */
    index_pdf_key: text('index_pdf_key'),
    book_pdf_key: text('book_pdf_key'),
    /**
     * Id of the catalogue record a book was imported from (e.g. `jainelibrary:001014`), or of
     * the bulk upload's row it was registered from (`bulk:<batch>:<row>`); unique per publisher.
     */
    source_ref: text('source_ref'),
    /** Lower-cased NFC text of titles, authors, publisher and JSBN, for trigram search. */
    search_text: text('search_text').notNull().default(''),
    /** Titles only (all scripts and their romanisation), to rank title matches first. */
    title_text: text('title_text').notNull().default(''),
    /** Version of the search_text recipe; rows below the current one are re-indexed at start. */
    search_version: integer('search_version').notNull().default(0),
    /** A withdrawn book keeps its JSBN forever; its page answers 410 with the date and reason. */
    withdrawn_at: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawn_reason: text('withdrawn_reason'),
    /** The book a withdrawn duplicate points to ('See JSBN …'). */
    duplicate_of: integer('duplicate_of'),
    ...timestamps,
  },
  (t) => [
    // GET /book/listing/jsbn/:jsbnNo; a JSBN is never given to another book
    uniqueIndex('books_jsbn_number_key').on(t.jsbn_number),
    // a publisher's sequence number is used once
    uniqueIndex('books_publisher_seq_key').on(t.publisher_id, t.publisher_jsbn_id),
    // GET /book/publisher/:id ordered by newest
    index('books_publisher_created_idx').on(t.publisher_id, t.created_at),
    // recently published lists and broad searches: ORDER BY created_at DESC, id DESC
    index('books_created_idx').on(t.created_at, t.id),
    // the importer skips records already imported (by source_ref alone); a bulk upload's row is
    // registered once per publisher, whatever another publisher names its upload (decision 037)
    uniqueIndex('books_source_ref_publisher_key').on(t.source_ref, t.publisher_id),
    // search: search_text LIKE '%…%' (pg_trgm)
    index('books_search_text_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    // the duplicate check (decision 044): title_text LIKE '%…%' for each word of a title reads
    // the titles' trigrams only, not those of the whole search text
    index('books_title_text_trgm_idx').using('gin', sql`${t.title_text} gin_trgm_ops`),
    // the duplicate check (decision 054): the words of the titles (jsbn_title_words, migration
    // 0026), each a list of books the check intersects — a word's list, not its trigrams'
    index('books_title_words_idx').using('gin', sql`jsbn_title_words(${t.title_text})`),
    // book lists sorted by a column (BOOK_SORT_FIELDS), ties by id in the same direction:
    // a page is a range of one index, read forwards or backwards, at any catalogue size
    index('books_title_idx').on(t.book_title, t.id),
    index('books_e_title_idx').on(t.book_e_title, t.id),
    index('books_year_idx').on(t.publication_year, t.id),
    index('books_language_idx').on(t.language, t.id),
    index('books_pages_idx').on(t.pages, t.id),
    // OAI-PMH harvests: WHERE (updated_at, id) > ($1, $2) ORDER BY updated_at, id — a page is
    // one index range at any depth, and a book changed during a harvest moves past the cursor
    // (decision 034); a publisher's set the same range within the publisher
    index('books_changed_idx').on(t.updated_at, t.id),
    index('books_publisher_changed_idx').on(t.publisher_id, t.updated_at, t.id),
    // a plain list's total subtracts the withdrawn books (books/visibility.ts hiddenBookCount):
    // the few withdrawn ones counted from a small index, not by reading every book
    index('books_withdrawn_idx')
      .on(t.publisher_id)
      .where(sql`${t.withdrawn_at} is not null`),
  ],
);

/**
 * The search vocabulary (decision 012): every word of the books' `search_text` with the
 * number of books holding it, kept by triggers on `books` (migration 0007). Search reads it
 * to learn, before touching a book, how many books a query matches and which known words a
 * misspelt one meant.
 */
export const search_words = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    books: integer('books').notNull(),
  },
  (t) => [
    // words containing what was typed (LIKE '%…%') and words like it (% similarity); no
    // pending list (fastupdate), which every search would read through until a vacuum
    index('search_words_word_trgm_idx')
      .using('gin', sql`${t.word} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * The word index (decision 024): one row for each word of each book's `search_text` (the
 * vocabulary's split) with what a search ranks by — whether the word is in the book's title
 * (`title_text`), the title's length (characters of `book_title`) and the book's age — kept by
 * triggers on `books` (migration 0016). A search of one word ranks the books holding the
 * vocabulary's words that contain it from this index alone, without reading a book.
 */
export const search_postings = pgTable(
  'search_postings',
  {
    word: text('word').notNull(),
    in_title: boolean('in_title').notNull(),
    title_length: integer('title_length').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    book_id: integer('book_id').notNull(),
  },
  (t) => [
    // a word's books in the order a search ranks them (title first, shorter title, newest);
    // every column in the key: a search reads the index alone (index-only scan), and a
    // trigger finds a book's rows by their whole key
    index('search_postings_rank_idx').on(t.word, t.in_title.desc(), t.title_length, t.created_at.desc(), t.book_id.desc()),
    // a word's title rows newest first (decision 056): an SRU title search merges its words'
    // lists in that order and reads only as far as its page, never every row of a common word
    index('search_postings_title_newest_idx')
      .on(t.word, t.created_at.desc(), t.book_id.desc())
      .where(sql`${t.in_title}`),
  ],
);

/**
 * An author: one record per NFC name, reused by every book that names it (docs/api.md
 * `GET /book/author-name`; a book form picks one by `authorId` or names a new one).
 */
export const authors = pgTable(
  'authors',
  {
    id: serial('id').primaryKey(),
    author_name: text('author_name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one record per name: INSERT … ON CONFLICT (author_name) DO NOTHING
    uniqueIndex('authors_name_idx').on(t.author_name),
    // the form's autocomplete: WHERE author_name ILIKE '%' || $1 || '%'
    index('authors_name_trgm_idx').using('gin', sql`${t.author_name} gin_trgm_ops`),
  ],
);

export const book_authors = pgTable(
  'book_authors',
  {
    id: serial('id').primaryKey(),
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    author_type_id: integer('author_type_id').notNull(),
    author_id: integer('author_id')
      .notNull()
      .references(() => authors.id),
    /** The author's name as the book shows it (the author record's, copied when the book was saved). */
    author_name: text('author_name').notNull(),
  },
  (t) => [
    // authors of a page of books: WHERE book_id = ANY($1)
    index('book_authors_book_idx').on(t.book_id, t.position),
  ],
);

/** Up to 4 extra images of a book (docs/api.md `bookimage`), in display order. */
export const book_images = pgTable(
  'book_images',
  {
    id: serial('id').primaryKey(),
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    file_key: text('file_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // images of a page of books: WHERE book_id = ANY($1) ORDER BY position
    index('book_images_book_idx').on(t.book_id, t.position),
  ],
);

/**
 * Signed upload addresses of docs/api.md: one row per file the browser will PUT. A file
 * is stored when its PUT succeeds (`file_key`) and attached to the book only by the finalise
 * call (`finalised_at`); rows never finalised are removed with their files after a day.
 */
export const book_uploads = pgTable(
  'book_uploads',
  {
    id: serial('id').primaryKey(),
    /** Random id in the upload URL (the URL also carries an HMAC signature and expiry). */
    token: text('token').notNull(),
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    field: text('field', { enum: ['index_pdf', 'bookimage', 'pdfpublisher'] }).notNull(),
    file_name: text('file_name').notNull(),
    declared_type: text('declared_type').notNull(),
    /** Bytes the browser announced; null when it announced none (then the field's limit holds). */
    declared_size: bigint('declared_size', { mode: 'number' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    file_key: text('file_key'),
    /** With S3 storage: the key the presigned PUT writes to (checked and copied to file_key on finalise). */
    object_key: text('object_key'),
    file_size: bigint('file_size', { mode: 'number' }),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }),
    finalised_at: timestamp('finalised_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // PUT /api/files/upload/:token
    uniqueIndex('book_uploads_token_key').on(t.token),
    // finalise: WHERE book_id = $1 AND finalised_at IS NULL
    index('book_uploads_book_idx').on(t.book_id, t.finalised_at),
    // cleanup of stray uploads: WHERE finalised_at IS NULL AND created_at < $1
    index('book_uploads_created_idx').on(t.created_at),
  ],
);

/** Requests for a private book PDF (docs/api.md 'PDF request'); also sent to the publisher. */
export const book_requests = pgTable(
  'book_requests',
  {
    id: serial('id').primaryKey(),
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile_no: text('mobile_no').notNull(),
    reason: text('reason').notNull(),
    referred_by: text('referred_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // requests of a book, newest first
    index('book_requests_book_idx').on(t.book_id, t.created_at),
  ],
);

/** Orders of a book by a reader (docs/api.md 'Reader request'); also sent to the publisher. */
export const reader_orders = pgTable(
  'reader_orders',
  {
    id: serial('id').primaryKey(),
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    book_name: text('book_name'),
    wanted_date: date('wanted_date').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // reader orders of a book, newest first
    index('reader_orders_book_idx').on(t.book_id, t.created_at),
  ],
);

export const book_subjects = pgTable(
  'book_subjects',
  {
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    subject_id: integer('subject_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'book_subjects_pkey', columns: [t.book_id, t.subject_id] }),
    // subject filter of the advanced search
    index('book_subjects_subject_idx').on(t.subject_id),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    library_id: integer('library_id')
      .notNull()
      .references(() => libraries.id),
    publisher_id: integer('publisher_id')
      .notNull()
      .references(() => publishers.id),
    status: text('status', { enum: ['REQUESTED', 'IN_PROGRESS', 'DISPATCHED', 'COMPLETED', 'CANCELLED'] }).notNull(),
    order_date: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    /** The order letter sent to the publisher (stored PDF), and when it was sent by e-mail and WhatsApp. */
    letter_key: text('letter_key'),
    letter_sent_at: timestamp('letter_sent_at', { withTimezone: true }),
    /** When the order entered its current status: 'Waiting N days' counts from here. */
    status_since: timestamp('status_since', { withTimezone: true }).notNull().defaultNow(),
    /** The order's currency (its first priced book's; INR by default): postage and the total are in it. */
    currency: text('currency').notNull().default('INR'),
    /** The last reminder sent to the publisher, by the library or by the scheduled job (at most one a day). */
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
    /** When the scheduled job reminded the publisher of this status's wait (once; cleared by the next status). */
    auto_reminded_at: timestamp('auto_reminded_at', { withTimezone: true }),
    /** The publisher's postage terms when the order was placed, and their rate in paise (decision 070). */
    postage_terms: text('postage_terms', { enum: ['free', 'per_parcel', 'per_copy', 'actual'] })
      .notNull()
      .default('actual'),
    postage_rate_minor: bigint('postage_rate_minor', { mode: 'number' }),
    /** Postage the publisher stated when accepting or dispatching (terms 'actual'), paise of `currency`. */
    postage_minor: bigint('postage_minor', { mode: 'number' }),
    /** Where the payment stands: due → paid (awaiting confirmation) → confirmed | queried. */
    payment_state: text('payment_state', { enum: ['due', 'paid', 'confirmed', 'queried'] })
      .notNull()
      .default('due'),
    /** The payment the library recorded last: UTR (12 digits), the day it paid, and the amount in paise. */
    payment_utr: text('payment_utr'),
    payment_paid_on: date('payment_paid_on', { mode: 'string' }),
    payment_amount_minor: bigint('payment_amount_minor', { mode: 'number' }),
    /** When the library was reminded of this dispatched, unpaid order (once). */
    payment_reminded_at: timestamp('payment_reminded_at', { withTimezone: true }),
    /** Why the publisher accepted fewer copies than ordered, and the reason in words (a partial accept). */
    partial_reason: text('partial_reason', { enum: ['out_of_stock', 'limited_per_library', 'other'] }),
    partial_note: text('partial_note'),
    /** How the library received it: in full, or short or damaged with its note for the publisher. */
    received_as: text('received_as', { enum: ['in_full', 'short_or_damaged'] }),
    received_note: text('received_note'),
    ...timestamps,
  },
  (t) => [
    // a library's orders by tab: WHERE library_id = $1 AND status = $2 ORDER BY order_date DESC
    index('orders_library_status_idx').on(t.library_id, t.status, t.order_date),
    // a publisher's received orders by tab
    index('orders_publisher_status_idx').on(t.publisher_id, t.status, t.order_date),
    // the scheduled reminder: orders waiting on their publisher, not yet reminded, oldest first
    index('orders_waiting_idx')
      .on(t.status_since)
      .where(sql`${t.status} in ('REQUESTED', 'IN_PROGRESS') and ${t.auto_reminded_at} is null`),
    // the payment reminder: dispatched orders still due, not yet reminded, oldest first (decision 070)
    index('orders_unpaid_idx')
      .on(t.status_since)
      .where(sql`${t.status} = 'DISPATCHED' and ${t.payment_state} = 'due' and ${t.payment_reminded_at} is null`),
  ],
);

export const order_items = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id),
    number_of_copies: integer('number_of_copies').notNull(),
    accepted_book_copies: integer('accepted_book_copies'),
    /** The book's price when the order was placed: a later change of price does not change an order. */
    price_kind: text('price_kind', { enum: ['priced', 'nominal', 'free'] })
      .notNull()
      .default('priced'),
    price_minor: bigint('price_minor', { mode: 'number' }),
    currency: text('currency').notNull().default('INR'),
  },
  (t) => [
    // items of a page of orders: WHERE order_id = ANY($1)
    index('order_items_order_idx').on(t.order_id),
  ],
);

/**
 * Who moved an order to which status, and when (written with every status change); and each
 * reminder sent about it (`kind` reminder: by the library; auto_reminder: by the scheduled job,
 * with no actor account), where from and to are the status it waited in.
 */
export const order_events = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['status', 'reminder', 'auto_reminder', 'payment', 'payment_reminder'] })
      .notNull()
      .default('status'),
    /** For a payment event: the payment state it moved to (decision 070). */
    payment_state: text('payment_state'),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    actor_account_id: integer('actor_account_id').references(() => accounts.id),
    actor_role: text('actor_role').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The publisher is yet to be told of this event — a new order or a reminder: its notices are
     * sent together, one digest a few minutes after the first (modules/orders/notices.ts, decision 033).
     */
    notice_pending: boolean('notice_pending').notNull().default(false),
  },
  (t) => [
    // history of an order, oldest first
    index('order_events_order_idx').on(t.order_id, t.created_at),
    // the digest: the events its publisher is yet to hear of (a handful at any time)
    index('order_events_notice_pending_idx')
      .on(t.order_id)
      .where(sql`${t.notice_pending}`),
  ],
);

export const dispatches = pgTable('dispatches', {
  order_id: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  courier_company_name: text('courier_company_name'),
  courier_company_number: text('courier_company_number'),
  tracking_id: text('tracking_id'),
  file_key: text('file_key'),
  /** Postage the publisher states at dispatch, minor units of the order's currency. */
  postage_minor: bigint('postage_minor', { mode: 'number' }),
  ...timestamps,
});

/**
 * Bills of supply (CGST Rules, rule 49; decision 070): one per order, numbered per publisher and
 * financial year (`BOS/2026-27/0001`). A number is never reused: rows are never deleted, and the
 * unique index refuses a second holder of a number (the allocation retries).
 */
export const bills_of_supply = pgTable(
  'bills_of_supply',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id),
    publisher_id: integer('publisher_id')
      .notNull()
      .references(() => publishers.id),
    /** The Indian financial year, April to March: '2026-27'. */
    financial_year: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one bill an order
    uniqueIndex('bills_of_supply_order_key').on(t.order_id),
    // a number once per publisher and year; also the next number's max(seq)
    uniqueIndex('bills_of_supply_number_key').on(t.publisher_id, t.financial_year, t.seq),
  ],
);

/** Order creation replays: (account, Idempotency-Key) → the orders it made. */
export const idempotency_keys = pgTable(
  'idempotency_keys',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    order_ids: integer('order_ids').array().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.account_id, t.key] })],
);

/**
 * A generated document being made in the background (lib/jobs.ts, books/documents.ts): one
 * row per stored file to be, keyed by its storage key (which names its version), so every API
 * copy can tell a waiting user how far it has got.
 */
export const document_jobs = pgTable('document_jobs', {
  /** The storage key the document will have, e.g. `public/generated/catalog-12-gu-<version>.pdf`. */
  key: text('key').primaryKey(),
  state: text('state', { enum: ['queued', 'running', 'ready', 'failed'] })
    .notNull()
    .default('queued'),
  /** Books drawn so far, and how many there are. */
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  /** Why the last attempt failed (logged in full; never shown to users). */
  last_error: text('last_error'),
  ...timestamps,
});
/** Outgoing messages, written in the same transaction as the change that causes them. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The one-time code or link the message carries, for the dev mailbox. */
    code: text('code'),
    link: text('link'),
    attachment_key: text('attachment_key'),
    /** The e-mail's HTML part (the text is its plain part), or null for a text-only message. */
    html: text('html'),
    /**
     * The https address that unsubscribes the recipient in one click (RFC 8058): the e-mail carries
     * it as `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
     */
    unsubscribe_url: text('unsubscribe_url'),
    /** A WhatsApp message sent as an approved template (Cloud API `type: 'template'`): its name, language and body parameters. */
    template: jsonb('template').$type<{ name: string; language: string; parameters: string[]; button?: string }>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** Why the last delivery attempt failed (the transport's message; never the body). */
    last_error: text('last_error'),
    ...timestamps,
  },
  (t) => [
    // dev outbox: WHERE recipient = $1 ORDER BY id DESC
    index('outbox_recipient_idx').on(t.recipient, t.id),
    // the delivery worker: WHERE status = 'pending' AND next_attempt_at <= now()
    index('outbox_pending_idx').on(t.status, t.next_attempt_at),
  ],
);

/** Password reset links (decision 007): ≥ 128-bit token stored hashed, single use, 1 hour. */
export const password_reset_tokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the reset page looks a token up by its hash
    uniqueIndex('password_reset_tokens_hash_key').on(t.token_hash),
  ],
);

/**
 * Addresses an account has logged in from successfully (the client address Fastify trusts,
 * TRUST_PROXY). Logins from a known address are not slowed by the account-wide limit on
 * failures, so an attacker elsewhere cannot lock the owner out (lib/rate-limit.ts,
 * docs/decisions/). Rows not used for LOGIN_ADDRESS_MEMORY_MS are forgotten.
 */
export const login_addresses = pgTable(
  'login_addresses',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    last_login_at: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // "has this account logged in from this address?" at every login
    primaryKey({ name: 'login_addresses_pkey', columns: [t.account_id, t.ip] }),
  ],
);

/**
 * Rate-limit counters shared by every API copy (lib/rate-limit.ts; the column names are the
 * ones rate-limiter-flexible's RateLimiterDrizzle reads and writes): `points` used in the
 * window that ends at `expire`. Looked up by primary key only.
 */
export const rate_limits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

/** Messages sent through the contact form (docs/api.md); also queued to support in the outbox. */
/**
 * A claim of an imported publisher account by the real publisher: support approves it
 * by a signed link, which gives the account the claimant's e-mail and sends it a reset link.
 */
export const publisher_claims = pgTable('publisher_claims', {
  id: serial('id').primaryKey(),
  publisher_id: integer('publisher_id')
    .notNull()
    .references(() => publishers.id),
  full_name: text('full_name').notNull(),
  email: text('email').notNull(),
  contact: text('contact').notNull(),
  message: text('message').notNull(),
  approved_at: timestamp('approved_at', { withTimezone: true }),
  /** An operator refused the claim (with why); the claimant is told. */
  refused_at: timestamp('refused_at', { withTimezone: true }),
  refused_reason: text('refused_reason'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contact_messages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  full_name: text('full_name').notNull(),
  email: text('email').notNull(),
  contact: text('contact').notNull(),
  message: text('message').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change on the record (the registry's history): who, when, what changed field by field,
 * and why. Written in the same transaction as the change (lib/audit.ts); append-only — a trigger
 * (migrations 0022 and 0029) refuses UPDATE, DELETE and TRUNCATE.
 */
export const audit_log = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The account that acted; null for the system (imports, housekeeping) or a visitor. */
    actor_account_id: integer('actor_account_id'),
    actor_role: text('actor_role', { enum: ['PUBLISHER', 'LIBRARY', 'OPERATOR', 'SYSTEM', 'VISITOR'] }).notNull(),
    /**
     * The acting publisher's or library's name as it was when it acted (a later rename does not
     * rewrite the record); null for an operator, the system, a visitor, and entries written
     * before migration 0032 (those show today's name).
     */
    actor_name: text('actor_name'),
    /** The acting account's e-mail as it was when it acted; null as `actor_name`. */
    actor_email: text('actor_email'),
    /** The history's AUDIT_SUBJECTS (`@jsbn/shared`), listed here for drizzle-kit; lib/audit.test.ts holds the two lists together. */
    subject_type: text('subject_type', {
      enum: [
        'book',
        'publisher',
        'library',
        'order',
        'account',
        'report',
        'duplicate',
        'claim',
        'message',
        'job',
        'holding',
        'member',
        'loan',
      ],
    }).notNull(),
    subject_id: bigint('subject_id', { mode: 'number' }).notNull(),
    /** What happened: created, updated, withdrawn, verified, suspended, … */
    action: text('action').notNull(),
    /** Each changed field: { field: [before, after] }. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    reason: text('reason'),
  },
  (t) => [
    // a subject's history, newest first (a book's history on its edit page)
    index('audit_log_subject_idx').on(t.subject_type, t.subject_id, t.id),
    // the operator's filtered list, newest first
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actor_account_id, t.id),
  ],
);

/** The thread between the operators and a publisher about its verification (a question, its answers). */
export const publisher_messages = pgTable(
  'publisher_messages',
  {
    id: serial('id').primaryKey(),
    publisher_id: integer('publisher_id')
      .notNull()
      .references(() => publishers.id),
    from_role: text('from_role', { enum: ['OPERATOR', 'PUBLISHER'] }).notNull(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publisher_messages_publisher_idx').on(t.publisher_id, t.id)],
);

/** 'Report a problem with this book' from a visitor, or a publisher's request to withdraw its own book. */
export const book_reports = pgTable(
  'book_reports',
  {
    id: serial('id').primaryKey(),
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id),
    kind: text('kind', { enum: ['WRONG_DETAILS', 'DUPLICATE', 'SHOULD_BE_WITHDRAWN', 'NOT_JAIN', 'OTHER', 'WITHDRAW_REQUEST'] }).notNull(),
    reason: text('reason').notNull(),
    /** Told of the outcome when given. */
    reporter_email: text('reporter_email'),
    reporter_account_id: integer('reporter_account_id'),
    status: text('status', { enum: ['OPEN', 'CORRECTED', 'WITHDRAWN', 'DECLINED'] })
      .notNull()
      .default('OPEN'),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    resolved_by: integer('resolved_by'),
    resolution_note: text('resolution_note'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the operators' queue: open reports, oldest first
    index('book_reports_status_idx').on(t.status, t.created_at),
    index('book_reports_book_idx').on(t.book_id),
  ],
);

/**
 * A book registered whose title and author closely match an existing one (book_id the newer,
 * other_book_id the older), queued for an operator; `publisher_reason` is why the publisher
 * registered it anyway (new edition, reprint, different book).
 */
export const duplicate_pairs = pgTable(
  'duplicate_pairs',
  {
    id: serial('id').primaryKey(),
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id),
    other_book_id: integer('other_book_id')
      .notNull()
      .references(() => books.id),
    similarity: real('similarity').notNull(),
    publisher_reason: text('publisher_reason'),
    status: text('status', { enum: ['OPEN', 'NOT_DUPLICATE', 'WITHDRAWN'] })
      .notNull()
      .default('OPEN'),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    resolved_by: integer('resolved_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('duplicate_pairs_books_key').on(t.book_id, t.other_book_id),
    index('duplicate_pairs_status_idx').on(t.status, t.created_at),
  ],
);

/**
 * What a library collects (docs/decisions/073): languages (`language_name` of the lookups),
 * subject ids, swaroop codes, and how often it hears of new books matching them — `weekly` (each
 * digest run, INTEREST_DIGEST_SECONDS) or `never`. `since` is where its next digest starts: the
 * registration time after which a new book is news to it (the last digest's, or when it first
 * stated its interests).
 */
export const library_interests = pgTable('library_interests', {
  library_id: integer('library_id')
    .primaryKey()
    .references(() => libraries.id, { onDelete: 'cascade' }),
  languages: text('languages')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  subject_ids: integer('subject_ids')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  swaroops: text('swaroops')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  frequency: text('frequency', { enum: ['weekly', 'never'] })
    .notNull()
    .default('weekly'),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  ...timestamps,
});

/** A publisher a library follows: every new book of it is in the library's digest. */
export const followed_publishers = pgTable(
  'followed_publishers',
  {
    library_id: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    publisher_id: integer('publisher_id')
      .notNull()
      .references(() => publishers.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'followed_publishers_pkey', columns: [t.library_id, t.publisher_id] }),
    // a publisher's count of followers: WHERE publisher_id = $1
    index('followed_publishers_publisher_idx').on(t.publisher_id),
  ],
);

/** An author a library follows: every new book naming the author is in the library's digest. */
export const followed_authors = pgTable(
  'followed_authors',
  {
    library_id: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    author_id: integer('author_id')
      .notNull()
      .references(() => authors.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'followed_authors_pkey', columns: [t.library_id, t.author_id] })],
);

/** One digest sent to a library: when, and the registration times of the books it covered. */
export const interest_digests = pgTable(
  'interest_digests',
  {
    id: serial('id').primaryKey(),
    library_id: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    /** The books registered after `since_at` and up to `until_at` were looked at. */
    since_at: timestamp('since_at', { withTimezone: true }).notNull(),
    until_at: timestamp('until_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // a library's digests, newest first
    index('interest_digests_library_idx').on(t.library_id, t.id),
  ],
);

/**
 * Each book a digest named, and what the library did with it from the e-mail: tapped 'Add to
 * cart' (`carted_at`) or said 'Not for us' (`dismissed_at`; the book is never suggested to it again).
 */
export const digest_books = pgTable(
  'digest_books',
  {
    digest_id: integer('digest_id')
      .notNull()
      .references(() => interest_digests.id, { onDelete: 'cascade' }),
    book_id: integer('book_id')
      .notNull()
      .references(() => books.id),
    library_id: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    carted_at: timestamp('carted_at', { withTimezone: true }),
    dismissed_at: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'digest_books_pkey', columns: [t.digest_id, t.book_id] }),
    // how many digests named each book of a publisher: WHERE book_id = ANY($1) GROUP BY book_id
    index('digest_books_book_idx').on(t.book_id),
    // the books a library was already told of (never named twice): WHERE library_id = $1 AND book_id = …
    index('digest_books_library_book_idx').on(t.library_id, t.book_id),
  ],
);

/**
 * A library's copies (decision 071): one row for each copy that is or was on its shelves — a
 * registered book (`book_id`) or a book described by hand (an old book or a manuscript: `title`
 * and what else is known) — with its accession number, unique within the library
 * (`accession_no` is that number when it is all digits: the next number is the largest plus
 * one), its place, condition, how it came and when, and its state. Nothing is erased: a copy
 * leaves the shelves as `withdrawn` with a reason, and the record keeps every change.
 * `search_text` is the copy's title, authors, publisher and JSBN in every form the catalogue's
 * search matches: a registered book's own `search_text` (`searchColumnsOf`), copied onto the copy
 * by the application (modules/holdings/search-text.ts; no trigger), or a described book's.
 */
export const holdings = pgTable(
  'holdings',
  {
    id: serial('id').primaryKey(),
    library_id: integer('library_id')
      .notNull()
      .references(() => libraries.id),
    book_id: integer('book_id').references(() => books.id),
    /** A book described by hand (no `book_id`): its title, and what else is known. */
    title: text('title'),
    author: text('author'),
    publisher_name: text('publisher_name'),
    publication_year: integer('publication_year'),
    language: text('language'),
    isbn: text('isbn'),
    accession_number: text('accession_number').notNull(),
    accession_no: bigint('accession_no', { mode: 'number' }),
    place: text('place'),
    condition: text('condition', { enum: ['new', 'good', 'worn', 'damaged'] })
      .notNull()
      .default('good'),
    note: text('note'),
    source: text('source', { enum: ['order', 'gift', 'bought'] })
      .notNull()
      .default('bought'),
    acquired_on: date('acquired_on', { mode: 'string' }),
    /** The order whose receipt shelved the copy (source 'order'). */
    order_id: integer('order_id').references(() => orders.id),
    state: text('state', { enum: ['available', 'lent', 'missing', 'withdrawn'] })
      .notNull()
      .default('available'),
    /** Why the copy left the shelves (state 'withdrawn' or 'missing'). */
    state_reason: text('state_reason'),
    /** What 'Find on our shelves' matches (see above; migration 0040 filled the copies made before it). */
    search_text: text('search_text').notNull(),
    /** The client's id of the add that made the copy (a scan sent again after the phone was offline): one copy per id (decision 075). */
    request_id: text('request_id'),
    ...timestamps,
  },
  (t) => [
    // a copy is of a registered book or of one described by its title
    check('holdings_book_or_title', sql`${t.book_id} is not null or ${t.title} is not null`),
    // an accession number names one copy of a library
    uniqueIndex('holdings_library_accession_key').on(t.library_id, t.accession_number),
    // the library's next number: max(accession_no) for the library
    index('holdings_library_accession_no_idx').on(t.library_id, t.accession_no),
    // the library's copies of a book ('already on the shelves: 2 copies'), and a list newest first
    index('holdings_library_book_idx').on(t.library_id, t.book_id),
    index('holdings_library_created_idx').on(t.library_id, t.created_at, t.id),
    // the copies an order shelved (undo)
    index('holdings_order_idx')
      .on(t.order_id)
      .where(sql`${t.order_id} is not null`),
    // an add sent again with its request id finds the copy it made (decision 075)
    uniqueIndex('holdings_library_request_key')
      .on(t.library_id, t.request_id)
      .where(sql`${t.request_id} is not null`),
    // 'Find on our shelves': the library's copies whose text holds what was typed (decision 080;
    // the library as a one-element array in the same GIN index, `libraryKey`, so a search reads
    // that library's entries; not btree_gin, which PGlite hangs with)
    index('holdings_library_search_trgm_idx').using('gin', sql`(array[${t.library_id}])`, sql`${t.search_text} gin_trgm_ops`),
    // the list filtered by place or state, newest first, without reading the library's other copies
    index('holdings_library_place_idx').on(t.library_id, sql`lower(${t.place})`),
    index('holdings_library_state_idx').on(t.library_id, t.state),
    // a book's copies in every library, whose text follows the book's (bookTextToCopies)
    index('holdings_book_idx')
      .on(t.book_id)
      .where(sql`${t.book_id} is not null`),
    // who holds a book on its shelves ('Read it at', SRU 852; decision 077)
    index('holdings_book_available_idx')
      .on(t.book_id, t.library_id)
      .where(sql`${t.state} = 'available'`),
  ],
);

/**
 * A library's members (decision 076): the people and institutions it lends to. Personal data:
 * read only by the library's own accounts, never in a public reply, page or log. A member removed
 * from the lending list is inactive; their loans stay in the record.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    library_id: integer('library_id')
      .notNull()
      .references(() => libraries.id),
    /** The library's own number for the member, unique within the library. */
    member_number: text('member_number').notNull(),
    name: text('name').notNull(),
    /** 10 digits (`normalizePhone`). */
    phone: text('phone').notNull(),
    email: text('email'),
    /** The language the member's reminders are written in. */
    language: text('language', { enum: ['en', 'gu', 'hi'] })
      .notNull()
      .default('gu'),
    kind: text('kind', { enum: ['sadhu_sadhvi', 'shravak_shravika', 'institution'] })
      .notNull()
      .default('shravak_shravika'),
    note: text('note'),
    /** Whether the member is reminded of loans due and overdue. */
    reminders: boolean('reminders').notNull().default(true),
    /** False once removed from the lending list. */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('members_library_number_key').on(t.library_id, t.member_number),
    index('members_library_name_idx').on(t.library_id, t.active, t.name),
  ],
);

/**
 * A copy lent to a member (decision 076): lent on a day (a paper register's past day too), due
 * on a day or never (a sadhu's vihar), returned on a day. A copy has one open loan at most.
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    library_id: integer('library_id')
      .notNull()
      .references(() => libraries.id),
    holding_id: integer('holding_id')
      .notNull()
      .references(() => holdings.id),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    lent_on: date('lent_on', { mode: 'string' }).notNull(),
    due_on: date('due_on', { mode: 'string' }),
    returned_on: date('returned_on', { mode: 'string' }),
    renewals: integer('renewals').notNull().default(0),
    /** A deposit or anything else the library notes. */
    note: text('note'),
    /** When the member was last reminded of the loan (at most once a week). */
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // one open loan per copy
    uniqueIndex('loans_open_holding_key')
      .on(t.holding_id)
      .where(sql`${t.returned_on} is null`),
    index('loans_holding_idx').on(t.holding_id, t.id),
    index('loans_member_idx').on(t.member_id, t.id),
    // what is lent now and overdue
    index('loans_library_open_idx')
      .on(t.library_id, t.due_on)
      .where(sql`${t.returned_on} is null`),
  ],
);
