/**
 * Every reply of the API as a zod schema ('One contract that cannot drift'): the
 * routes declare them as Fastify `response` schemas, so replies are checked and serialised by
 * them and /api/docs documents them; the web app takes its types from the same schemas
 * (`z.infer`). Shapes and field names are the spec's (docs/api.md 'Entities');
 * where the spec shows nested objects (`AuthorName.author_name`, `state { state_name }`) the flat
 * fields stay beside them. Envelope: docs/api.md.
 */
import { z } from 'zod';
import { INTERFACE_LANGUAGES } from '../languages.js';
import { ACCOUNT_ROLES, MODEL_TYPES, ORDER_EVENT_KINDS, ORDER_STATUSES, PARTIAL_ACCEPT_REASONS, RECEIVED_AS } from '../constants.js';
import { PRICE_KINDS } from '../money.js';
import { readAtLibrary } from './holdings.js';
import { PAYMENT_STATES, POSTAGE_TERMS } from '../payments.js';

const int = z.number().int();
const text = z.string();
const maybeText = z.string().nullable();
const maybeInt = z.number().int().nullable();
const maybeNumber = z.number().nullable();
/** A link (an absolute or site-relative URL), or null when there is no such file. */
const maybeLink = z.string().nullable();
/** An ISO 8601 timestamp. */
const timestamp = z.string();

/** `{ statusCode, message, data }` — the envelope of every successful JSON reply (docs/api.md). */
export const apiReply = <T extends z.ZodType>(data: T) => z.object({ statusCode: int, message: text, data });
export type ApiReply<T> = { statusCode: number; message: string; data: T };

