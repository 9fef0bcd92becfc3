/**
 * On a received order's details, for the library that ordered it (decision 071): what its receipt
 * put on the shelves ('3 copies shelved: 1041–1043') and 'Undo shelving', which — after a
 * question — takes the copies still on the shelves off them again (withdrawn, their accession
 * numbers kept). Says nothing for an order that shelved nothing (received before the shelves
 * existed, or none accepted).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import type { OrderDto } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { accessionRanges } from '../api/accession-ranges';
import { useOrderShelving, useUndoShelving } from '../api/orders-api';

export function OrderShelving({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const shelving = useOrderShelving(order.id, order.status === 'COMPLETED').data;
  const [asking, setAsking] = useState(false);
  const undo = useUndoShelving({
    onSuccess: (reply) => {
      toastSuccess(reply.message);
      setAsking(false);
    },
    onError: () => setAsking(false),
  });
  if (!shelving || shelving.count === 0) return null;
  return (
    <Box component="section" aria-labelledby="order-shelving-title" data-testid="order-shelving">
      <Typography sx={{ fontWeight: 700 }} id="order-shelving-title">
        {t('shelved.title')}
      </Typography>
      <Typography sx={{ wordBreak: 'break-word' }}>
        {t('shelved.text', { count: shelving.count, numbers: accessionRanges(shelving.accession_numbers) })}
      </Typography>
      {shelving.undone > 0 ? <Typography variant="body2">{t('shelved.undone', { count: shelving.undone })}</Typography> : null}
      {shelving.on_shelves > 0 ? (
        <Button variant="outlined" color="error" startIcon={<UndoIcon />} onClick={() => setAsking(true)} sx={{ mt: 1 }}>
          {t('shelved.undo')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('shelved.undo')}
        message={t('shelved.confirm', { count: shelving.on_shelves, order: order.orderId })}
        confirmText={t('shelved.undo')}
        busy={undo.isPending}
        onConfirm={() => undo.mutate(order.id)}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
