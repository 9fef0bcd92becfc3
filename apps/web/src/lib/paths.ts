import { isSameSitePath } from '@jsbn/shared/core';
import type { ModelType } from '@jsbn/shared';
import { ORDER_BOOK_QUERY } from './entry-keys';

/** Every route path of the web app, in one place (STYLE: Web). */
export const paths = {
  home: '/',
  about: '/about',
  faq: '/faq',
  privacyPolicy: '/privacy-policy',
  terms: '/terms-of-services',
  contactUs: '/contact-us',
  gallery: '/gallery',
  searchBook: '/search-a-book',
  publishers: '/publishers',
  /** A publisher's page for readers: its books, rendered by the server and cached (decision 083). */
  publisherPage: '/publishers/:id',
  libraries: '/libraries',
  /** A library's page for readers: the books it holds, when it shows them (decision 077). */
  libraryHoldings: '/libraries/:id',
  login: '/login',
  libraryRegister: '/library-register',
  publisherRegister: '/publisher-register',
  editProfile: '/edit-profile',
  /** The step after the e-mail code where WhatsApp is configured: the mobile number's WhatsApp code (decision 081). */
  confirmMobile: '/confirm-mobile',
  changePassword: '/change-password',
  /** The page of the e-mailed reset link: /new-password?token=… */
  newPassword: '/new-password',
  logout: '/logout',
  customizeLetterFormat: '/customize-letter-format',
  serviceUnavailable: '/404',
  // books and orders
  bookDetail: '/jsbn/:jsbn',
  /** 'Order Book as Reader': a form the server answers too (decision 066). */
  readerOrder: '/jsbn/:jsbn/reader-order',
  /** 'Claim this account' of the book's imported publisher: a form the server answers too (decision 078). */
  claimPublisher: '/jsbn/:jsbn/claim',
  publisherWiseBooks: '/publisher-wise-books',
  publisherBooks: '/publisher-wise-books/:publisherId',
  newPublishedBooks: '/new-published-books',
  orders: '/orders',
  generatedLetters: '/generated-letters',
  listOfLibraries: '/list-of-libraries',
  bookedOrders: '/booked-orders',
  myBooks: '/my-books',
  /** 'Register many books' from an Excel file. */
  bulkRegister: '/my-books/register-many',
  newBookReg: '/new-book-reg',
  editBook: '/edit-book/:id',
  /** /edit-book without an id shows 'Book ID not found'. */
  editBookNoId: '/edit-book',
  /** A library's copies: find, add, take off the shelves (decision 071). */
  shelves: '/shelves',
  /** Scan to shelve: the phone's camera, offline too (decision 075). */
  shelvesScan: '/shelves/scan',
  /** A library's lending desk: lend, return, renew, its members (decision 076). */
  lending: '/lending',
  // interests (decision 073)
  /** A library's interests and follows. */
  interests: '/interests',
  /** A publisher's followers and how many digests named its books. */
  interestReach: '/interest-in-my-books',
} as const;

/** The page of publisher `id` for readers: its books; `page` above 1 adds `?page=`. */
export const publisherPagePath = (id: number, page = 1) => `/publishers/${id}${page > 1 ? `?${PUBLISHER_PAGE_QUERY}=${page}` : ''}`;
/** The query of a publisher's page naming its page of books (`?page=2`), so the server renders and caches that page too. */
export const PUBLISHER_PAGE_QUERY = 'page';

/** The page of library `id` for readers. */
export const libraryHoldingsPath = (id: number) => `/libraries/${id}`;

/**
 * The Atom feeds of new books, served by the API outside /api (decision 073); `lang` adds
 * `?lang=` for Gujarati and Hindi.
 */
export const feedPaths = {
  new: '/feeds/new',
  publisher: (publisherNo: string) => `/feeds/publisher/${encodeURIComponent(publisherNo)}`,
  language: (slug: string) => `/feeds/language/${encodeURIComponent(slug)}`,
  subject: (slug: string) => `/feeds/subject/${encodeURIComponent(slug)}`,
  /** `path` in `lang` (English has no query). */
  inLanguage: (path: string, lang: string) => (lang === 'en' ? path : `${path}?lang=${lang}`),
};

