import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Button } from '@mui/material';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { interopEndpoints, orderEndpoints } from '@jsbn/shared/core';
import type { OrderDto } from '@jsbn/shared';
import { call, toastError } from '../../../api/client';
import { openBlobInNewTab, saveFile } from '../../../components/download';
import { orderLetter } from '../api/orders-api';

/**
 * The order letter PDF of an order, opened in a new tab (docs/api.md: "with no WhatsApp send
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

/**
 * The order as a Koha order file (MARC21, one record a book with 975 $p price and $q copies),
 * saved as `Koha_order_<order id>.mrc`: GET /api/book/order-book/:id/koha.mrc (decision 034).
 */
export function KohaOrderButton({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      startIcon={<LibraryBooksIcon />}
      disabled={busy}
      aria-label={t('actions.kohaOf', { order: order.orderId })}
      onClick={() => {
        setBusy(true);
        call(interopEndpoints.kohaOrder, { params: { id: order.id } })
          .then((file) => saveFile(file, `Koha_order_${order.orderId}.mrc`))
          .catch(toastError)
          .finally(() => setBusy(false));
      }}
    >
      {t('actions.koha')}
    </Button>
  );
}

/**
 * Bill of supply (PDF) of an accepted order (decision 070): opened in a new tab; the first request
 * numbers it (BOS/2026-27/0001). Its words are in the interface language.
 */
export function BillOfSupplyButton({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      startIcon={<PictureAsPdfIcon />}
      disabled={busy}
      sx={{ minHeight: 44 }}
      data-testid="bill-of-supply"
      onClick={() => {
        setBusy(true);
        openBlobInNewTab(() => call(orderEndpoints.billOfSupply, { params: { id: order.id } }), `bill-of-supply-${order.orderId}.pdf`)
          .catch(toastError)
          .finally(() => setBusy(false));
      }}
    >
      {t('payment.billOfSupply')}
    </Button>
  );
}
