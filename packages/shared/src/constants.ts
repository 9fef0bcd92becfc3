/**
 * Business constants and limits — of both documents. Named here once and imported
 * by the API and the web app; never repeat one of these numbers elsewhere.
 */

/** Phone numbers are 10 digits, shown with this country code. */
export const PHONE_DIGITS = 10;
export const COUNTRY_CODE = '+91';
/** One-time code: 6 digits; resend unlocks after 60 s (ms). */
export const OTP_LENGTH = 6;
export const OTP_RESEND_WAIT_MS = 60_000;
/** One-time code lifetime (ms) and wrong tries before it dies — decision 007. */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
/** Password length bounds (characters). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Minimum letterhead text (characters). */
export const LETTER_TEXT_MIN = 10;
/** Publisher unique id (`publisher_no`) length. */
export const PUBLISHER_NO_LENGTH = 5;

/** Upload limits in bytes, file types and their messages: file-rules.ts (`FILE_RULES`). */

/** Lists. */
export const SEARCH_DEBOUNCE_MS = 500;
export const PAGE_SIZES = ['10', '25', '50', '100', 'all'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = '10';
export const SEARCH_PAGE_SIZE = 50;
export const NEWLY_PUBLISHED_PAGE_SIZE = 20;
export const EMPTY_VALUE = 'N/A';

/** Samvat offsets — docs/api.md. */
export const VIKRAM_SAMVAT_OFFSET = 57;
export const VEER_SAMVAT_OFFSET = 527;

/** QR image edge in pixels (spec: 200x200). */
export const QR_SIZE_PX = 200;

/** Account roles, as `modelType` on the wire. */
export const MODEL_TYPES = ['PUBLISHER', 'LIBRARY'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];
/**
 * Every role an account can have: the two that register themselves, and the registry's
 * operators, made on the server only (`npm run operator:add`) and signing in with a TOTP code.
 */
export const ACCOUNT_ROLES = [...MODEL_TYPES, 'OPERATOR'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const PUBLISHER_TYPES = ['Sangh', 'Trust', 'Private Company', 'Institution'] as const;
export const SANCHALAK_TYPES = ['Sangh Sanchalit', 'Trust Sanchalit', 'Institution'] as const;

/** The 36 states and union territories of India by their `state_name` (the API's `GET /api/state`), named in each language by `locales/<lng>/lookups.json` (`states`). */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

/** Order statuses — docs/api.md. */
export const ORDER_STATUSES = ['REQUESTED', 'IN_PROGRESS', 'DISPATCHED', 'COMPLETED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What users read for each status (tab labels of Track Your Orders / Received Orders). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  REQUESTED: 'Requested',
  IN_PROGRESS: 'Preparing',
  DISPATCHED: 'Dispatched',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** The number users read for an order: 'ORD-000042'. */
export const orderNumber = (id: number) => `ORD-${String(id).padStart(6, '0')}`;

/** The actions on an order. */
export const ORDER_ACTIONS = ['accept', 'partialAccept', 'reject', 'cancel', 'dispatch', 'receive'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * The order state machine as data — docs/api.md table. The server checks every change
 * against it; the web app uses it to decide which buttons exist.
 */
export const ORDER_TRANSITIONS: Record<OrderAction, { from: OrderStatus; to: OrderStatus; by: ModelType }> = {
  accept: { from: 'REQUESTED', to: 'IN_PROGRESS', by: 'PUBLISHER' },
  partialAccept: { from: 'REQUESTED', to: 'IN_PROGRESS', by: 'PUBLISHER' },
  reject: { from: 'REQUESTED', to: 'CANCELLED', by: 'PUBLISHER' },
  cancel: { from: 'REQUESTED', to: 'CANCELLED', by: 'LIBRARY' },
  dispatch: { from: 'IN_PROGRESS', to: 'DISPATCHED', by: 'PUBLISHER' },
  receive: { from: 'DISPATCHED', to: 'COMPLETED', by: 'LIBRARY' },
};

/**
 * Why a publisher accepts fewer copies than were ordered (a partial accept); 'other'
 * asks for the reason in words.
 */
export const PARTIAL_ACCEPT_REASONS = ['out_of_stock', 'limited_per_library', 'other'] as const;
export type PartialAcceptReason = (typeof PARTIAL_ACCEPT_REASONS)[number];

/**
 * How the library says a dispatched order arrived: in full, or short or damaged with a note the
 * publisher reads. Either way the order is received (COMPLETED): the spec's state machine has no
 * other end for a parcel that came.
 */
export const RECEIVED_AS = ['in_full', 'short_or_damaged'] as const;
export type ReceivedAs = (typeof RECEIVED_AS)[number];

/** The actions `role` may take on an order that is in `status`. */
export function allowedOrderActions(role: ModelType, status: OrderStatus): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => {
    const rule = ORDER_TRANSITIONS[action];
    return rule.by === role && rule.from === status;
  });
}

/**
 * Reminders about a waiting order: a library may remind the publisher of an
 * order waiting on it (Requested or Preparing) for more than `REMINDER_AFTER_DAYS`, at most once
 * in `REMINDER_EVERY_HOURS`; an order untouched for `AUTO_REMINDER_AFTER_DAYS` reminds the
 * publisher by itself, once per status.
 */
export const REMINDABLE_STATUSES = ['REQUESTED', 'IN_PROGRESS'] as const satisfies readonly OrderStatus[];
export const REMINDER_AFTER_DAYS = 3;
export const REMINDER_EVERY_HOURS = 24;
export const AUTO_REMINDER_AFTER_DAYS = 7;
/**
 * The kinds of entry in an order's history: a status change, a library's reminder, the scheduled
 * reminder, a payment step (decision 070) and the scheduled reminder to pay.
 */
export const ORDER_EVENT_KINDS = ['status', 'reminder', 'auto_reminder', 'payment', 'payment_reminder'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Book size presets in inches (height × width). */
export const BOOK_SIZE_PRESETS = [
  { key: 'pocket', label: 'Pocket', height: 6.87, width: 4.25 },
  { key: 'medium', label: 'Medium', height: 8.5, width: 5.5 },
  { key: 'large', label: 'Large', height: 11, width: 8.5 },
] as const;

/** Currency choices: the spec's five first, default INR. */
export const LEADING_CURRENCIES = ['INR', 'USD', 'CAD', 'EUR', 'AED'] as const;
export const DEFAULT_CURRENCY = 'INR';

/** Reset-password links live this long (ms) — decision 007. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Login attempts: failures per account, and attempts per IP, in one window (ms). */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_ATTEMPTS_PER_IP = 30;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Codes sent to one account within an hour, the first included. */
export const OTP_MAX_SENDS_PER_HOUR = 5;
/** Hero carousel delay (ms) and dashboard counter animation (ms). */
export const HERO_DELAY_MS = 5000;
export const COUNTER_ANIMATION_MS = 700;
/** Mail domains of throwaway inboxes refused by the contact form — docs/api.md (8 domains). */
export const DISPOSABLE_EMAIL_DOMAINS = [
  'mailinator.com',
  'yopmail.com',
  'guerrillamail.com',
  '10minutemail.com',
  'tempmail.com',
  'temp-mail.org',
  'trashmail.com',
  'sharklasers.com',
] as const;

/** Excel export file names (without .xlsx); every export has one sheet, 'Data'. */
export const EXPORT_FILE_NAMES = {
  bookedOrders: 'Booked_Orders',
  booksOrderedByYou: 'Books_Ordered_By_You',
  listOfLibraries: 'List_of_Libraries',
  bookDetails: 'Book_Details',
  publisherInfo: 'Publisher_Info',
  publisherCatalog: 'Publisher_Catelog',
} as const;
export const EXPORT_SHEET_NAME = 'Data';
/** The address labels file — docs/api.md. */
export const ADDRESS_LABELS_FILE = 'addresses.pdf';

/** Extra book images (besides the cover) — docs/api.md 'You can upload upto 4 images'. */
export const MAX_BOOK_IMAGES = 4;
/** Page sizes GET /api/book accepts: the list choices plus 20 for the Newly Published grid. */
export const BOOK_LIST_PAGE_SIZES = ['10', '20', '25', '50', '100', 'all'] as const;
/** Signed upload URLs of docs/api.md live this long (ms). */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;
/** Uploaded files never attached to a book are removed after this long (ms). */
export const STRAY_UPLOAD_AGE_MS = 24 * 60 * 60_000;
/** File fields of the upload flow (docs/api.md 'Upload addresses'). */
export const BOOK_UPLOAD_FIELDS = ['index_pdf', 'bookimage', 'pdfpublisher'] as const;
export type BookUploadField = (typeof BOOK_UPLOAD_FIELDS)[number];
/** Time zone the reader-order date ('not in the past') is judged in. */
export const APP_TIME_ZONE = 'Asia/Kolkata';

/** The sizes of a QR code for print, in mm: the code with its quiet zone. */
export const QR_PRINT_SIZES_MM = [20, 25, 30] as const;

// Bulk registration from an Excel file (schemas/bulk.ts)
/**
 * The template's columns, in order: the book form's fields that a sheet can hold (covers,
 * images and PDF files are added later from Edit in My Books). Three authors, each a name and
 * a type; subjects as one cell, separated by ';'.
 */
export const BULK_COLUMNS = [
  'book_title',
  'book_e_title',
  'alternate_title',
  'language',
  'publication_year',
  'pages',
  'part',
  'type',
  'other_type',
  'subjects',
  'other_subject',
  'author_name_1',
  'author_type_1',
  'author_name_2',
  'author_type_2',
  'author_name_3',
  'author_type_3',
  'height',
  'width',
  'no_of_copy',
  'price_kind',
  'price',
  'currency',
  'readers',
  'electronic_copy',
  'pdfurl',
  'tags',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** Columns a file must have (the form's required fields); the others may be left out of a file. */
export const BULK_REQUIRED_COLUMNS = [
  'book_title',
  'book_e_title',
  'language',
  'publication_year',
  'pages',
  'readers',
] as const satisfies readonly BulkColumn[];

/**
 * Columns every row must fill, as the book form requires and marks them (decision 039): the
 * template stars them and its guide names them. Swaroop may instead be written under Other
 * swaroop and subjects under Other subject, as in the form.
 */
export const BULK_STARRED_COLUMNS = [
  'book_title',
  'book_e_title',
  'language',
  'publication_year',
  'pages',
  'type',
  'subjects',
  'author_name_1',
  'author_type_1',
  'readers',
] as const satisfies readonly BulkColumn[];

/** Authors a template row holds (author_name_N, author_type_N). */
export const BULK_AUTHORS = 3;
/** At most this many books in one file (also the most one QR label sheet holds). */
export const MAX_BULK_ROWS = 1_000;
/** The most characters (UTF-16 code units) a cell of a bulk row carries; a longer cell of a file is that cell's problem. */
export const MAX_BULK_CELL_CHARACTERS = 20_000;
/** Rows registered by one request: the progress bar moves by this many; each request is one transaction. */
export const BULK_CHUNK_ROWS = 50;
/** The media type of .xlsx files (exports, the bulk template and its upload). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Largest upload of a filled template (bytes): 1,000 rows take about 100 kB. */
export const MAX_BULK_FILE_BYTES = 2 * 1024 * 1024;
