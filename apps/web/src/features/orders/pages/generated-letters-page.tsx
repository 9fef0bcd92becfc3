/**
 * /generated-letters — Completed Orders (library): the library's completed orders
 * (orderStatus=COMPLETED) with the order summary (the order letter PDF) to download and the
 * publisher's details.
 */
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { EXPORT_FILE_NAMES, marcEndpoints } from '@jsbn/shared/core';
import type { OrderDto } from '@jsbn/shared';
import { call, toastError } from '../../../api/client';
import { MarcDownloads } from '../../../components/print-downloads';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { PublisherDetailsDialog } from '../../../components/details-dialogs';
import { saveBlob } from '../../../components/download';
import { formatDate } from '../../../components/format';
import { ExportExcelButton } from '../../../components/list-actions';
import { PageHeader } from '../../../components/page';
import { ORDER_DEFAULT_SORT, exportOrders, orderLetter, useOrders } from '../api/orders-api';
import { totalAccepted } from '../components/order-dialogs';

function SummaryDownload({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy}
      aria-label={t('actions.downloadSummaryOf', { order: order.orderId })}
      onClick={() => {
        setBusy(true);
        orderLetter(order.id, false)
          .then((file) => saveBlob(file.blob, file.fileName ?? `${order.orderId}.pdf`))
          .catch(toastError)
          .finally(() => setBusy(false));
      }}
    >
      {t('actions.download')}
    </Button>
  );
}

export function GeneratedLettersPage() {
  const { t } = useTranslation('orders');
  const list = useListState(ORDER_DEFAULT_SORT);
  const orders = useOrders('COMPLETED', list.query);
  const [publisherId, setPublisherId] = useState<number | null>(null);

  const columns: Column<OrderDto>[] = [
    { key: 'sr', header: t('columns.srNo'), render: (_row, { srNo }) => srNo },
    {
      key: 'orderId',
      header: t('columns.orderId'),
      render: (order) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {order.orderId}
        </Box>
      ),
    },
    { key: 'date', header: t('columns.orderDate'), render: (order) => formatDate(order.order_date), sortField: 'order_date' },
    {
      key: 'publisher',
      header: t('columns.publisherName'),
      render: (order) => order.publisher.publisher_name,
      sortField: 'publisher_name',
      minWidth: 180,
    },
    {
      key: 'books',
      header: t('columns.books'),
      minWidth: 200,
      render: (order) => (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {order.OrderBookItem.map((item) => (
            <li key={item.id}>{item.book.book_title}</li>
          ))}
        </Box>
      ),
    },
    { key: 'copies', header: t('columns.receivedCopies'), render: (order) => totalAccepted(order), align: 'center' },
    { key: 'summary', header: t('columns.summary'), render: (order) => <SummaryDownload order={order} /> },
    {
      key: 'publisherDetails',
      header: t('columns.publisherDetails'),
      render: (order) => (
        <Button
          size="small"
          onClick={() => setPublisherId(order.publisher.id)}
          aria-label={t('actions.publisherDetailsOf', { name: order.publisher.publisher_name })}
        >
          {t('actions.view')}
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader title={t('titles.completed')} />
      <DataTable
        label={t('titles.completedLabel')}
        columns={columns}
        rows={orders.data?.orderBooks}
        total={orders.data?.total ?? 0}
        loading={orders.isLoading}
        getRowKey={(order) => order.id}
        list={list}
        searchLabel={t('actions.searchOrders')}
        selectable
        rowLabel={(order) => t('actions.rowLabel', { order: order.orderId })}
        emptyText={list.debouncedSearch ? undefined : t('empty')}
        toolbar={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <ExportExcelButton download={exportOrders} selected={list.selected} fileName={EXPORT_FILE_NAMES.booksOrderedByYou} />
            <Box component="span" sx={{ typography: 'body2', color: 'text.secondary' }}>
              {t('titles.receivedMarc')}
            </Box>
            <MarcDownloads
              load={(format) => call(format === 'mrc' ? marcEndpoints.receivedMrc : marcEndpoints.receivedXml)}
              name="Received_Books_MARC21"
            />
          </Stack>
        }
      />
      <PublisherDetailsDialog publisherId={publisherId} onClose={() => setPublisherId(null)} />
    </Box>
  );
}
