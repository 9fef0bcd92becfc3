/**
 * The library's order cart (spec books §4): Yes adds one copy, No removes the book, the
 * quantity is editable; kept in context and localStorage so it survives moving between
 * the publisher-wise and recently published lists.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../../api/session';

export interface CartItem {
  bookId: number;
  publisherId: number;
  bookTitle: string;
  /** As typed: '' and '0' are kept so the form can show the message. */
  quantity: string;
}

interface CartValue {
  items: CartItem[];
  find: (bookId: number) => CartItem | undefined;
  add: (item: Omit<CartItem, 'quantity'>) => void;
  remove: (bookId: number) => void;
  setQuantity: (bookId: number, quantity: string) => void;
  clear: () => void;
}

const CartContext = createContext<CartValue | null>(null);

const storageKey = (userId: number | undefined) => `jsbn-cart-${userId ?? 'anon'}`;

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

  const value = useMemo<CartValue>(() => {
    const update = (change: (items: CartItem[]) => CartItem[]) => setState((current) => ({ ...current, items: change(current.items) }));
    return {
      items,
      find: (bookId) => items.find((item) => item.bookId === bookId),
      add: (item) => update((current) => (current.some((line) => line.bookId === item.bookId) ? current : [...current, { ...item, quantity: '1' }])),
      remove: (bookId) => update((current) => current.filter((line) => line.bookId !== bookId)),
      setQuantity: (bookId, quantity) => update((current) => current.map((line) => (line.bookId === bookId ? { ...line, quantity } : line))),
      clear: () => update(() => []),
    };
  }, [items]);

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
