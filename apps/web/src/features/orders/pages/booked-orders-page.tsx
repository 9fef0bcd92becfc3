import { useTranslation } from 'react-i18next';
import { OrdersView } from '../components/orders-view';

/** /booked-orders — Received Orders (publisher). */
export function BookedOrdersPage() {
  const { t } = useTranslation('orders');
  return <OrdersView role="PUBLISHER" title={t('titles.received')} />;
}
