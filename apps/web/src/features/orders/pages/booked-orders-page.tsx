import { OrdersView } from '../components/orders-view';

/** /booked-orders — Received Orders (publisher). */
export function BookedOrdersPage() {
  return <OrdersView role="PUBLISHER" title="Received Orders" />;
}
