import { OrdersView } from '../components/orders-view';

/** /orders — Track Your Orders (library). */
export function TrackOrdersPage() {
  return <OrdersView role="LIBRARY" title="Track Your Orders" />;
}
