/**
 * The library's order cart (docs/api.md): Yes adds one copy, No removes the book, the
 * quantity is editable; kept in context and localStorage so it survives moving between
 * the publisher-wise and recently published lists.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { formatJsbn } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { useSession } from '../../../api/session';
import { cartStorageKey } from '../../../api/session-keys';
import type { CartItem } from './cart-orders';

export type { CartItem } from './cart-orders';

/** A book as the cart keeps it (before its quantity). */
export const cartItemOf = (book: BookDto): Omit<CartItem, 'quantity'> => ({
  bookId: book.id,
  publisherId: book.publisher.id,
  bookTitle: book.book_title,
  jsbn: formatJsbn(book.jsbn_number),
  publisherName: book.publisher_name,
  price_kind: book.price_kind,
  price: book.price,
  currency: book.currency,
});

interface CartValue {
  items: CartItem[];
  find: (bookId: number) => CartItem | undefined;
  add: (item: Omit<CartItem, 'quantity'>) => void;
  remove: (bookId: number) => void;
  setQuantity: (bookId: number, quantity: string) => void;
  clear: () => void;
}

const CartContext = createContext<CartValue | null>(null);

const storageKey = (userId: number | undefined) => cartStorageKey(userId);

function load(key: string): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as CartItem[]) : [];
  } catch {
    return [];
  }
}

function CartProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const key = storageKey(user?.id);
  const [state, setState] = useState(() => ({ key, items: load(key) }));
  if (state.key !== key) setState({ key, items: load(key) });
  const items = state.items;

  useEffect(() => {
    localStorage.setItem(state.key, JSON.stringify(state.items));
  }, [state]);

  // the changes stay the same functions for the cart's life (an effect may depend on them)
  const changes = useMemo(() => {
    const update = (change: (items: CartItem[]) => CartItem[]) => setState((current) => ({ ...current, items: change(current.items) }));
    return {
      add: (item: Omit<CartItem, 'quantity'>) =>
        update((current) => (current.some((line) => line.bookId === item.bookId) ? current : [...current, { ...item, quantity: '1' }])),
      remove: (bookId: number) => update((current) => current.filter((line) => line.bookId !== bookId)),
      setQuantity: (bookId: number, quantity: string) =>
        update((current) => current.map((line) => (line.bookId === bookId ? { ...line, quantity } : line))),
      clear: () => update(() => []),
    };
  }, []);
  const value = useMemo<CartValue>(
    () => ({ items, find: (bookId) => items.find((item) => item.bookId === bookId), ...changes }),
    [items, changes],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used inside CartLayout');
  return cart;
}

/** Layout route around the ordering pages. */
export function CartLayout() {
  return (
    <CartProvider>
      <Outlet />
    </CartProvider>
  );
}

export const isBadQuantity = (quantity: string) => !quantity.trim() || Number(quantity) <= 0;
