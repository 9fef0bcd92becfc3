/**
 * The head of an order's card on a phone (below 600 px): the order id and date, the library (the
 * publisher's list) or the publisher (the library's), its state — the tab's name, and the payment
 * once accepted — and its amount. The whole head is one button that opens Order Details, where the
 * books, copies, letter and history are.
 */
import { useTranslation } from 'react-i18next';
import { Box, ButtonBase, Chip, Stack, Typography } from '@mui/material';
import type { ModelType, OrderDto } from '@jsbn/shared';
import { formatDate } from '../../../components/format';
import { usePrices } from '../../../components/prices';
import { PaymentChip } from './payment-panel';

/**
 * The card's head of `order` for `role`; `state` is the tab's name for its status ('Pending',
 * 'Preparing'); `onOpen` opens Order Details. Its accessible name is 'Order details of <order id>'.
 */
export function PhoneOrderCard({
  order,
  role,
  state,
  onOpen,
}: {
  order: OrderDto;
  role: ModelType;
  state: string;
  onOpen: (order: OrderDto) => void;
}) {
  const { t } = useTranslation('orders');
  const prices = usePrices();
  const amount = prices.totals(order.totals);
  const paid = order.status !== 'REQUESTED' && order.status !== 'CANCELLED';
  return (
    // a box between the cell and the button: a card's cell lets its direct buttons keep their own width
    <Box>
      <ButtonBase
        onClick={() => onOpen(order)}
        aria-label={t('actions.orderDetailsOf', { order: order.orderId })}
        sx={{ display: 'block', width: '100%', textAlign: 'left', borderRadius: 1, py: 0.5 }}
      >
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography component="span" sx={{ fontWeight: 700, color: 'primary.main', textDecoration: 'underline' }}>
            {order.orderId}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {formatDate(order.order_date)}
          </Typography>
        </Stack>
        <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
          {role === 'PUBLISHER' ? order.library.name : order.publisher.publisher_name}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          <Chip size="small" variant="outlined" label={state} />
          {paid ? <PaymentChip state={order.payment.state} /> : null}
          <Box sx={{ flexGrow: 1 }} />
          {amount ? (
            <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {amount}
            </Typography>
          ) : null}
        </Stack>
      </ButtonBase>
    </Box>
  );
}
