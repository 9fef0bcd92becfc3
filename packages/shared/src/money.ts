/**
 * Prices and money (DESIGN: money as integer minor units). A book's price has
 * a kind — priced, nominal ('for propagation', પ્રચારાર્થે) or free — next to its amount and
 * currency. Amounts are stored and sent as integers in the currency's minor unit (ISO 4217:
 * paise for INR, cents for USD, none for JPY); the form and the API's `price` field take the
 * amount in major units.
 */
export const PRICE_KINDS = ['priced', 'nominal', 'free'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

const digitsOf = new Map<string, number>();

/** Decimal places of `currency`'s minor unit (ISO 4217, through Intl): 2 for INR, 0 for JPY; 2 when unknown. */
export function minorDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsOf.set(currency, digits);
  }
  return digits;
}

/** `amount` in major units (20.5 rupees) as integer minor units of `currency` (2050 paise). */
export const toMinor = (amount: number, currency: string) => Math.round(amount * 10 ** minorDigits(currency));
/** Integer minor units of `currency` as an amount in major units. */
export const fromMinor = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);

const formats = new Map<string, Intl.NumberFormat>();

/** `minor` units of `currency` for people: '₹1,250.00', '$4.00' (CLDR's en-IN: Indian grouping, Latin digits in every language). */
export function formatMoney(minor: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-IN', { style: 'currency', currency });
    } catch {
      return `${fromMinor(minor, currency)} ${currency}`;
    }
    formats.set(currency, format);
  }
  return format.format(fromMinor(minor, currency));
}

/** A line of an order as priced when it was placed, and the copies it counts (accepted, else ordered). */
export interface PricedLine {
  price_kind: PriceKind;
  price_minor: number | null;
  currency: string;
  copies: number;
}

/** What a line costs in minor units: 0 for a free book, price × copies, or null when no price was stated. */
export function lineAmount(line: PricedLine): number | null {
  if (line.price_kind === 'free') return 0;
  return line.price_minor === null ? null : line.price_minor * line.copies;
}

/** A sum in one currency. */
export interface MoneyTotal {
  currency: string;
  amount_minor: number;
}

/**
 * The total of an order: its lines (price × copies) and the postage, one sum per currency —
 * the order's currency first (a publisher's books are nearly always in one currency; a book in
 * another is never converted). Lines without a stated price add nothing.
 */
export function orderTotals(lines: PricedLine[], postage: MoneyTotal | null, orderCurrency: string): MoneyTotal[] {
  const sums = new Map<string, number>([[orderCurrency, 0]]);
  for (const line of lines) {
    const amount = lineAmount(line);
    if (amount !== null && amount > 0) sums.set(line.currency, (sums.get(line.currency) ?? 0) + amount);
  }
  if (postage) sums.set(postage.currency, (sums.get(postage.currency) ?? 0) + postage.amount_minor);
  return [...sums].map(([currency, amount_minor]) => ({ currency, amount_minor }));
}

/** Where no price was stated. */
export const NO_PRICE = '—';

/**
 * A price for people: 'Free', '₹20.00', '₹20.00 (for propagation)', or '—' when none was
 * stated; `words` are the language's 'Free' and 'for propagation'.
 */
export function priceText(
  price: { kind: PriceKind; minor: number | null; currency: string },
  words: { free: string; nominal: string },
): string {
  if (price.kind === 'free') return words.free;
  if (price.minor === null) return NO_PRICE;
  return price.kind === 'nominal'
    ? `${formatMoney(price.minor, price.currency)} (${words.nominal})`
    : formatMoney(price.minor, price.currency);
}

/** What a line costs for people: 'Free' for 0, the money, or '—' when no price was stated. */
export const amountText = (minor: number | null, currency: string, free: string) =>
  minor === null ? NO_PRICE : minor === 0 ? free : formatMoney(minor, currency);

/** An order's totals for people: '₹150.00', or '₹150.00 + $4.00' when its books are in two currencies. */
export const totalsText = (totals: MoneyTotal[]) =>
  totals
    .filter((sum, index) => index === 0 || sum.amount_minor > 0)
    .map((sum) => formatMoney(sum.amount_minor, sum.currency))
    .join(' + ');

/** The price words in English ('Free', 'for propagation'); the API has each language's (`priceWords` of lib/notices.ts). */
export const ENGLISH_PRICE_WORDS = { free: 'Free', nominal: 'for propagation' };

/** A book's price (`BookDto`: `price` in major units) with a language's price `words` (English by default). */
export const bookPriceText = (
  book: { price_kind: PriceKind; price: number | null; currency: string },
  words: { free: string; nominal: string } = ENGLISH_PRICE_WORDS,
) =>
  priceText(
    { kind: book.price_kind, minor: book.price === null ? null : toMinor(book.price, book.currency), currency: book.currency },
    words,
  );
