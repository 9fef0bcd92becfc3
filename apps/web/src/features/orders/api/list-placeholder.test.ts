/**
 * An order list's placeholder while a page loads: the page before it of the same tab, never
 * another tab's orders (they would stand under this tab's name until the list came).
 */
import { describe, expect, it } from 'vitest';
import { sameStatusPlaceholder } from './list-placeholder.js';

/** An order list's key, as queryKeys.orders.list makes it. */
const listKey = (status: string, query: object) => ['orders', status, query];

const page = { orderBooks: [{ orderId: 'ORD-000002', status: 'IN_PROGRESS' }], total: 1 };

describe('sameStatusPlaceholder', () => {
  it('keeps the page before while another page, search or sort of the same tab loads', () => {
    const before = { queryKey: listKey('DISPATCHED', { page: 1 }) };
    expect(sameStatusPlaceholder('DISPATCHED')(page, before)).toBe(page);
  });

  it("shows nothing of another tab's orders while this tab's list loads", () => {
    const preparing = { queryKey: listKey('IN_PROGRESS', { page: 1 }) };
    expect(sameStatusPlaceholder('DISPATCHED')(page, preparing)).toBeUndefined();
  });

  it('shows nothing before the first page', () => {
    expect(sameStatusPlaceholder('DISPATCHED')(undefined, undefined)).toBeUndefined();
  });
});
