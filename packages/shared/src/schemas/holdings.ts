/**
 * A library's holdings (decision 071): its copies, each with an accession number unique within
 * the library, a place, a condition, how it came and its state; what a library sends to add,
 * change and find them, and what it reads back. Holdings are the library's own: only its
 * accounts read them (another library's copy is a 404).
 */
import { z } from 'zod';
import { isValidJsbn, normalizeJsbn } from '../jsbn.js';
import { MSG } from '../messages.js';
import { PINCODE_PATTERN } from '../nearness.js';
import { id, listQuery, optionalText, requiredText } from './common.js';

/** A copy's condition. */
export const HOLDING_CONDITIONS = ['new', 'good', 'worn', 'damaged'] as const;
/** How a copy came to the library: by an order received here, as a gift, or bought elsewhere. */
export const HOLDING_SOURCES = ['order', 'gift', 'bought'] as const;
/** How a copy added by hand came (an order's copies are added by its receipt). */
export const HOLDING_ADDED_SOURCES = ['bought', 'gift'] as const;
/** Where a copy is: on the shelves, lent to a member, missing, or withdrawn from the shelves. */
export const HOLDING_STATES = ['available', 'lent', 'missing', 'withdrawn'] as const;
/** The states a library sets by hand ('lent' is set by a loan). */
export const HOLDING_SET_STATES = ['available', 'missing', 'withdrawn'] as const;
export type HoldingState = (typeof HOLDING_STATES)[number];

/** The longest accession number a library may give a copy (characters). */
export const ACCESSION_MAX = 30;

/** An accession number as typed: letters, digits, '/', '-' and '.', at most `ACCESSION_MAX` (upper-cased, NFC). */
const accessionNumber = z
  .string({ error: MSG.accessionNumber })
  .transform((value) => value.normalize('NFC').trim().toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[\p{L}\p{N}][\p{L}\p{N}/.-]*$/u, MSG.accessionNumber)
      .max(ACCESSION_MAX, MSG.accessionNumber),
  );

