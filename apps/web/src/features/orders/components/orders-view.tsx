/**
 * Track Your Orders (library) and Received Orders (publisher): status tabs, list, and the
 * actions the order state machine allows for this role (allowedOrderActions).
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { MSG, allowedOrderActions, type ModelType, type OrderAction, type OrderDto, type OrderStatus, type UpdateOrderStatusInput } from '@jsbn/shared';
import { toFormData, toastSuccess } from '../../../api/client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { formatDate } from '../../../components/format';
import { PageHeader } from '../../../components/page';
import { dispatchOrder, updateOrderStatus, useOrders } from '../api/orders-api';
import { CourierDialog, DispatchDialog, OrderDetailsDialog, PartialAcceptDialog } from './order-dialogs';

const TABS: Record<ModelType, { status: OrderStatus; label: string }[]> = {
  LIBRARY: [
    { status: 'REQUESTED', label: 'Pending' },
    { status: 'IN_PROGRESS', label: 'Preparing' },
    { status: 'DISPATCHED', label: 'Dispatched' },
    { status: 'COMPLETED', label: 'Received' },
  ],
  PUBLISHER: [
    { status: 'REQUESTED', label: 'Requested' },
    { status: 'IN_PROGRESS', label: 'Preparing' },
    { status: 'DISPATCHED', label: 'Dispatched' },
    { status: 'COMPLETED', label: 'Completed' },
  ],
};

const CONFIRM: Partial<Record<OrderAction, { message: string; body: UpdateOrderStatusInput }>> = {
  accept: { message: 'Are you sure you want to accept this order?', body: { status: 'IN_PROGRESS' } },
  reject: { message: 'Are you sure you want to reject this order?', body: { status: 'CANCELLED' } },
  cancel: { message: MSG.cancelConfirm, body: { status: 'CANCELLED' } },
  receive: { message: MSG.receivedConfirm, body: { status: 'COMPLETED' } },
};

const DEFAULT_SORT = { field: 'order_date', order: 'desc' } as const;

export function OrdersView({ role, title }: { role: ModelType; title: string }) {
  const tabs = TABS[role];
  const [tab, setTab] = useState(0);
  const status = tabs[tab]!.status;
  const list = useListState(DEFAULT_SORT);
  const orders = useOrders(status, list.query);
  const queryClient = useQueryClient();
  const [action, setAction] = useState<{ kind: OrderAction; order: OrderDto } | null>(null);
  const [details, setDetails] = useState<OrderDto | null>(null);
  const [courier, setCourier] = useState<OrderDto | null>(null);
  const actions = allowedOrderActions(role, status);

  const afterChange = async (message: string | undefined, fallback: string) => {
    toastSuccess(message, fallback);
    setAction(null);
    list.reset();
    await queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };

  const change = useMutation({
    mutationFn: ({ order, body }: { order: OrderDto; body: UpdateOrderStatusInput }) => updateOrderStatus(order.id, body),
    onSuccess: (reply) => afterChange(reply.message, 'Order status updated successfully'),
  });
  const dispatch = useMutation({
    mutationFn: ({ order, values }: { order: OrderDto; values: { courierCompanyName?: string; courierCompanyNumber?: string; trackingId?: string; orderImage: File | null } }) =>
      dispatchOrder(
        toFormData(
          { orderId: order.id, courierCompanyName: values.courierCompanyName, courierCompanyNumber: values.courierCompanyNumber, trackingId: values.trackingId },
          { orderImage: values.orderImage },
        ),
      ),
    onSuccess: (reply) => afterChange(reply.message, MSG.orderDispatched),
  });

  const counterpart = role === 'LIBRARY' ? 'Publisher' : 'Library';
  const columns: Column<OrderDto>[] = [
    { key: 'sr', header: 'Sr. no', render: (_row, { srNo }) => srNo },
    { key: 'orderId', header: 'Order id', render: (order) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{order.orderId}</Box> },
    { key: 'date', header: 'Order date', render: (order) => formatDate(order.order_date), sortField: 'order_date' },
    { key: 'party', header: counterpart, render: (order) => (role === 'LIBRARY' ? order.publisher.publisher_name : order.library.name), minWidth: 160 },
    {
      key: 'books',
      header: 'Books',
      minWidth: 200,
      render: (order) => (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {order.OrderBookItem.map((item) => (
            <li key={item.id}>
              {item.book.book_title} × {status === 'REQUESTED' ? item.number_of_copies : (item.accepted_book_copies ?? item.number_of_copies)}
            </li>
          ))}
        </Box>
      ),
    },
    { key: 'total', header: 'Total copies', render: (order) => order.totalCopies, align: 'center' },
  ];
  if (role === 'PUBLISHER' && status !== 'REQUESTED') {
    columns.push({
      key: 'accepted',
      header: 'Accepted copies',
      align: 'center',
      render: (order) => order.OrderBookItem.reduce((sum, item) => sum + (item.accepted_book_copies ?? item.number_of_copies), 0),
    });
  }
  columns.push({
    key: 'details',
    header: 'Order details',
    render: (order) => (
      <Button size="small" onClick={() => setDetails(order)} aria-label={`Order details of ${order.orderId}`}>
        Details
      </Button>
    ),
  });
  if (actions.includes('cancel')) {
    columns.push({
      key: 'cancel',
      header: 'Cancel',
      render: (order) => (
        <Button size="small" color="error" variant="outlined" onClick={() => setAction({ kind: 'cancel', order })}>
          Cancel
        </Button>
      ),
    });
  }
  if (actions.includes('accept')) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      minWidth: 260,
      render: (order) => (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
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
  if (status === 'DISPATCHED' || (status === 'COMPLETED' && role === 'PUBLISHER')) {
    columns.push({
      key: 'courier',
      header: 'Courier Details',
      render: (order) =>
        order.dispetchedOrder || role === 'LIBRARY' ? (
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

  return (
    <Box>
      <PageHeader title={title} />
      <Tabs
        value={tab}
        onChange={(_event, value: number) => {
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
    </Box>
  );
}
