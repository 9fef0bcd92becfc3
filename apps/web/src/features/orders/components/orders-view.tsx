/**
 * Track Your Orders (library) and Received Orders (publisher) — docs/api.md: status tabs
 * (the spec's four, and Cancelled with who cancelled or rejected and when),
 * the columns of each tab, the actions the order state machine allows for this role
 * (allowedOrderActions), Excel export and (publisher) address labels of the selected rows; how
 * long each open order has waited, and the library's reminder to the publisher.
 *
 * Below 600 px each order is a card of its own design (`phone: 'only'` columns): the order and
 * its date, the library or publisher, its state and amount — a tap opens Order Details, which
 * has the rest — and its one next action (Accept, Dispatch?, the Received? question), the others
 * behind the card's More menu. Export and address labels, which choose rows, are desk tasks:
 * they and the selection are left off a phone. The tabs are one row that scrolls sideways.
 */
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { EXPORT_FILE_NAMES, MSG, allowedOrderActions } from '@jsbn/shared/core';
import type { ModelType, OrderAction, OrderDto, OrderStatus, OrderStatusRequest } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { LibraryDetailsDialog, PublisherDetailsDialog } from '../../../components/details-dialogs';
import { formatDate } from '../../../components/format';
import { ExportExcelButton, PrintAddressButton } from '../../../components/list-actions';
import { PageHeader } from '../../../components/page';
import { TAP_PX } from '../../../lib/theme';
import {
  ORDER_DEFAULT_SORT,
  exportOrders,
  orderAddressLabels,
  useOrderDispatch,
  useOrderReminder,
  useOrderStatusChange,
  useOrders,
} from '../api/orders-api';
import { KohaOrderButton, OrderLetterButton } from './order-letter-button';
import { WaitingCell } from './waiting';
import {
  CourierCell,
  CourierDialog,
  DispatchDialog,
  OrderDetailsDialog,
  PartialAcceptDialog,
  ReceivedShortDialog,
  acceptedCopies,
  cancellation,
  totalAccepted,
} from './order-dialogs';
import { PaymentChip } from './payment-panel';
import { PhoneOrderCard } from './phone-order-card';
import { ORDER_TAB_QUERY } from '../../../lib/paths';

/** The status tabs, in order; their names are `tabs.<role>.<status>` (a library's Pending is a publisher's Requested). */
const TABS: readonly OrderStatus[] = ['REQUESTED', 'IN_PROGRESS', 'DISPATCHED', 'COMPLETED', 'CANCELLED'];

/** A tab's name in the address (`?tab=in-progress`): its status in lower case, '-' for '_'. */
const tabSlug = (status: OrderStatus) => status.toLowerCase().replace('_', '-');
/** The tab the address names (`?tab=`), the first when none or an unknown one. */
const tabOf = (slug: string | null) =>
  Math.max(
    0,
    TABS.findIndex((status) => tabSlug(status) === slug),
  );
/** The address of a tab: the page's own with `?tab=` (a link, so a tap before the app has hydrated the page works). */
const tabHref = (status: OrderStatus) => `?${ORDER_TAB_QUERY}=${tabSlug(status)}`;

/** Where an order goes after each action: the tab to say and to open. */
const MOVES_TO: Partial<Record<OrderAction, OrderStatus>> = {
  accept: 'IN_PROGRESS',
  partialAccept: 'IN_PROGRESS',
  reject: 'CANCELLED',
  cancel: 'CANCELLED',
  receive: 'COMPLETED',
  dispatch: 'DISPATCHED',
};

/** Below 600 px, where the order lists are cards (`PHONE_CARDS` of components/data-table). */
const PHONE = '@media (max-width: 599.95px)';

/** The question before each status change: a key of the orders catalogue, or a spec message. */
const CONFIRM: Partial<Record<OrderAction, { message: { key: 'confirm.accept' | 'confirm.reject' } | string; body: OrderStatusRequest }>> =
  {
    accept: { message: { key: 'confirm.accept' }, body: { status: 'IN_PROGRESS' } },
    reject: { message: { key: 'confirm.reject' }, body: { status: 'CANCELLED' } },
    cancel: { message: MSG.cancelConfirm, body: { status: 'CANCELLED' } },
    receive: { message: MSG.receivedConfirm, body: { status: 'COMPLETED' } },
  };

