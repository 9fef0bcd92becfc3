/** The placeholder of the order lists (`useOrders`), apart so that its test needs none of the app. */
import type { OrderStatus } from '@jsbn/shared';

/**
 * What an order list shows while a page of `status` loads: the page before it if that was of the
 * same status (another page, a search, a sort), so the rows do not blink; never another tab's
 * orders, which would stand under this tab's name with this tab's buttons until the list came —
 * a Preparing order opened from the Dispatched tab, say, showing 'Preparing' and no postage.
 */
export const sameStatusPlaceholder =
  (status: OrderStatus) =>
  <Data>(previous: Data | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined): Data | undefined =>
    // the list's key is ['orders', status, query] (queryKeys.orders.list)
    previousQuery?.queryKey[1] === status ? previous : undefined;
