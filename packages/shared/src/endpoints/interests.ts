/**
 * The interests endpoints (decision 073): a library's interests and follows, a publisher's
 * counts, and the links of a digest e-mail — add to the cart, not for us, unsubscribe — which
 * carry a signed token and need no sign-in.
 */
import { endpointTable } from './endpoint.js';

export const interestEndpoints = /* @__PURE__ */ endpointTable('interests', {
  /** The library's interests and follows. */
  mine: ['GET', '/library/interests'],
  /** Saves the library's languages, subjects, swaroops and frequency. */
  save: ['PUT', '/library/interests'],
  /** Follows a publisher (idempotent). */
  followPublisher: ['PUT', '/library/follows/publisher/:publisherId'],
  unfollowPublisher: ['DELETE', '/library/follows/publisher/:publisherId'],
  /** Follows an author (idempotent). */
  followAuthor: ['PUT', '/library/follows/author/:authorId'],
  unfollowAuthor: ['DELETE', '/library/follows/author/:authorId'],
  /** The publisher's followers and how many digests named each of its books. */
  reach: ['GET', '/publisher/interest'],
  /** A digest's 'Add to cart': 303 to the publisher's books with the book in the cart. */
  cart: ['GET', '/interests/cart', 'file'],
  /** A digest as a page, with the same links as its e-mail (the WhatsApp message's link). */
  digest: ['GET', '/interests/digest', 'file'],
  /** A digest's 'Not for us': a page with one button (GET changes nothing; mail scanners open links). */
  notForUsPage: ['GET', '/interests/not-for-us', 'file'],
  notForUs: ['POST', '/interests/not-for-us', 'file'],
  /** The digest's unsubscribe link: a page with one button. */
  unsubscribePage: ['GET', '/interests/unsubscribe', 'file'],
  /** RFC 8058 one-click unsubscribe (`List-Unsubscribe=One-Click`), and the page's button. */
  unsubscribe: ['POST', '/interests/unsubscribe', 'file'],
});
