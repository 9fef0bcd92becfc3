/**
 * Money on the order (decision 070): the publisher's postage terms, the amount an order is due
 * (integer paise, never floating point), the `upi://pay` link the library pays by, and the
 * payment's states. No money passes through JSBN: it states the amount, makes paying one tap
 * and records what each side says.
 */
import { lineAmount, type PricedLine } from './money.js';

/**
 * How a publisher charges postage: nothing; a fixed amount per parcel (one parcel an order);
 * an amount per copy; or the actual cost, told when accepting or dispatching.
 */
export const POSTAGE_TERMS = ['free', 'per_parcel', 'per_copy', 'actual'] as const;
export type PostageTerms = (typeof POSTAGE_TERMS)[number];

/**
 * Where an order's payment stands: due (nothing recorded), paid (the library recorded a UTR —
 * awaiting the publisher's confirmation), confirmed (the publisher received it), queried (the
 * publisher says it did not; the library may record it again).
 */
export const PAYMENT_STATES = ['due', 'paid', 'confirmed', 'queried'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A UPI ID (virtual payment address): `name@handle`, as NPCI's UPI linking specification has `pa`. */
export const VPA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;
/** An Indian Financial System Code: 4 letters (the bank), 0, 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A UPI transaction's reference (UTR / RRN): exactly 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;

/** An order's postage terms as kept on the order when it was placed (a later change of the profile does not change it). */
export interface OrderPostage {
  terms: PostageTerms;
  /** The amount per parcel or per copy, paise; null for free and as actual. */
  rate_minor: number | null;
  /** The postage the publisher stated when accepting or dispatching (terms 'actual'), paise, or null. */
  stated_minor: number | null;
}

/**
 * The postage of an order in paise: 0 when free, the rate once per parcel, the rate × `copies`
 * per copy, and as actual the amount stated — null until it is stated.
 */
export function postageOf(postage: OrderPostage, copies: number): number | null {
  switch (postage.terms) {
    case 'free':
      return 0;
    case 'per_parcel':
      return postage.rate_minor ?? 0;
    case 'per_copy':
      return (postage.rate_minor ?? 0) * copies;
    case 'actual':
      return postage.stated_minor;
  }
}

/** What an order is due: books and postage in paise of `currency`; `known` false while a part is unknown. */
export interface AmountDue {
  currency: string;
  /** Books at their prices × copies (accepted, else ordered), paise. */
  books_minor: number;
  /** Postage, paise; null until it is known ('as actual', not yet stated). */
  postage_minor: number | null;
  /** Books and postage, paise; null while the postage or a price is unknown, or a book is in another currency. */
  amount_minor: number | null;
}

/**
 * The one computation of an order's amount due (decision 070): the lines' prices × their copies
 * (accepted, else ordered) plus the postage of its terms — integers in paise. The order details,
 * lists, letter, exports, e-mails and the UPI link all show this figure.
 */
export function amountDue(lines: PricedLine[], postage: OrderPostage, currency: string): AmountDue {
  let books = 0;
  let known = true;
  for (const line of lines) {
    const amount = lineAmount(line);
    if (amount === null || (amount > 0 && line.currency !== currency)) known = false;
    else books += amount;
  }
  const copies = lines.reduce((sum, line) => sum + line.copies, 0);
  const postage_minor = postageOf(postage, copies);
  return {
    currency,
    books_minor: books,
    postage_minor,
    amount_minor: known && postage_minor !== null ? books + postage_minor : null,
  };
}

/** Paise as rupees with two decimals, by integer arithmetic: 34000 → '340.00', 5 → '0.05'. */
export function rupees(minor: number): string {
  const whole = Math.floor(minor / 100);
  return `${whole}.${String(minor % 100).padStart(2, '0')}`;
}

/** What a `upi://pay` link names. */
export interface UpiPayment {
  /** The payee's UPI ID (`pa`). */
  vpa: string;
  /** The payee's name (`pn`). */
  payee: string;
  /** Paise (`am`, sent in rupees with two decimals). */
  amount_minor: number;
  /** The order's reference, 'ORD-000042' (`tr`, and named in `tn`). */
  reference: string;
}

/**
 * The UPI deep link of a payment, as NPCI's 'UPI Linking Specification' (version 1.6) has it:
 * `upi://pay?pa=<vpa>&pn=<payee>&am=<rupees>&cu=INR&tn=<note>&tr=<reference>`. Built with
 * URLSearchParams (form encoding: a space is '+', which UPI apps read as a space), never by hand.
 * Any UPI app opens it on a phone and reads it from a QR code on a computer.
 */
export function upiPayUri(payment: UpiPayment): string {
  const params = new URLSearchParams({
    pa: payment.vpa,
    pn: payment.payee.slice(0, 50),
    am: rupees(payment.amount_minor),
    cu: 'INR',
    tn: `JSBN order ${payment.reference}`,
    tr: payment.reference,
  });
  return `upi://pay?${params.toString()}`;
}
