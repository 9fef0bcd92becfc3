import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Button } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import type { OrderDto } from '@jsbn/shared';
import { toastError } from '../../../api/client';
import { openBlobInNewTab } from '../../../components/download';
import { orderLetter } from '../api/orders-api';

/**
 * The order letter PDF of an order, opened in a new tab (spec books §7: "with no WhatsApp send
 * it opens in a new tab"): POST /api/publisher/generate-pdf with sendWhatsapp false, shown from a
 * blob URL; saved as a file when the browser refuses the tab.
 */
export function OrderLetterButton({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      startIcon={<PictureAsPdfIcon />}
      disabled={busy}
      aria-label={t('actions.letterOf', { order: order.orderId })}
      onClick={() => {
        setBusy(true);
        openBlobInNewTab(() => orderLetter(order.id, false), `${order.orderId}.pdf`)
          .catch(toastError)
          .finally(() => setBusy(false));
      }}
    >
      {t('actions.letter')}
    </Button>
  );
}