/** A JSBN as typed or scanned (any hyphenation, or the book page's `/jsbn/…` address), canonical, its check character verified. */
export const scannedJsbn = z
  .string({ error: MSG.holdingJsbn })
  .transform((value) => normalizeJsbn(value.trim().replace(/^.*\/jsbn\//, '')) ?? value)
  .refine(isValidJsbn, MSG.holdingJsbn);

/** An ISBN-13 as typed or scanned (EAN-13 of Bookland, 978/979), digits only, its check digit verified. */
export const isbn13 = z
  .string({ error: MSG.holdingIsbn })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => /^97[89]\d{10}$/.test(value) && isbnCheckDigit(value.slice(0, 12)) === Number(value[12]), MSG.holdingIsbn);

/** ISBN-13's check digit of its first 12 digits (weights 1 and 3, modulo 10). */
export function isbnCheckDigit(first12: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += Number(first12[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** A copy's own fields, which a library may set when adding it and change later. */
const copyFields = {
  /** Empty or absent: the library's next number. */
  accession_number: accessionNumber.optional(),
  place: optionalText(100, 'Place'),
  condition: z.enum(HOLDING_CONDITIONS, MSG.holdingCondition).optional(),
  note: optionalText(1000, 'Note', 'multi'),
  acquired_on: z.iso.date(MSG.holdingAcquiredOn).optional(),
};

/** A book without a JSBN, described by hand: its title, and what else is known. */
const describedBook = z.object({
  title: requiredText(MSG.holdingTitle, 500),
  author: optionalText(300, 'Author'),
  publisher_name: optionalText(300, 'Publisher'),
  publication_year: z.coerce
    .number({ error: MSG.holdingYear })
    .int(MSG.holdingYear)
    .min(1000, MSG.holdingYear)
    .max(2100, MSG.holdingYear)
    .optional(),
  language: optionalText(100, 'Language'),
  isbn: isbn13.optional(),
});

/** A client's id of one add (8–64 letters, digits, '-' or '_'; a UUID from `crypto.randomUUID()`). */
export const holdingRequestId = z.string({ error: MSG.holdingRequestId }).regex(/^[A-Za-z0-9_-]{8,64}$/, MSG.holdingRequestId);

/**
 * POST /api/library/holdings: a copy of a registered book (`jsbn`) or of a book described by
 * hand (`book`), with its own fields; `source` gift or bought (an order's copies are added by
 * its receipt). `request_id`, the client's id of this add, makes it idempotent: the same id sent
 * again (a scan queued offline and sent twice) answers the copy the first made (decision 075).
 */
export const addHoldingBody = z
  .object({
    jsbn: scannedJsbn.optional(),
    book: describedBook.optional(),
    source: z.enum(HOLDING_ADDED_SOURCES, MSG.holdingSource).default('bought'),
    request_id: holdingRequestId.optional(),
    ...copyFields,
  })
  .refine((body) => Boolean(body.jsbn) !== Boolean(body.book), { message: MSG.holdingBook, path: ['jsbn'] });
export type AddHoldingInput = z.input<typeof addHoldingBody>;

/** PATCH /api/library/holdings/:id: the copy's own fields (each optional; absent is unchanged). */
export const updateHoldingBody = z.object(copyFields);
export type UpdateHoldingInput = z.input<typeof updateHoldingBody>;

/** PATCH /api/library/holdings/:id/state: on the shelves again, missing, or withdrawn (with a reason). */
export const holdingStateBody = z
  .object({
    state: z.enum(HOLDING_SET_STATES, MSG.holdingState),
    reason: optionalText(500, 'Reason'),
  })
  .refine((body) => body.state === 'available' || Boolean(body.reason), { message: MSG.holdingReason, path: ['reason'] });
export type HoldingStateInput = z.input<typeof holdingStateBody>;

/** GET /api/library/holdings: a page of the library's copies, found by title, author, JSBN or accession number, by place and state. */
export const holdingListQuery = listQuery.omit({ sortedField: true, sortedOrder: true }).extend({
  state: z.enum(HOLDING_STATES, MSG.holdingState).optional(),
  place: z.string().trim().max(100).optional(),
  orderId: id.optional(),
});
export type HoldingListQuery = z.input<typeof holdingListQuery>;

/** A Koha branch code: letters and digits, at most 10 (Koha's `branchcode`). */
export const KOHA_BRANCH_MAX = 10;

/**
 * GET /api/library/holdings/export.xlsx|mrc: the copies the list's filters find (all of them, not
 * a page); for MARC, `koha=true` adds Koha's item field 952 to each copy's 852, with `branch` as
 * its home and holding branch.
 */
export const holdingExportQuery = holdingListQuery.pick({ queryString: true, state: true, place: true }).extend({
  koha: z
    .enum(['true', 'false'], MSG.holdingKoha)
    .optional()
    .transform((value) => value === 'true'),
  branch: z
    .string({ error: MSG.holdingBranch })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,10}$/, MSG.holdingBranch)
    .optional(),
});
export type HoldingExportQuery = z.input<typeof holdingExportQuery>;

/** GET /api/library/holdings/lookup?code=: a scanned or typed code — a JSBN (or its page's address), an ISBN-13 or an accession number. */
export const holdingLookupQuery = z.object({
  code: z.string({ error: MSG.holdingCode }).trim().min(1, MSG.holdingCode).max(300, MSG.holdingCode),
});

/** `:orderId` of an order whose shelving is read or undone. */
export const holdingOrderParams = z.object({ orderId: id });

/**
 * GET /api/library/holdings/order/:orderId: what a received order put on the library's shelves
 * (decision 071) — every copy it shelved, whatever became of it since.
 */
export const orderShelving = z.object({
  /** The copies the order's receipt shelved. */
  count: z.number().int(),
  /** Their accession numbers, in order (`accessionRanges` writes them as '1041–1043'). */
  accession_numbers: z.array(z.string()),
  /** Of them, those still on the shelves (available): what an undo would take off. */
  on_shelves: z.number().int(),
  /** Of them, those an undo took off the shelves (withdrawn with the reason 'Shelving of the order undone'). */
  undone: z.number().int(),
});
export type OrderShelving = z.infer<typeof orderShelving>;

/** A copy as its library reads it. */
export const holdingDto = z.object({
  id: z.number().int(),
  accession_number: z.string(),
  /** The registered book, or null for a book described by hand. */
  book: z.object({ id: z.number().int(), jsbn_number: z.string(), book_title: z.string() }).nullable(),
  /** The title, author and publisher to show: the registered book's, or as described. */
  title: z.string(),
  author: z.string().nullable(),
  publisher_name: z.string().nullable(),
  publication_year: z.number().int().nullable(),
  language: z.string().nullable(),
  isbn: z.string().nullable(),
  place: z.string().nullable(),
  condition: z.enum(HOLDING_CONDITIONS),
  note: z.string().nullable(),
  source: z.enum(HOLDING_SOURCES),
  acquired_on: z.string().nullable(),
  order_id: z.number().int().nullable(),
  state: z.enum(HOLDING_STATES),
  state_reason: z.string().nullable(),
  created_at: z.string(),
});
export type HoldingDto = z.infer<typeof holdingDto>;

/** What a scan finds: the book (registered, or known by its ISBN on the shelves), the library's copies of it, and whether one is on order. */
export const holdingLookup = z.object({
  /** What the code was read as. */
  kind: z.enum(['jsbn', 'isbn', 'accession']),
  book: z.object({ id: z.number().int(), jsbn_number: z.string(), book_title: z.string(), cover_url: z.string().nullable() }).nullable(),
  /** The copy an accession number names. */
  holding: holdingDto.nullable(),
  /** The library's copies of the book on its shelves (not withdrawn). */
  copies: z.number().int(),
  /** An order of the library for the book is on its way (not yet received). */
  ordered: z.boolean(),
});
export type HoldingLookup = z.infer<typeof holdingLookup>;

/**
 * PUT /api/library/holdings/settings: whether readers see the library's holdings (decision 077),
 * and what they read of it beside them — opening hours, PIN code, state and city.
 */
export const publicHoldingsSettings = z.object({
  holdings_public: z.boolean({ error: MSG.holdingsPublic }),
  opening_hours: optionalText(300, 'Opening hours', 'multi'),
  pincode: z
    .string({ error: MSG.pincode })
    .trim()
    .regex(PINCODE_PATTERN, MSG.pincode)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  state_id: id.optional().nullable(),
  city_id: id.optional().nullable(),
});
export type PublicHoldingsSettings = z.input<typeof publicHoldingsSettings>;

/** What a library reads of its own public holdings settings. */
export const publicHoldingsSettingsReply = z.object({
  holdings_public: z.boolean(),
  opening_hours: z.string().nullable(),
  pincode: z.string().nullable(),
  state_id: z.number().int().nullable(),
  city_id: z.number().int().nullable(),
});

/** A library as readers see it beside the books it holds: where it is, how to reach it, when it is open. */
export const readAtLibrary = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city_name: z.string().nullable(),
  state_name: z.string().nullable(),
  pincode: z.string().nullable(),
  /** The library's own number, as the libraries list shows it. */
  mobile_no: z.string(),
  opening_hours: z.string().nullable(),
  /** Its copies of the book on the shelves (on a book's page; 0 on the library's own page). */
  copies: z.number().int(),
});
export type ReadAtLibrary = z.infer<typeof readAtLibrary>;

/** GET /api/library/:id/holdings: a page of the books a library holds, when it shows them. */
export const libraryHoldingsQuery = listQuery.pick({ queryString: true, pageNo: true, limit: true });

/** A public library's page: the library and a page of the books on its shelves (registered or described), by title. */
export const libraryHoldingsReply = z.object({
  library: readAtLibrary,
  books: z.array(
    z.object({
      /** The registered book's JSBN (its page), or null for a book described by hand. */
      jsbn_number: z.string().nullable(),
      title: z.string(),
      author: z.string().nullable(),
      copies: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type LibraryHoldings = z.infer<typeof libraryHoldingsReply>;
