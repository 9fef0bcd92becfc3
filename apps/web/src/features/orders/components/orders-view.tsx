/**
 * Track Your Orders (library) and Received Orders (publisher) — spec books §2, §4: status tabs
 * (the spec's four, and Cancelled with who cancelled or rejected and when — issue 10),
 * the columns of each tab, the actions the order state machine allows for this role
 * (allowedOrderActions), Excel export and (publisher) address labels of the selected rows.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { EXPORT_FILE_NAMES, MSG, allowedOrderActions } from '@jsbn/shared/core';
import type { ModelType, OrderAction, OrderDto, OrderStatus, UpdateOrderStatusInput } from '@jsbn/shared';
import { toFormData, toastSuccess } from '../../../api/client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { LibraryDetailsDialog, PublisherDetailsDialog } from '../../../components/details-dialogs';
import { formatDate } from '../../../components/format';
import { ExportExcelButton, PrintAddressButton } from '../../../components/list-actions';
import { PageHeader } from '../../../components/page';
import { ORDER_ADDRESSES_PATH, ORDER_DEFAULT_SORT, ORDER_EXPORT_PATH, ORDERS_KEY, dispatchOrder, updateOrderStatus, useOrders } from '../api/orders-api';
import { OrderLetterButton } from './order-letter-button';
import { CourierDialog, DispatchDialog, OrderDetailsDialog, PartialAcceptDialog, acceptedCopies, cancellation, totalAccepted } from './order-dialogs';

const TABS: Record<ModelType, { status: OrderStatus; label: string }[]> = {
  LIBRARY: [
    { status: 'REQUESTED', label: 'Pending' },
    { status: 'IN_PROGRESS', label: 'Preparing' },
    { status: 'DISPATCHED', label: 'Dispatched' },
    { status: 'COMPLETED', label: 'Received' },
    { status: 'CANCELLED', label: 'Cancelled' },
  ],
  PUBLISHER: [
    { status: 'REQUESTED', label: 'Requested' },
    { status: 'IN_PROGRESS', label: 'Preparing' },
    { status: 'DISPATCHED', label: 'Dispatched' },
    { status: 'COMPLETED', label: 'Completed' },
    { status: 'CANCELLED', label: 'Cancelled' },
  ],
};

const CONFIRM: Partial<Record<OrderAction, { message: string; body: UpdateOrderStatusInput }>> = {
  accept: { message: 'Are you sure you want to accept this order?', body: { status: 'IN_PROGRESS' } },
  reject: { message: 'Are you sure you want to reject this order?', body: { status: 'CANCELLED' } },
  cancel: { message: MSG.cancelConfirm, body: { status: 'CANCELLED' } },
  receive: { message: MSG.receivedConfirm, body: { status: 'COMPLETED' } },
};

interface DispatchValues {
  courierCompanyName?: string;
  courierCompanyNumber?: string;
  trackingId?: string;
  orderImage: File | null;
}

export function OrdersView({ role, title }: { role: ModelType; title: string }) {
  const tabs = TABS[role];
  const [tab, setTab] = useState(0);
  const status = tabs[tab]!.status;
  const list = useListState(ORDER_DEFAULT_SORT);
  const orders = useOrders(status, list.query);
  const queryClient = useQueryClient();
  const [action, setAction] = useState<{ kind: OrderAction; order: OrderDto } | null>(null);
  const [details, setDetails] = useState<OrderDto | null>(null);
  const [courier, setCourier] = useState<OrderDto | null>(null);
  const [libraryId, setLibraryId] = useState<number | null>(null);
  const [publisherId, setPublisherId] = useState<number | null>(null);
  const actions = allowedOrderActions(role, status);
  const isPublisher = role === 'PUBLISHER';

  /** After a status change (spec §4): the server's message, page 1, default sort, no selection, reload. */
  const afterChange = async (message: string | undefined, fallback: string) => {
    toastSuccess(message, fallback);
    setAction(null);
    list.restart();
    await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };

  const change = useMutation({
    mutationFn: ({ order, body }: { order: OrderDto; body: UpdateOrderStatusInput }) => updateOrderStatus(order.id, body),
    onSuccess: (reply) => afterChange(reply.message, 'Order status updated successfully'),
  });
  const dispatch = useMutation({
    mutationFn: ({ order, values }: { order: OrderDto; values: DispatchValues }) =>
      dispatchOrder(
        toFormData(
          { orderId: order.id, courierCompanyName: values.courierCompanyName, courierCompanyNumber: values.courierCompanyNumber, trackingId: values.trackingId },
          { orderImage: values.orderImage },
        ),
      ),
    onSuccess: (reply) => afterChange(reply.message, MSG.orderDispatched),
  });

  const columns: Column<OrderDto>[] = [
    { key: 'sr', header: 'Sr. no', render: (_row, { srNo }) => srNo },
    {
      key: 'orderId',
      header: 'Order id',
      // The order id opens Order Details (items, totals, history).
      render: (order) => (
        <Button size="small" onClick={() => setDetails(order)} aria-label={`Order details of ${order.orderId}`} sx={{ whiteSpace: 'nowrap', textDecoration: 'underline' }}>
          {order.orderId}
        </Button>
      ),
    },
    { key: 'date', header: 'Order date', render: (order) => formatDate(order.order_date), sortField: 'order_date' },
    isPublisher
      ? {
          key: 'library',
          header: 'Library',
          sortField: 'library_name',
          minWidth: 180,
          render: (order) => (
            <Button size="small" onClick={() => setLibraryId(order.library.id)} aria-label={`Library details of ${order.library.name}`} sx={{ textAlign: 'left', justifyContent: 'flex-start' }}>
              {order.library.name}
            </Button>
          ),
        }
      : {
          key: 'publisher',
          header: 'Publisher',
          sortField: 'publisher_name',
          minWidth: 180,
          render: (order) => (
            <Button size="small" onClick={() => setPublisherId(order.publisher.id)} aria-label={`Publisher details of ${order.publisher.publisher_name}`} sx={{ textAlign: 'left', justifyContent: 'flex-start' }}>
              {order.publisher.publisher_name}
            </Button>
          ),
        },
    {
      key: 'books',
      header: 'Books',
      minWidth: 180,
      render: (order) => (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {order.OrderBookItem.map((item) => (
            <li key={item.id}>
              {item.book.book_title} × {status === 'REQUESTED' ? item.number_of_copies : acceptedCopies(item)}
            </li>
          ))}
        </Box>
      ),
    },
    { key: 'total', header: 'Ordered copies', render: (order) => order.totalCopies, align: 'center' },
  ];
  // The accepted-quantity column is hidden on Requested / Pending (spec §4) and on Cancelled.
  if (status === 'CANCELLED') {
    columns.push({ key: 'cancelled', header: 'Cancelled', minWidth: 200, render: (order) => cancellation(order) });
  } else if (status !== 'REQUESTED') {
    columns.push({ key: 'accepted', header: 'Accepted copies', align: 'center', render: (order) => totalAccepted(order) });
  }
  columns.push({ key: 'letter', header: 'Order letter', render: (order) => <OrderLetterButton order={order} /> });
  if (actions.includes('cancel')) {
    columns.push({
      key: 'cancel',
      header: 'Cancel',
      render: (order) => (
        <Button size="small" color="error" variant="outlined" onClick={() => setAction({ kind: 'cancel', order })} aria-label={`Cancel order ${order.orderId}`}>
          Cancel
        </Button>
      ),
    });
  }
  if (actions.includes('accept')) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      minWidth: 220,
      render: (order) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" variant="contained" onClick={() => setAction({ kind: 'accept', order })}>
            Accept
          </Button>
          <Button size="small" variant="outlined" onClick={() => setAction({ kind: 'partialAccept', order })}>
            Partial Accept
          </Button>
          <Button size="small" variant="outlined" color="error" onClick={() => setAction({ kind: 'reject', order })}>
            Reject
          </Button>
        </Stack>
      ),
    });
  }
  if (actions.includes('dispatch')) {
    columns.push({
      key: 'dispatch',
      header: 'Dispatch',
      render: (order) => (
        <Button size="small" variant="text" onClick={() => setAction({ kind: 'dispatch', order })} sx={{ textDecoration: 'underline' }}>
          Dispatch?
        </Button>
      ),
    });
  }
  if (status === 'DISPATCHED' || (status === 'COMPLETED' && isPublisher)) {
    columns.push({
      key: 'courier',
      header: 'Courier Details',
      render: (order) =>
        order.dispetchedOrder || !isPublisher ? (
          <Button size="small" onClick={() => setCourier(order)} aria-label={`Courier Details of ${order.orderId}`}>
            View
          </Button>
        ) : (
          'Not Available.'
        ),
    });
  }
  if (actions.includes('receive')) {
    columns.push({
      key: 'received',
      header: 'Received',
      render: (order) => (
        <ToggleButtonGroup
          size="small"
          exclusive
          value="no"
          aria-label={`Received order ${order.orderId}?`}
          onChange={(_event, value: string | null) => {
            if (value === 'yes') setAction({ kind: 'receive', order });
          }}
        >
          <ToggleButton value="yes">Yes</ToggleButton>
          <ToggleButton value="no">No</ToggleButton>
        </ToggleButtonGroup>
      ),
    });
  }

  const confirm = action ? CONFIRM[action.kind] : undefined;
  const toolbar = (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <ExportExcelButton path={ORDER_EXPORT_PATH} selected={list.selected} fileName={isPublisher ? EXPORT_FILE_NAMES.bookedOrders : EXPORT_FILE_NAMES.booksOrderedByYou} />
      {isPublisher ? <PrintAddressButton path={ORDER_ADDRESSES_PATH} selected={list.selected} disableWhenNone /> : null}
    </Stack>
  );

  return (
    <Box>
      <PageHeader title={title} />
      <Tabs
        value={tab}
        onChange={(_event, value: number) => {
          // Changing tab resets page, sort, search and selection (spec §4).
          setTab(value);
          list.reset();
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label="Order status"
      >
        {tabs.map((item) => (
          <Tab key={item.status} label={item.label} />
        ))}
      </Tabs>
      <DataTable
        label={`${tabs[tab]!.label} orders`}
        columns={columns}
        rows={orders.data?.orderBooks}
        total={orders.data?.total ?? 0}
        loading={orders.isLoading}
        getRowKey={(order) => order.id}
        list={list}
        searchLabel="Search orders"
        toolbar={toolbar}
        selectable
        rowLabel={(order) => `order ${order.orderId}`}
      />
      {orders.isFetching && !orders.isLoading ? (
        <Typography variant="caption" color="text.secondary" role="status">
          {MSG.loading}
        </Typography>
      ) : null}
      <ConfirmDialog
        open={Boolean(confirm)}
        message={confirm?.message ?? ''}
        busy={change.isPending}
        onConfirm={() => action && confirm && change.mutate({ order: action.order, body: confirm.body })}
        onClose={() => setAction(null)}
      />
      {action?.kind === 'partialAccept' ? (
        <PartialAcceptDialog
          order={action.order}
          busy={change.isPending}
          onClose={() => setAction(null)}
          onSubmit={(orderItems) => change.mutate({ order: action.order, body: { status: 'IN_PROGRESS', orderItems } })}
        />
      ) : null}
      {action?.kind === 'dispatch' ? (
        <DispatchDialog order={action.order} busy={dispatch.isPending} onClose={() => setAction(null)} onSubmit={(values) => dispatch.mutate({ order: action.order, values })} />
      ) : null}
      <OrderDetailsDialog order={details} onClose={() => setDetails(null)} />
      <CourierDialog order={courier} onClose={() => setCourier(null)} />
      <LibraryDetailsDialog libraryId={libraryId} onClose={() => setLibraryId(null)} />
      <PublisherDetailsDialog publisherId={publisherId} onClose={() => setPublisherId(null)} />
    </Box>
  );
}