export function OrdersView({ role, title }: { role: ModelType; title: string }) {
  const { t } = useTranslation('orders');
  const message = useMessages();
  // the tab is the address's (`?tab=`): the server renders it, and each tab is a link (decision 078)
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get(ORDER_TAB_QUERY));
  const setTab = (index: number) => setSearch({ [ORDER_TAB_QUERY]: tabSlug(TABS[index]!) });
  const status = TABS[tab]!;
  const tabLabel = (tabStatus: OrderStatus) => t(`tabs.${role}.${tabStatus}`);
  const list = useListState(ORDER_DEFAULT_SORT);
  const orders = useOrders(status, list.query);
  /** The action being taken; `short`: a receipt short or damaged, which asks for its note first. */
  const [action, setAction] = useState<{ kind: OrderAction; order: OrderDto; short?: boolean } | null>(null);
  /** The order an action just moved out of this tab, and where to: said in place of its card. */
  const [moved, setMoved] = useState<{ order: string; to: OrderStatus } | null>(null);
  const [details, setDetails] = useState<OrderDto | null>(null);
  const [courier, setCourier] = useState<OrderDto | null>(null);
  const [reminding, setReminding] = useState<OrderDto | null>(null);
  const [libraryId, setLibraryId] = useState<number | null>(null);
  const [publisherId, setPublisherId] = useState<number | null>(null);
  const actions = allowedOrderActions(role, status);
  const isPublisher = role === 'PUBLISHER';
  /** The order whose More menu is open on a phone's card, and the button it hangs from. */
  const [more, setMore] = useState<{ order: OrderDto; anchor: HTMLElement } | null>(null);

  /** After a status change (docs/api.md): the server's message, page 1, default sort, no selection; the hook reloads. */
  const afterChange = (message: string | undefined, fallback: string) => {
    toastSuccess(message, fallback);
    const to = action ? MOVES_TO[action.kind] : undefined;
    setMoved(action && to ? { order: action.order.orderId, to } : null);
    setAction(null);
    list.restart();
  };

  const change = useOrderStatusChange({ onSuccess: (reply) => afterChange(reply.message, t('toast.updated')) });
  const remind = useOrderReminder({
    onSuccess: (reply) => {
      toastSuccess(reply.message, t('waiting.sent'));
      setReminding(null);
    },
    // a refusal (sent today, too early) is told by the toast; the dialog closes either way
    onError: () => setReminding(null),
  });
  const dispatch = useOrderDispatch({ onSuccess: (reply) => afterChange(reply.message, message(MSG.orderDispatched)) });

  const columns: Column<OrderDto>[] = [
    { key: 'sr', header: t('columns.srNo'), render: (_row, { srNo }) => srNo, phone: false },
    {
      key: 'card',
      header: t('columns.orderId'),
      label: '',
      phone: 'only',
      // the phone's card: the order, who it is with, its state and amount; a tap opens Order Details
      render: (order) => <PhoneOrderCard order={order} role={role} state={tabLabel(status)} onOpen={setDetails} />,
    },
    {
      key: 'orderId',
      phone: false,
      header: t('columns.orderId'),
      // The order id opens Order Details (items, totals, history).
      render: (order) => (
        <Button
          size="small"
          onClick={() => setDetails(order)}
          aria-label={t('actions.orderDetailsOf', { order: order.orderId })}
          sx={{ whiteSpace: 'nowrap', textDecoration: 'underline' }}
        >
          {order.orderId}
        </Button>
      ),
    },
    {
      key: 'date',
      header: t('columns.orderDate'),
      render: (order) => formatDate(order.order_date),
      sortField: 'order_date',
      phone: false,
    },
    isPublisher
      ? {
          key: 'library',
          header: t('columns.library'),
          phone: false,
          sortField: 'library_name',
          minWidth: 160,
          render: (order) => (
            <Button
              size="small"
              onClick={() => setLibraryId(order.library.id)}
              aria-label={t('actions.libraryDetailsOf', { name: order.library.name })}
              sx={{ textAlign: 'left', justifyContent: 'flex-start' }}
            >
              {order.library.name}
            </Button>
          ),
        }
      : {
          key: 'publisher',
          header: t('columns.publisher'),
          phone: false,
          sortField: 'publisher_name',
          minWidth: 160,
          render: (order) => (
            <Button
              size="small"
              onClick={() => setPublisherId(order.publisher.id)}
              aria-label={t('actions.publisherDetailsOf', { name: order.publisher.publisher_name })}
              sx={{ textAlign: 'left', justifyContent: 'flex-start' }}
            >
              {order.publisher.publisher_name}
            </Button>
          ),
        },
    {
      key: 'books',
      header: t('columns.books'),
      phone: false,
      minWidth: 140,
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
    { key: 'total', header: t('columns.orderedCopies'), render: (order) => order.totalCopies, align: 'center', phone: false },
  ];
  // How long an open order has waited in its status; the library may remind the publisher.
  if (status !== 'COMPLETED' && status !== 'CANCELLED') {
    columns.push({
      key: 'waiting',
      header: t('columns.waiting'),
      minWidth: 100,
      render: (order) => <WaitingCell order={order} onRemind={isPublisher ? undefined : setReminding} />,
    });
  }
  // the library's answer next, before what it reads less: at 1366 px a row of every column ran
  // past the screen's edge and hid it
  if (actions.includes('receive')) {
    columns.push({
      key: 'received',
      header: t('columns.received'),
      // its three answers on one line
      minWidth: 260,
      render: (order) => (
        <ToggleButtonGroup
          size="small"
          exclusive
          // a question with no answer chosen yet: Yes marks it received (after a confirmation),
          // 'Short or damaged' asks for a note, then marks it received
          value={null}
          aria-label={t('actions.receivedOrder', { order: order.orderId })}
          onChange={(_event, value: string | null) => {
            if (value === 'yes') setAction({ kind: 'receive', order });
            if (value === 'short') setAction({ kind: 'receive', order, short: true });
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="yes">{t('actions.yes')}</ToggleButton>
          <ToggleButton value="short" aria-label={t('received.shortOf', { order: order.orderId })}>
            {t('received.short')}
          </ToggleButton>
          <ToggleButton value="no">{t('actions.no')}</ToggleButton>
        </ToggleButtonGroup>
      ),
    });
  }
  // The accepted-quantity column is hidden on Requested / Pending (docs/api.md) and on Cancelled.
  if (status === 'CANCELLED') {
    columns.push({ key: 'cancelled', header: t('columns.cancelled'), minWidth: 200, render: (order) => cancellation(order, t) });
  } else if (status !== 'REQUESTED') {
    columns.push({
      key: 'accepted',
      header: t('columns.acceptedCopies'),
      align: 'center',
      render: (order) => totalAccepted(order),
      phone: false,
    });
  }
  // where the payment stands (decision 070), once the order is accepted
  if (status !== 'REQUESTED' && status !== 'CANCELLED') {
    columns.push({
      key: 'payment',
      header: t('columns.payment'),
      phone: false,
      minWidth: 120,
      render: (order) => <PaymentChip state={order.payment.state} />,
    });
  }
  // the order letter, and beside it the order as a Koha order file (decision 034)
  columns.push({
    key: 'letter',
    header: t('columns.letter'),
    // on a phone in Order Details
    phone: false,
    render: (order) => (
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        <OrderLetterButton order={order} />
        <KohaOrderButton order={order} />
      </Stack>
    ),
  });
  if (actions.includes('cancel')) {
    columns.push({
      key: 'cancel',
      header: t('columns.cancel'),
      // on a phone in the card's More menu
      phone: false,
      render: (order) => (
        <Button
          size="small"
          color="error"
          variant="outlined"
          onClick={() => setAction({ kind: 'cancel', order })}
          aria-label={t('actions.cancelOrder', { order: order.orderId })}
        >
          {t('actions.cancel')}
        </Button>
      ),
    });
  }
  if (actions.includes('accept')) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      // on a phone: Accept on the card, the others in its More menu
      phone: false,
      minWidth: 220,
      render: (order) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" variant="contained" onClick={() => setAction({ kind: 'accept', order })}>
            {t('actions.accept')}
          </Button>
          <Button size="small" variant="outlined" onClick={() => setAction({ kind: 'partialAccept', order })}>
            {t('actions.partialAccept')}
          </Button>
          <Button size="small" variant="outlined" color="error" onClick={() => setAction({ kind: 'reject', order })}>
            {t('actions.reject')}
          </Button>
        </Stack>
      ),
    });
  }
  if (actions.includes('dispatch')) {
    columns.push({
      key: 'dispatch',
      header: t('columns.dispatch'),
      phone: false,
      render: (order) => (
        <Button size="small" variant="text" onClick={() => setAction({ kind: 'dispatch', order })} sx={{ textDecoration: 'underline' }}>
          {t('actions.dispatch')}
        </Button>
      ),
    });
  }
  if (status === 'DISPATCHED' || (status === 'COMPLETED' && isPublisher)) {
    columns.push({
      key: 'courier',
      header: t('columns.courier'),
      // a 13-digit tracking id on one line
      minWidth: 170,
      // on a phone's card while the parcel travels; once received, in the card's More menu
      phone: status === 'DISPATCHED' ? undefined : false,
      render: (order) =>
        order.dispetchedOrder || !isPublisher ? <CourierCell order={order} onView={setCourier} /> : t('actions.notAvailable'),
    });
  }
  // the phone's card: its one next action, and More for the others (the order's library or publisher too)
  columns.push({
    key: 'next',
    header: t('columns.actions'),
    label: '',
    phone: 'only',
    render: (order) => (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        {actions.includes('accept') ? (
          <Button variant="contained" onClick={() => setAction({ kind: 'accept', order })} sx={{ minHeight: TAP_PX }}>
            {t('actions.accept')}
          </Button>
        ) : null}
        {actions.includes('dispatch') ? (
          <Button variant="contained" onClick={() => setAction({ kind: 'dispatch', order })} sx={{ minHeight: TAP_PX }}>
            {t('actions.dispatch')}
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <IconButton
          aria-label={t('actions.moreOf', { order: order.orderId })}
          aria-haspopup="menu"
          onClick={(event: MouseEvent<HTMLElement>) => setMore({ order, anchor: event.currentTarget })}
          sx={{ width: TAP_PX, height: TAP_PX }}
        >
          <MoreVertIcon />
        </IconButton>
      </Stack>
    ),
  });
  /** Runs `then` for the order of the open More menu, and closes the menu. */
  const fromMore = (then: (order: OrderDto) => void) => () => {
    if (more) then(more.order);
    setMore(null);
  };

  const confirm = action && !action.short ? CONFIRM[action.kind] : undefined;
  // export and address labels choose rows: desk tasks, left off a phone with the selection
  const toolbar = (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', [PHONE]: { display: 'none' } }}>
      <ExportExcelButton
        download={exportOrders}
        selected={list.selected}
        fileName={isPublisher ? EXPORT_FILE_NAMES.bookedOrders : EXPORT_FILE_NAMES.booksOrderedByYou}
      />
      {isPublisher ? <PrintAddressButton download={orderAddressLabels} selected={list.selected} disableWhenNone /> : null}
    </Stack>
  );

  return (
    <Box>
      <PageHeader title={title} />
      <Tabs
        value={tab}
        onChange={() => {
          // Changing tab (its link changes the address) resets page, sort, search and selection (docs/api.md).
          setMoved(null);
          list.reset();
        }}
        // one row that scrolls sideways on a phone, with arrows a finger's size at its ends; the
        // selected tab is underlined by its own border, which the server renders too
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTabs-indicator': { display: 'none' },
          '& .MuiTabs-scrollButtons': { width: TAP_PX, flexShrink: 0 },
          '& .MuiTab-root': {
            borderBottom: 2,
            borderColor: 'transparent',
            minHeight: 48,
            minWidth: { xs: 64, sm: 90 },
            px: { xs: 1.5, sm: 2 },
          },
          '& .MuiTab-root.Mui-selected': { borderColor: 'primary.main' },
        }}
        aria-label={t('tabs.label')}
      >
        {TABS.map((tabStatus) => (
          <Tab key={tabStatus} label={tabLabel(tabStatus)} component={RouterLink} to={tabHref(tabStatus)} />
        ))}
      </Tabs>
      {moved ? (
        <Alert
          severity="success"
          role="status"
          sx={{ mb: 2 }}
          data-testid="order-moved"
          onClose={() => setMoved(null)}
          action={
            <Button
              color="inherit"
              sx={{ minHeight: 44 }}
              onClick={() => {
                setTab(TABS.indexOf(moved.to));
                setMoved(null);
                list.reset();
              }}
            >
              {t('moved.open', { tab: tabLabel(moved.to) })}
            </Button>
          }
        >
          {t('moved.text', { order: moved.order, tab: tabLabel(moved.to) })}
        </Alert>
      ) : null}
      {/* the orders' many columns fit a laptop's width when their two-word headers may take two lines */}
      <Box sx={{ '& thead th': { whiteSpace: 'normal' } }}>
        <DataTable
          label={t('tabs.tableLabel', { tab: tabLabel(status) })}
          columns={columns}
          rows={orders.data?.orderBooks}
          total={orders.data?.total ?? 0}
          loading={orders.isLoading}
          getRowKey={(order) => order.id}
          list={list}
          searchLabel={t('actions.searchOrders')}
          toolbar={toolbar}
          selectable
          selectHint={t(isPublisher ? 'table.selectForExportOrAddress' : 'table.selectForExport', { ns: 'common' })}
          rowLabel={(order) => t('actions.rowLabel', { order: order.orderId })}
          phoneRowSelect={false}
          // a search that finds nothing keeps 'No data found'
          emptyText={list.debouncedSearch ? undefined : t('empty')}
        />
      </Box>
      <Menu anchorEl={more?.anchor} open={Boolean(more)} onClose={() => setMore(null)}>
        {actions.includes('partialAccept') ? (
          <MenuItem onClick={fromMore((order) => setAction({ kind: 'partialAccept', order }))}>{t('actions.partialAccept')}</MenuItem>
        ) : null}
        {actions.includes('reject') ? (
          <MenuItem onClick={fromMore((order) => setAction({ kind: 'reject', order }))} sx={{ color: 'error.main' }}>
            {t('actions.reject')}
          </MenuItem>
        ) : null}
        {actions.includes('cancel') ? (
          <MenuItem onClick={fromMore((order) => setAction({ kind: 'cancel', order }))} sx={{ color: 'error.main' }}>
            {t('actions.cancelOrder', { order: more?.order.orderId ?? '' })}
          </MenuItem>
        ) : null}
        {status === 'COMPLETED' && more?.order.dispetchedOrder ? (
          <MenuItem onClick={fromMore(setCourier)}>{t('columns.courier')}</MenuItem>
        ) : null}
        {isPublisher ? (
          <MenuItem onClick={fromMore((order) => setLibraryId(order.library.id))}>{t('details.libraryTitle', { ns: 'common' })}</MenuItem>
        ) : (
          <MenuItem onClick={fromMore((order) => setPublisherId(order.publisher.id))}>
            {t('details.publisherTitle', { ns: 'common' })}
          </MenuItem>
        )}
      </Menu>
      {orders.isFetching && !orders.isLoading ? (
        <Typography variant="caption" color="text.secondary" role="status">
          {message(MSG.loading)}
        </Typography>
      ) : null}
      <ConfirmDialog
        open={Boolean(confirm)}
        message={!confirm ? '' : typeof confirm.message === 'string' ? message(confirm.message) : t(confirm.message.key)}
        busy={change.isPending}
        onConfirm={() => action && confirm && change.mutate({ id: action.order.id, body: confirm.body })}
        onClose={() => setAction(null)}
      />
      <ConfirmDialog
        open={Boolean(reminding)}
        message={reminding ? t('waiting.confirm', { order: reminding.orderId, publisher: reminding.publisher.publisher_name }) : ''}
        busy={remind.isPending}
        onConfirm={() => reminding && remind.mutate(reminding.id)}
        onClose={() => setReminding(null)}
      />
      {action?.kind === 'partialAccept' ? (
        <PartialAcceptDialog
          order={action.order}
          busy={change.isPending}
          onClose={() => setAction(null)}
          onSubmit={(accepted) => change.mutate({ id: action.order.id, body: { status: 'IN_PROGRESS', ...accepted } })}
        />
      ) : null}
      {action?.kind === 'receive' && action.short ? (
        <ReceivedShortDialog
          order={action.order}
          busy={change.isPending}
          onClose={() => setAction(null)}
          onSubmit={(receivedNote) =>
            change.mutate({ id: action.order.id, body: { status: 'COMPLETED', receivedAs: 'short_or_damaged', receivedNote } })
          }
        />
      ) : null}
      {action?.kind === 'dispatch' ? (
        <DispatchDialog
          order={action.order}
          busy={dispatch.isPending}
          onClose={() => setAction(null)}
          onSubmit={(values) => dispatch.mutate({ orderId: action.order.id, values })}
        />
      ) : null}
      <OrderDetailsDialog order={details} role={role} onClose={() => setDetails(null)} />
      <CourierDialog order={courier} onClose={() => setCourier(null)} />
      <LibraryDetailsDialog libraryId={libraryId} onClose={() => setLibraryId(null)} />
      <PublisherDetailsDialog publisherId={publisherId} onClose={() => setPublisherId(null)} />
    </Box>
  );
}