/** `{ statusCode, message, error, details? }` — every error reply (docs/api.md); `details` names the fields of a 400. */
export const apiErrorReply = z
  .object({
    statusCode: int,
    message: text,
    error: text,
    details: z.array(z.object({ field: text, message: text })).optional(),
    /**
     * POST /api/user/login of an operator not enrolled yet (401 TOTP_ENROLMENT, decision 041):
     * the secret to add to an authenticator app, as an otpauth:// URI (drawn as a QR code) and
     * as base32 text to type in.
     */
    totpEnrolment: z.object({ otpauthUri: text, secret: text }).optional(),
    /** The facts of a 410 (decision 043): a withdrawn book's `{ book_title, withdrawn_at, reason, see_jsbn }`. */
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ApiErrorReply' });
export type ApiErrorReply = z.infer<typeof apiErrorReply>;

/** A reply whose `data` is null: only the message matters ('Profile updated successfully'). */
export const noData = z.null();

// ---------------------------------------------------------------- lookups (docs/api.md)

export const stateOption = z.object({ id: int, state_id: int, state_name: text });
export type StateOption = z.infer<typeof stateOption>;
/** A city's name in each interface language (apps/api/src/modules/lookups/city-names.json). */
export const cityNames = z.object({ en: text, gu: text, hi: text });
/**
 * A city of GET /state/:stateId/city: `city_name` in the request's language (`Accept-Language`),
 * `city_name_en` its English name (the list's own), so a form finds it typed in either script.
 */
export const cityOption = z.object({ id: int, city_id: int, city_name: text, city_name_en: text });
export type CityOption = z.infer<typeof cityOption>;
export const languageOption = z.object({ id: int, language_name: text, language_des: text });
export const subjectOption = z.object({ id: int, subject_name: text });
export const authorTypeOption = z.object({ id: int, author_type: text, auth_search_key: text });
export const swaroopOption = z.object({ code: text, label: text, gloss: text });
/** GET /api/book/author-name: an author record (one per NFC name). */
export const authorNameOption = z.object({ id: int, author_name: text });
export type AuthorNameOption = z.infer<typeof authorNameOption>;

// ---------------------------------------------------------------- accounts (docs/api.md)

/** POST /api/user/login, PATCH /api/user/update-password → data. */
export const loginReply = z.object({ message: text, accessToken: z.object({ access_token: text }) });
export type LoginReply = z.infer<typeof loginReply>;

/** `{ message }` as data (spec: `data.message`). */
export const messageData = z.object({ message: text });

/**
 * A publisher's or library's mobile number and its confirmation by a WhatsApp code (decision 081):
 * GET /api/user/me → data.mobile, and the reply of POST /api/user/mobile-code and /api/user/confirm-mobile.
 */
export const mobileState = z.object({
  /** The profile's mobile number (10 digits), or null (a publisher of the catalogue import). */
  number: maybeText,
  /** When the number was confirmed (ISO 8601), or null while it is not. */
  confirmedAt: maybeText,
  /** WhatsApp is configured on this site, so the number can be confirmed by a code. */
  canConfirm: z.boolean(),
  /** When the live code was sent (ISO 8601; another may be asked for 60 s later), or null when none is live. */
  codeSentAt: maybeText,
});
export type MobileState = z.infer<typeof mobileState>;

/** The current user, GET /api/user/me → data. */
export const currentUserReply = z.object({
  id: int,
  email: text,
  /** OPERATOR: an operator of the registry (decision 041), whose `name` is its e-mail. */
  modelType: z.enum(ACCOUNT_ROLES),
  name: text,
  /** The interface language the account's e-mails and WhatsApp texts are written in. */
  preferred_language: z.enum(INTERFACE_LANGUAGES),
  logoUrl: maybeLink,
  /** LIBRARY only: the saved letterhead text, or null. */
  letterText: maybeText.optional(),
  /** PUBLISHER only. */
  publisher_no: text.optional(),
  publisherId: int.optional(),
  libraryId: int.optional(),
  /** PUBLISHER and LIBRARY: the mobile number and whether it is confirmed (decision 081). */
  mobile: mobileState.optional(),
});
export type CurrentUser = z.infer<typeof currentUserReply>;

/** GET /api/user/dashboard → data (docs/api.md). */
export const dashboardData = z.object({
  commonDashboard: z.object({ publisherCount: int, libraryCount: int, bookCount: int }),
  requestedOrderBook: int,
  pendingOrderBook: int,
  completedOrderBook: int,
  /** Copies in DISPATCHED orders: on their way to the library. */
  dispatchedOrderBook: int,
  /** The signed-in publisher's registered books (withdrawn ones too); null for a library. */
  myBookCount: int.nullable(),
});
export type DashboardData = z.infer<typeof dashboardData>;

/** GET /api/site → data: what the public pages need from configuration. */
export const siteInfo = z.object({
  supportEmail: text,
  /** 10-digit number; links use +91. */
  supportWhatsapp: text,
  /** The three how-to videos (README.md); null when no video file is configured. */
  videos: z.array(z.object({ key: z.enum(['get-jsbn', 'order-book', 'jsbn-more']), title: text, url: maybeLink })),
});
export type SiteInfo = z.infer<typeof siteInfo>;

/** GET /api/media/images → data.images[]. */
export const galleryImage = z.object({ name: text, url: text });
export type GalleryImage = z.infer<typeof galleryImage>;

/** A library as listed (GET /api/library) — docs/api.md "Library (as listed)". */
export const libraryListItem = z.object({
  id: int,
  name: text,
  number_of_books: maybeInt,
  mobile_no: text,
  email: text,
  address: text,
  sangh_trust: text,
  sanchalak_name: text,
  sanchalak_address: text,
  librarianLogoText: z.object({ logoUrl: maybeLink }),
  /** The letterhead text of its order letters (null until written). */
  letterText: maybeText,
  /** Where its info sheet PDF is downloaded (GET /api/library/:id/info.pdf). */
  libraryInfoPdf: text,
});
export type LibraryListItem = z.infer<typeof libraryListItem>;

/** GET /api/library/:id → data.library: the list item, its WhatsApp number, and for the library itself gst_no and aadhar_no. */
export const libraryDetails = libraryListItem.extend({
  whatsapp_no: maybeText,
  gst_no: maybeText.optional(),
  aadhar_no: maybeText.optional(),
});
export type LibraryDetails = z.infer<typeof libraryDetails>;

/** GET /api/library/logo-text, POST /api/library/logo-text → data.librarianLogo (null until a text is saved). */
export const librarianLogo = z.object({ id: int, letterText: text, logoUrl: maybeLink }).nullable();
export type Letterhead = NonNullable<z.infer<typeof librarianLogo>>;

/** A publisher as listed (GET /api/publisher: publisher-wise books and /publishers). */
export const publisherListItem = z.object({
  id: int,
  publisher_no: text,
  publisher_name: text,
  publisher_type: text,
  /** English, as stored lists name it; `city_names` has it in each interface language (null without a city). */
  city_name: text,
  city_names: cityNames.nullable(),
  state_name: text,
  logoUrl: maybeLink,
  total_books: int,
  last_book_published: timestamp.nullable(),
  /** 'Verified by JSBN': an operator checked the publisher (decision 043). */
  verified: z.boolean(),
});
export type PublisherListItem = z.infer<typeof publisherListItem>;

/** Publisher info (docs/api.md), GET /api/publisher/:id → data.publisher and the book page. */
export const publisherInfo = z.object({
  publisherId: int,
  publisher_no: text,
  publisher_name: text,
  publisher_type: text,
  address: maybeText,
  pincode: maybeText,
  /** Empty for an imported account nobody has claimed (its placeholder address is not shown). */
  email: text,
  landline_no: maybeText,
  mobile_no: maybeText,
  whatsapp_no: maybeText,
  state_id: maybeInt,
  city_id: maybeInt,
  state_name: text,
  /** English; `city_names` has it in each interface language (null without a city). */
  city_name: text,
  /** A town or village typed beside the district (`city_name`), decision 072; null when none. */
  town: maybeText,
  /** The city in each interface language (its English name in `city_name`). */
  city_names: cityNames.nullable(),
  /** True for an imported account nobody has taken yet: its publisher may claim it. */
  claimable: z.boolean(),
  /** As docs/api.md 'Publisher profile' shows them (the flat fields stay beside them). */
  state: stateOption.nullable(),
  city: cityOption.nullable(),
  total_books_count: int,
  total_books: int,
  latest_books: z.array(z.object({ book_title: text, book_cover: maybeLink, jsbn_number: text })),
  logoUrl: maybeLink,
  last_book_published: timestamp.nullable(),
  /** The publisher info PDF (docs/api.md). */
  publisherInfoPdf: text,
  /** 'Verified by JSBN': an operator checked the publisher (decision 043). */
  verified: z.boolean(),
  /** Only to the publisher itself (its profile form). */
  gst_no: maybeText.optional(),
  aadhar_no: maybeText.optional(),
  /** Postage terms and their rate per parcel or per copy in paise (decision 070): shown to a library before it confirms an order. */
  postage_terms: z.enum(POSTAGE_TERMS),
  postage_rate_minor: maybeInt,
  /** Only to the publisher itself: where libraries pay (decision 070). */
  upi_vpa: maybeText.optional(),
  upi_payee_name: maybeText.optional(),
  bank_account_name: maybeText.optional(),
  bank_account_no: maybeText.optional(),
  bank_ifsc: maybeText.optional(),
  payment_reminders: z.boolean().optional(),
});
export type PublisherInfo = z.infer<typeof publisherInfo>;

// ---------------------------------------------------------------- books (docs/api.md)

/** A book as the API returns it (docs/api.md 'Book'). */
export const bookDto = z
  .object({
    id: int,
    bookId: int,
    jsbn_number: text,
    book_title: text,
    book_e_title: text,
    alternate_title: maybeText,
    book_alt_subtitle: maybeText,
    book_subtitle_lang: maybeText,
    language: text,
    /** 'height * width' in inches, or null. */
    size: maybeText,
    height: maybeNumber,
    width: maybeNumber,
    type: maybeText,
    other_type: maybeText,
    part: maybeText,
    /** Null for an imported book whose year is not known ('Year not known'; My Books asks for it). */
    publication_year: maybeInt,
    published_year: maybeInt,
    vikram_samvat: maybeInt,
    veer_samvat: maybeInt,
    pages: int,
    no_of_copy: maybeInt,
    /** Priced, nominal ('for propagation') or free. */
    price_kind: z.enum(PRICE_KINDS),
    /** In major units of `currency` (rupees), or null: not stated, or a free book. */
    price: maybeNumber,
    currency: text,
    book_published: z.enum(['yes', 'no']),
    published_date: maybeText,
    tags: maybeText,
    /** The spec's 'entries with Subject id and subject_name': `subjectId` and `Subject` as it shows them, `id` beside. */
    subjects: z.array(z.object({ id: int, subjectId: int, subject_name: text, Subject: z.object({ id: int, subject_name: text }) })),
    other_subject: maybeText,
    /** `authorId` is the author record's id; `AuthorName` / `AuthorType` as the spec shows them. */
    authors: z.array(
      z.object({
        authorId: int,
        authorType: int,
        author_type: text,
        author_name: text,
        AuthorName: z.object({ author_name: text }),
        AuthorType: z.object({ author_type: text }),
      }),
    ),
    book_cover: maybeLink,
    /** Up to 4 extra images, in order (`bookimage` / `book_image` of the spec). */
    book_image: z.array(z.object({ id: int, url: text })),
    bookimage: z.array(text),
    /** The index PDF (public link) or null. */
    index_pdf: maybeLink,
    /**
     * The uploaded book PDF: a signed link when readers is 'Yes' (public) or the viewer is the
     * owner, else null; `has_book_pdf` says whether one is stored at all.
     */
    pdfpublisher: maybeLink,
    book_pdf: maybeLink,
    has_book_pdf: z.boolean(),
    readers: z.enum(['Yes', 'No']).nullable(),
    electronic_copy: z.enum(['Yes', 'No']).nullable(),
    isPublicPdf: z.boolean().nullable(),
    pdfurl: maybeLink,
    isAvailable: z.boolean(),
    contents: maybeText,
    /** 'INCOMPLETE' while an imported book lacks its publication year (My Books asks for it), else 'COMPLETE'. */
    status: z.enum(['COMPLETE', 'INCOMPLETE']),
    publisher: z.object({ id: int, publisher_name: text, logoUrl: maybeLink }),
    publisher_name: text,
    publisher_no: text,
    publisher_jsbn_id: text,
    /** PNG data URL of the QR code; only on single-book reads. */
    qrcode_image: text.optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
    /**
     * Only to the book's publisher, and only when the registry withdrew it (decision 043): when,
     * why and the JSBN it duplicates. Visitors never receive a withdrawn book (decision 050).
     */
    withdrawn: z.object({ withdrawn_at: timestamp, reason: text, see_jsbn: maybeText }).optional(),
  })
  .meta({ id: 'BookDto' });
export type BookDto = z.infer<typeof bookDto>;

/** GET /api/book, GET /api/book/publisher/:id → data: a page of books and how many there are in all. */
export const bookList = z.object({
  books: z.array(bookDto),
  total: int,
  /** True when `total` is the vocabulary's estimate ('about 12,400 books found'), not a count. */
  totalIsEstimate: z.boolean().optional(),
  /** GET /api/book/publisher/:id only: the publisher's name, for the heading. */
  publisherName: text.optional(),
  /** GET /api/book/publisher/:id only: its publisher no., which names its feed (`/feeds/publisher/<no>`). */
  publisherNo: text.optional(),
});
export type BookList = z.infer<typeof bookList>;

/** POST /api/book → data. */
export const bookRegistrationResult = z.object({ id: int, jsbn_number: text, qrcode_image: text });
export type BookRegistrationResult = z.infer<typeof bookRegistrationResult>;

/** GET /api/book/book-jsbn-number → data: the ids the publisher's next book will get. */
export const nextJsbnIds = z.object({ publisher_no: text, publisher_jsbn_id: text });
export type NextJsbnIds = z.infer<typeof nextJsbnIds>;

/** GET /api/book/check-jsbn-number → data (message says the same in words). */
export const duplicateCheckResult = z.object({
  duplicate: z.boolean(),
  title_exists: z.boolean(),
  id_taken: z.boolean(),
  /** JSBN of the book that has the same title, when there is one. */
  jsbn_number: maybeText,
});
export type DuplicateCheckResult = z.infer<typeof duplicateCheckResult>;

/** The links of a book's generated documents (docs/api.md 'generated_pdfs'). */
export const generatedPdfs = z.object({ single_book_pdf: maybeLink, publisher_book_list_pdf: maybeLink, publisher_catalog_pdf: maybeLink });

/** GET /api/book/listing/jsbn/:jsbnNo → data: the page behind the QR code. */
export const bookByNumber = z
  .object({
    book: bookDto,
    publisher_info: publisherInfo,
    generated_pdfs: generatedPdfs,
    /** The libraries that show their holdings and hold a copy on their shelves (decision 077), by name. */
    read_at: z.array(readAtLibrary),
  })
  .meta({ id: 'BookByNumber' });
export type BookByNumber = z.infer<typeof bookByNumber>;

/** How far the making of a document has got, while it is not ready. */
export const documentProgress = z.object({ state: z.enum(['queued', 'running', 'failed']), percent: z.number(), books: int });
export type DocumentProgress = z.infer<typeof documentProgress>;

/** GET /api/book/catalog/:publisher_no → data (docs/api.md 'Catalogue'). */
export const publisherCatalog = z.object({
  /** The catalogue's link; null while it is being made (reply 202, with `progress`). */
  generated_pdf: z.object({ publisher_catalog_pdf: maybeLink }),
  publisher: z.object({ publisher_no: text, publisher_name: text }),
  /** Present only while the catalogue is not ready. */
  progress: documentProgress.optional(),
});
export type PublisherCatalog = z.infer<typeof publisherCatalog>;

/** POST /api/book/:id/upload-urls → data: one signed PUT address per file, in request order. */
export const uploadUrl = z.object({
  url: text,
  fieldname: z.enum(['index_pdf', 'bookimage', 'pdfpublisher']),
  name: text,
  expiresAt: timestamp,
});
export type UploadUrl = z.infer<typeof uploadUrl>;

/** PUT /api/files/upload/:token → data: the field the file is for and its size in bytes. */
export const receivedUpload = z.object({ fieldname: z.enum(['index_pdf', 'bookimage', 'pdfpublisher']), size: int });

/** POST /api/book/:id/finalise → data. */
export const finaliseResult = z.object({
  message: text,
  /** How many files this call attached. */
  attached: int,
});
export type FinaliseResult = z.infer<typeof finaliseResult>;

// ---------------------------------------------------------------- orders (docs/api.md 'Order book')

/** An order as the API returns it (docs/api.md "Order book"). */
export const orderDto = z
  .object({
    id: int,
    orderId: text,
    order_date: timestamp,
    totalCopies: int,
    status: z.enum(ORDER_STATUSES),
    library: z.object({ id: int, name: text, logoUrl: maybeLink, address: text, mobile_no: text, email: text }),
    publisher: z.object({ id: int, publisher_name: text, logoUrl: maybeLink, address: maybeText, mobile_no: maybeText, email: text }),
    OrderBookItem: z.array(
      z.object({
        id: int,
        number_of_copies: int,
        accepted_book_copies: maybeInt,
        book: z.object({ id: int, book_title: text, jsbn_number: text, authors: z.array(text) }),
        /** The book's price when ordered: kind, minor units (null: not stated, or free), currency. */
        price_kind: z.enum(PRICE_KINDS),
        price_minor: maybeInt,
        currency: text,
        /** Price × copies (accepted, else ordered), minor units; 0 for a free book; null when no price was stated. */
        amount_minor: maybeInt,
      }),
    ),
    /** The order's currency: the postage and the first total are in it. */
    currency: text,
    /** The order's postage by its terms (or as stated, for 'as actual'), minor units of `currency`; null until known. */
    postage_minor: maybeInt,
    /** Books and postage, one sum per currency (the order's first), minor units. */
    totals: z.array(z.object({ currency: text, amount_minor: int })),
    /** The publisher's postage terms when the order was placed, and their rate in paise (decision 070). */
    postage_terms: z.enum(POSTAGE_TERMS),
    postage_rate_minor: maybeInt,
    /** What the library pays: books and postage in paise of `currency` (`amountDue`); null while the postage or a price is unknown. */
    amount_due_minor: maybeInt,
    /** The payment (decision 070): its state, what the library recorded, and how to pay. */
    payment: z.object({
      state: z.enum(PAYMENT_STATES),
      utr: maybeText,
      /** The day the library says it paid (YYYY-MM-DD). */
      paid_on: maybeText,
      amount_minor: maybeInt,
      /** Who the library pays: the publisher's payee name; null when it has no UPI ID. */
      payee: maybeText,
      vpa: maybeText,
      /** The `upi://pay` link (NPCI's UPI linking specification) once the amount is known and the order accepted; else null. */
      upi_uri: maybeText,
      /** Bank details for NEFT, when the publisher gave them. */
      bank: z.object({ account_name: maybeText, account_no: text, ifsc: text }).nullable(),
    }),
    /** Why the publisher accepted fewer copies than ordered, and its words; null unless partly accepted. */
    partial_reason: z.enum(PARTIAL_ACCEPT_REASONS).nullable(),
    partial_note: maybeText,
    /** How the library received it: 'in_full', or 'short_or_damaged' with its note; null until received. */
    received_as: z.enum(RECEIVED_AS).nullable(),
    received_note: maybeText,
    dispetchedOrder: z
      .object({ orderimage: maybeLink, courierCompanyName: maybeText, courierCompanyNumber: maybeText, trackingId: maybeText })
      .nullable(),
    /** When the order entered its current status (ISO 8601). */
    status_since: timestamp,
    /** Whole days the order has waited in its status ('Waiting 9 days'); null once Completed or Cancelled. */
    waiting_days: maybeInt,
    /** The last reminder sent to the publisher (by the library or the scheduled job), or null. */
    reminded_at: timestamp.nullable(),
    /** Whether the caller (the ordering library) may send a reminder now. */
    can_remind: z.boolean(),
    /**
     * Every status change and reminder, oldest first: `kind`, the status (the new one, or the one
     * waited in for a reminder), when (ISO 8601), who ('LIBRARY a@b'; 'JSBN' for the scheduled
     * reminder) and the actor's role (null for the scheduled reminder).
     */
    history: z.array(
      z.object({
        kind: z.enum(ORDER_EVENT_KINDS),
        status: z.enum(ORDER_STATUSES),
        /** Only for a payment step: the payment state it moved to. */
        payment_state: z.enum(PAYMENT_STATES).optional(),
        at: timestamp,
        by: text,
        role: z.enum(MODEL_TYPES).nullable(),
      }),
    ),
  })
  .meta({ id: 'OrderDto' });
export type OrderDto = z.infer<typeof orderDto>;

/** POST /api/book/order-book → data (docs/api.md: data.message and the orders made, one per publisher). */
export const createdOrders = z.object({
  message: text,
  orders: z.array(z.object({ id: int, orderId: text, publisherId: int })),
});
export type CreatedOrders = z.infer<typeof createdOrders>;

/** GET /api/book/order-book → data. */
export const orderList = z.object({ orderBooks: z.array(orderDto), total: int });
export type OrderList = z.infer<typeof orderList>;