/** A feed's address segment of a language or subject name ('Moral stories' → 'moral-stories'), as the API names them. */
export const feedSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** /jsbn/<JSBN> — pass the formatted (hyphenated) number. */
export const bookDetailPath = (jsbn: string) => `/jsbn/${encodeURIComponent(jsbn)}`;
/** /jsbn/<JSBN>/reader-order — 'Order Book as Reader' of the book. */
export const readerOrderPath = (jsbn: string) => `${bookDetailPath(jsbn)}/reader-order`;
/** /jsbn/<JSBN>/claim — the claim of the book's imported publisher's account. */
export const claimPublisherPath = (jsbn: string) => `${bookDetailPath(jsbn)}/claim`;
/** The query of the reader's order page and the claim page once the request is sent (`?sent=1`). */
export const READER_ORDER_SENT = 'sent';
export const publisherBooksPath = (publisherId: number | string) => `/publisher-wise-books/${publisherId}`;
export const editBookPath = (id: number | string) => `/edit-book/${id}`;

/** The login page's query: `as` picks its tab (library, publisher), `next` is where a login returns to. */
export const LOGIN_QUERY = { as: 'as', next: 'next' } as const;

/**
 * /login with its tab chosen and the page to come back to: a visitor who taps 'Order Book as
 * Library' lands on the Library tab and returns to the book (decision 003).
 */
export function loginPath(options: { as?: ModelType; next?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.as) query.set(LOGIN_QUERY.as, options.as.toLowerCase());
  if (options.next) query.set(LOGIN_QUERY.next, options.next);
  const search = query.toString();
  return search ? `${paths.login}?${search}` : paths.login;
}

/**
 * What a page may hand /login in the history state: the e-mail just verified, filled in for
 * the login. It travels in the state, not the address, so no e-mail lands in a server's log.
 */
export interface LoginState {
  email?: string;
}

/** The e-mail a history state hands /login, or ''. */
export function loginEmailOf(state: unknown): string {
  const value = (state as LoginState | null)?.email;
  return typeof value === 'string' ? value : '';
}

/** The tab `as` names ('library', 'publisher'), or null. */
export function loginTabOf(search: URLSearchParams): ModelType | null {
  const value = search.get(LOGIN_QUERY.as)?.toUpperCase();
  return value === 'LIBRARY' || value === 'PUBLISHER' ? value : null;
}

/** Where a login returns to: `next` when it is a path of this site (`isSameSitePath`: '/…', never '//…' or a URL elsewhere), else null. */
export function returnPathOf(search: URLSearchParams): string | null {
  const next = search.get(LOGIN_QUERY.next);
  return isSameSitePath(next) ? next : null;
}

/** The query of the publisher's books page that puts a book in the cart on arrival (lib/entry-keys.ts, which the entry script shares). */
export { ORDER_BOOK_QUERY };

/** The query of the publisher's books page that opens the order's confirmation once the book is in the cart. */
export const CONFIRM_ORDER_QUERY = 'confirm';
/**
 * The query of Recently Published's and a publisher's list that says 'Want to order?' with the
 * book `?book=` names: `yes` (or none) puts it in the cart, `no` takes it out. It is what the
 * Yes/No form sends before the app has hydrated the page (decision 078).
 */
export const WANT_ORDER_QUERY = 'want';
/** The query of the orders pages naming their status tab (`?tab=in-progress`), so the server renders that tab. */
export const ORDER_TAB_QUERY = 'tab';

/**
 * /publisher-wise-books/<id>?book=<JSBN> — the publisher's books with that book put in the cart;
 * `confirm`: and the order's confirmation open (`&confirm=1`, the way back from the login of
 * 'Order Book as Library', decision 066).
 */
export const orderBookPath = (publisherId: number | string, jsbn: string, options: { confirm?: boolean } = {}) =>
  `${publisherBooksPath(publisherId)}?${ORDER_BOOK_QUERY}=${encodeURIComponent(jsbn)}${options.confirm ? `&${CONFIRM_ORDER_QUERY}=1` : ''}`;

/** The JSBN a login's return address orders (`orderBookPath`'s `book`), or null: the login page names that book. */
export function orderedBookOf(next: string | null): string | null {
  if (!next) return null;
  const url = new URL(next, 'http://site.invalid');
  return url.pathname.startsWith(`${paths.publisherWiseBooks}/`) ? url.searchParams.get(ORDER_BOOK_QUERY) : null;
}
