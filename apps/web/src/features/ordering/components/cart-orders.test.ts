import { describe, expect, it } from 'vitest';
import { ordersOfCart, type CartItem } from './cart-orders.js';

const item = (bookId: number, publisherId: number, quantity: string, price: Partial<CartItem>): CartItem => ({
  bookId,
  publisherId,
  bookTitle: `Book ${bookId}`,
  publisherName: publisherId === 1 ? 'Shri Jain Sahitya Prakashan Trust' : 'Jinvani Granthmala',
  quantity,
  currency: 'INR',
  ...price,
});

describe('the cart as the orders it makes', () => {
  it('makes one order per publisher, in the order they were chosen, each line priced and each publisher totalled', () => {
    const orders = ordersOfCart([
      item(1, 1, '3', { price_kind: 'priced', price: 250 }),
      item(8, 2, '1', { price_kind: 'priced', price: 300 }),
      item(2, 1, '2', { price_kind: 'nominal', price: 20 }),
      item(4, 1, '5', { price_kind: 'free', price: null }),
    ]);
    expect(orders.map((order) => [order.publisherName, order.lines.map((line) => line.item.bookId)])).toEqual([
      ['Shri Jain Sahitya Prakashan Trust', [1, 2, 4]],
      ['Jinvani Granthmala', [8]],
    ]);
    expect(orders[0]!.lines.map((line) => [line.copies, line.priceMinor, line.amountMinor])).toEqual([
      [3, 25000, 75000],
      [2, 2000, 4000],
      [5, null, 0],
    ]);
    expect(orders[0]!.totals).toEqual([{ currency: 'INR', amount_minor: 79000 }]);
    expect(orders[1]!.totals).toEqual([{ currency: 'INR', amount_minor: 30000 }]);
  });

  it('leaves a book without a stated price out of the total, and reads a cart kept before prices were in it', () => {
    const [order] = ordersOfCart([
      item(1, 1, '2', { price_kind: 'priced', price: null }),
      { bookId: 9, publisherId: 1, bookTitle: 'Old', quantity: '1' },
    ]);
    expect(order!.lines.map((line) => [line.priceKind, line.priceMinor, line.amountMinor, line.currency])).toEqual([
      ['priced', null, null, 'INR'],
      ['priced', null, null, 'INR'],
    ]);
    expect(order!.totals).toEqual([{ currency: 'INR', amount_minor: 0 }]);
  });
});
