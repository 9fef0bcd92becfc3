/**
 * How long an order has waited in its status, and the library's reminder to the publisher
 *: 'Waiting 9 days', the Send reminder button when the server allows one
 * (`can_remind`: waiting on the publisher for more than 3 days, none in the last day), and the
 * date of the last reminder.
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button, Stack, Typography } from '@mui/material';
import type { OrderDto } from '@jsbn/shared';
import { formatDate } from '../../../components/format';

/** 'Waiting 9 days' ('Since today' under a day); '' once the order is Completed or Cancelled. */
export function waitingText(order: OrderDto, t: TFunction<'orders'>): string {
  if (order.waiting_days === null) return '';
  return order.waiting_days === 0 ? t('waiting.today') : t('waiting.days', { count: order.waiting_days });
}

/** The Waiting cell of an order row: the days, the last reminder, and (library) Send reminder. */
export function WaitingCell({ order, onRemind }: { order: OrderDto; onRemind?: (order: OrderDto) => void }) {
  const { t } = useTranslation('orders');
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: (order.waiting_days ?? 0) > 3 ? 700 : 400 }}>
        {waitingText(order, t)}
      </Typography>
      {order.reminded_at ? (
        <Typography variant="caption" color="text.secondary">
          {t('waiting.lastReminder', { date: formatDate(order.reminded_at) })}
        </Typography>
      ) : null}
      {onRemind && order.can_remind ? (
        <Button
          size="small"
          variant="outlined"
          onClick={() => onRemind(order)}
          aria-label={t('waiting.remindAbout', { order: order.orderId })}
        >
          {t('waiting.remind')}
        </Button>
      ) : null}
    </Stack>
  );
}
