/**
 * The cart as the orders it will make (docs/api.md: one order per publisher): each publisher's
 * books in the cart's order, each line priced as the book is today, and the publisher's total —
 * what the confirm dialog shows before the library orders (decision 029).
 */
import { DEFAULT_CURRENCY, lineAmount, orderTotals, toMinor, type MoneyTotal, type PriceKind } from '@jsbn/shared/core';

/** A book in the library's cart (kept in the browser, `cart.tsx`). */
export interface CartItem {
  bookId: number;
  publisherId: number;
  bookTitle: string;
  /** As typed: '' and '0' are kept so the form can show the message. */
  quantity: string;
  // What the confirm dialog shows of each book (decision 029); absent from a cart kept before it.
  jsbn?: string;
  publisherName?: string;
  price_kind?: PriceKind;
  /** The price in major units, as the book has it. */
  price?: number | null;
  currency?: string;
}

/** A book of the cart with its copies, its price and amount in minor units (null: no price stated). */
export interface CartLine {
  item: CartItem;
  copies: number;
  priceKind: PriceKind;
  priceMinor: number | null;
  currency: string;
  amountMinor: number | null;
}

/** One order the cart makes: a publisher, its lines and their total per currency. */
export interface CartOrder {
  publisherId: number;
  publisherName: string;
  lines: CartLine[];
  totals: MoneyTotal[];
}

/** `items` grouped by publisher, publishers in the order their first book was chosen. */
export function ordersOfCart(items: readonly CartItem[]): CartOrder[] {
  const orders = new Map<number, CartOrder>();
  for (const item of items) {
    const currency = item.currency ?? DEFAULT_CURRENCY;
    // a cart kept before prices were part of it: no price stated ('—')
    const priceKind = item.price_kind ?? 'priced';
    const priceMinor = item.price === null || item.price === undefined ? null : toMinor(item.price, currency);
    const copies = Number(item.quantity) || 0;
    const line: CartLine = {
      item,
      copies,
      priceKind,
      priceMinor,
      currency,
      amountMinor: lineAmount({ price_kind: priceKind, price_minor: priceMinor, currency, copies }),
    };
    const order = orders.get(item.publisherId) ?? {
      publisherId: item.publisherId,
      publisherName: item.publisherName ?? '',
      lines: [],
      totals: [],
    };
    order.lines.push(line);
    orders.set(item.publisherId, order);
  }
  return [...orders.values()].map((order) => ({
    ...order,
    totals: orderTotals(
      order.lines.map((line) => ({
        price_kind: line.priceKind,
        price_minor: line.priceMinor,
        currency: line.currency,
        copies: line.copies,
      })),
      null,
      order.lines[0]!.currency,
    ),
  }));
}
