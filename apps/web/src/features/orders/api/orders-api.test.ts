/**
 * An order list's placeholder while a page loads: the page before it of the same tab, never
 * another tab's orders (they would stand under this tab's name until the list came).
 */
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api/query-keys';
import { sameStatusPlaceholder } from './orders-api';

const page = { orderBooks: [{ orderId: 'ORD-000002', status: 'IN_PROGRESS' }], total: 1 };

describe('sameStatusPlaceholder', () => {
  it('keeps the page before while another page, search or sort of the same tab loads', () => {
    const before = { queryKey: queryKeys.orders.list('DISPATCHED', { page: 1 }) };
    expect(sameStatusPlaceholder('DISPATCHED')(page, before)).toBe(page);
  });

  it("shows nothing of another tab's orders while this tab's list loads", () => {
    const preparing = { queryKey: queryKeys.orders.list('IN_PROGRESS', { page: 1 }) };
    expect(sameStatusPlaceholder('DISPATCHED')(page, preparing)).toBeUndefined();
  });

  it('shows nothing before the first page', () => {
    expect(sameStatusPlaceholder('DISPATCHED')(undefined, undefined)).toBeUndefined();
  });
});
