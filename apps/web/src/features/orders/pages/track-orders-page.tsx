import { useTranslation } from 'react-i18next';
import { OrdersView } from '../components/orders-view';

/** /orders — Track Your Orders (library). */
export function TrackOrdersPage() {
  const { t } = useTranslation('orders');
  return <OrdersView role="LIBRARY" title={t('titles.track')} />;
}
