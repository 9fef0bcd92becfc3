import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useMessages } from '../../../i18n';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  COURIERS,
  FILE_RULES,
  MSG,
  ORDER_MSG,
  PARTIAL_ACCEPT_REASONS,
  amountDue,
  fileProblem,
  trackingPage,
  type PartialAcceptReason,
} from '@jsbn/shared/core';
import { ORDER_NOTE_MAX, checkTrackingId, dispatchObject, type ModelType, type OrderDto } from '@jsbn/shared';
import { useOrder } from '../api/orders-api';
import { PaymentPanel } from './payment-panel';
import { KohaOrderButton, OrderLetterButton } from './order-letter-button';
import { OrderShelving } from './order-shelving';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FileField } from '../../../components/file-field';
import { FormPhone, FormText } from '../../../components/form-fields';
import { digitsOnly, withChecks } from '../../../components/forms';
import { formatDate, formatPhone, formatTime, orNA } from '../../../components/format';
import { useFullScreenDialog } from '../../../components/responsive-dialog';
import { PHONE_CARDS } from '../../../components/data-table';
import { TAP_LINK, TAP_PX } from '../../../lib/theme';
import { waitingText } from './waiting';
import { usePrices } from '../../../components/prices';
import { copyText } from '../../../components/clipboard';
import { enqueueSnackbar } from 'notistack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';

/** Copies accepted for an item: the publisher's count once accepted, else the ordered count. */
export const acceptedCopies = (item: OrderDto['OrderBookItem'][number]) => item.accepted_book_copies ?? item.number_of_copies;
export const totalAccepted = (order: OrderDto) => order.OrderBookItem.reduce((sum, item) => sum + acceptedCopies(item), 0);

/**
 * On a phone the lines of an order are cards (as the lists' rows are, decision 029): a card per
 * book with each figure on a line of its own, named, then the postage and the totals — every
 * amount on screen, none beyond its right edge. The label-only cells of the postage and total
 * rows head their cards; the empty price cells are left out.
 */
const ORDER_LINES_SX = {
  ...PHONE_CARDS,
  '@media (max-width: 599.95px)': {
    ...PHONE_CARDS['@media (max-width: 599.95px)'],
    '& tbody td.order-line-head': { textAlign: 'left', fontWeight: 700 },
    '& tbody td.order-line-empty': { display: 'none' },
  },
} as const;

/**
 * The ordered books with copies, each line's price when ordered and amount (price × accepted, else
 * ordered, copies), then the totals: copies, postage (once stated at dispatch) and money.
 */
const orderItemsTable = (order: OrderDto, showAccepted: boolean, t: TFunction<'orders'>, prices: ReturnType<typeof usePrices>) => (
  <Box sx={ORDER_LINES_SX}>
    <Table size="small" aria-label={t('details.orderedBooks')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('details.book')}</TableCell>
          <TableCell align="right">{t('details.ordered')}</TableCell>
          {showAccepted ? <TableCell align="right">{t('details.accepted')}</TableCell> : null}
          <TableCell align="right">{t('details.price')}</TableCell>
          <TableCell align="right">{t('details.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.OrderBookItem.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="order-line-head">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {item.book.book_title}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                JSBN {item.book.jsbn_number} · {orNA(item.book.authors.join(', '))}
              </Typography>
            </TableCell>
            <TableCell align="right" data-label={t('details.ordered')}>
              {item.number_of_copies}
            </TableCell>
            {showAccepted ? (
              <TableCell align="right" data-label={t('details.accepted')}>
                {acceptedCopies(item)}
              </TableCell>
            ) : null}
            <TableCell align="right" data-label={t('details.price')}>
              {prices.price(item.price_kind, item.price_minor, item.currency)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-label={t('details.amount')} data-testid="order-amount">
              {prices.amount(item.amount_minor, item.currency)}
            </TableCell>
          </TableRow>
        ))}
        {order.postage_minor === null ? null : (
          <TableRow>
            <TableCell colSpan={showAccepted ? 3 : 2} className="order-line-head">
              {t('details.postage')}
            </TableCell>
            <TableCell className="order-line-empty" />
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-label={t('details.amount')} data-testid="order-amount">
              {prices.amount(order.postage_minor, order.currency)}
            </TableCell>
          </TableRow>
        )}
        <TableRow>
          <TableCell sx={{ fontWeight: 700 }} className="order-line-head">
            {t('details.total')}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 700 }} data-label={t('details.ordered')}>
            {order.totalCopies}
          </TableCell>
          {showAccepted ? (
            <TableCell align="right" sx={{ fontWeight: 700 }} data-label={t('details.accepted')}>
              {totalAccepted(order)}
            </TableCell>
          ) : null}
          <TableCell className="order-line-empty" />
          <TableCell
            align="right"
            sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
            data-label={t('details.amount')}
            data-testid="order-amount"
          >
            {prices.totals(order.totals)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  </Box>
);

/**
 * Who ended a cancelled order and when: 'Rejected by the publisher on 23/11/2026' or
 * 'Cancelled by the library on 23/11/2026' (the last CANCELLED entry of its history).
 */
export function cancellation(order: OrderDto, t: TFunction<'orders'>): string {
  const event = order.history.findLast((entry) => entry.status === 'CANCELLED');
  if (!event) return t('details.cancelled');
  return t(event.role === 'PUBLISHER' ? 'details.rejectedOn' : 'details.cancelledOn', { date: formatDate(event.at) });
}

/** 'LIBRARY someone@x' (the API's `by`) → 'Library (someone@x)', the role in the interface language. */
function historyActor(by: string, t: TFunction<'orders'>): string {
  const [role = '', ...rest] = by.split(' ');
  const label = role === 'LIBRARY' || role === 'PUBLISHER' ? t(`details.${role}`) : role;
  return rest.length ? t('details.actor', { role: label, who: rest.join(' ') }) : label;
}

/**
 * What a history entry says first: the new status, or that a reminder was sent; a partial accept
 * with its reason ('Preparing · Out of stock'), a receipt short or damaged says so.
 */
function historyWhat(event: OrderDto['history'][number], order: OrderDto, t: TFunction<'orders'>): string {
  if (event.kind === 'reminder') return t('details.reminder');
  if (event.kind === 'auto_reminder') return t('details.autoReminder');
  if (event.kind === 'payment_reminder') return t('payment.reminder');
  if (event.kind === 'payment' && event.payment_state) return t(`payment.state.${event.payment_state}`);
  const status = t(`status.${event.status}`);
  if (event.status === 'IN_PROGRESS' && order.partial_reason) return `${status} · ${t(`partial.reasons.${order.partial_reason}`)}`;
  if (event.status === 'COMPLETED' && order.received_as === 'short_or_damaged') return `${status} · ${t('received.history')}`;
  return status;
}

/**
 * Why fewer copies were accepted, with the publisher's words and the new total, and a receipt
 * short or damaged with the library's note: both parties read the same.
 */
function OrderNotes({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const prices = usePrices();
  return (
    <>
      {order.partial_reason ? (
        <Alert severity="info" data-testid="order-partial-reason">
          <Typography sx={{ fontWeight: 700 }}>
            {t('partialShown.title', { reason: t(`partial.reasons.${order.partial_reason}`) })}
          </Typography>
          {order.partial_note ? (
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              {t('partialShown.note', { note: order.partial_note })}
            </Typography>
          ) : null}
          {order.amount_due_minor === null ? null : (
            <Typography variant="body2" data-testid="order-new-total">
              {t('partialShown.newTotal', { amount: prices.amount(order.amount_due_minor, order.currency) })}
            </Typography>
          )}
        </Alert>
      ) : null}
      {order.received_as === 'short_or_damaged' ? (
        <Alert severity="warning" data-testid="order-received-short">
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {t('received.shown', { note: order.received_note ?? '' })}
          </Typography>
        </Alert>
      ) : null}
    </>
  );
}

/** The steps an order goes through, in order; Cancelled ends it outside them. */
const STEPS = ['REQUESTED', 'IN_PROGRESS', 'DISPATCHED', 'COMPLETED'] as const;

/**
 * Where an order stands, as a step tracker: requested → preparing → dispatched → received, each
 * reached step with its date (from the order's history), the next ones greyed.
 */
export function OrderSteps({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  if (order.status === 'CANCELLED') return null;
  const reachedOn = (status: (typeof STEPS)[number]) =>
    status === 'REQUESTED' ? order.order_date : order.history.find((event) => event.kind === 'status' && event.status === status)?.at;
  const active = STEPS.indexOf(order.status);
  return (
    <Stepper activeStep={active + 1} alternativeLabel aria-label={t('details.steps')} data-testid="order-steps">
      {STEPS.map((status) => {
        const on = reachedOn(status);
        return (
          <Step key={status} completed={STEPS.indexOf(status) <= active}>
            <StepLabel optional={on ? <Typography variant="caption">{formatDate(on)}</Typography> : undefined}>
              {t(`steps.${status}`)}
            </StepLabel>
          </Step>
        );
      })}
    </Stepper>
  );
}

/** Order Details: items with totals, the payment, the order letter and Koha file, library and publisher, how long it has waited, and the order history (who, which status or reminder, when). */
export function OrderDetailsDialog({ order: shown, role, onClose }: { order: OrderDto | null; role: ModelType; onClose: () => void }) {
  const { t } = useTranslation('orders');
  // read again once open, so a payment step taken here shows at once
  const order = useOrder(shown?.id ?? null).data ?? shown;
  const message = useMessages();
  const prices = usePrices();
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog open={Boolean(order)} onClose={onClose} aria-labelledby="order-details-title" maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle id="order-details-title">{t('details.title')}</DialogTitle>
      {order ? (
        <DialogContent tabIndex={0}>
          <Stack spacing={2}>
            <OrderSteps order={order} />
            <Typography>
              <Trans
                t={t}
                i18nKey="details.orderLine"
                values={{ order: order.orderId, date: formatDate(order.order_date), status: t(`status.${order.status}`) }}
                components={{ strong: <strong /> }}
              />
              {order.waiting_days === null ? null : ` · ${waitingText(order, t)}`}
            </Typography>
            <OrderNotes order={order} />
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('details.orderedBooks')}>
              {orderItemsTable(order, order.status !== 'REQUESTED' && order.status !== 'CANCELLED', t, prices)}
            </Box>
            <PaymentPanel order={order} role={role} />
            {/* the order letter and the Koha order file: the list's column on a desktop, here on a phone too */}
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', '& .MuiButton-root': { minHeight: TAP_PX } }}>
              <OrderLetterButton order={order} />
              <KohaOrderButton order={order} />
            </Stack>
            {role === 'LIBRARY' ? <OrderShelving order={order} /> : null}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{t('details.library')}</Typography>
                <Typography>{order.library.name}</Typography>
                <Typography variant="body2">{orNA(order.library.address)}</Typography>
                <Typography variant="body2">{formatPhone(order.library.mobile_no)}</Typography>
                <Typography variant="body2">{orNA(order.library.email)}</Typography>
              </Box>
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{t('details.publisher')}</Typography>
                <Typography>{order.publisher.publisher_name}</Typography>
                <Typography variant="body2">{orNA(order.publisher.address)}</Typography>
                <Typography variant="body2">{formatPhone(order.publisher.mobile_no)}</Typography>
                <Typography variant="body2">{orNA(order.publisher.email)}</Typography>
              </Box>
            </Box>
            <Box>
              <Typography sx={{ fontWeight: 700 }} id="order-history-title">
                {t('details.history')}
              </Typography>
              {order.history?.length ? (
                <Box component="ol" aria-labelledby="order-history-title" sx={{ m: 0, pl: 3 }}>
                  {order.history.map((event, index) => (
                    <li key={`${event.at}-${index}`}>
                      <Typography variant="body2">
                        <strong>{historyWhat(event, order, t)}</strong> · {formatDate(event.at)} {formatTime(event.at)}
                        {event.kind === 'auto_reminder' || event.kind === 'payment_reminder' ? null : (
                          <>
                            {' · '}
                            <Box component="span" sx={{ wordBreak: 'break-word' }}>
                              {t('details.by', { actor: historyActor(event.by, t) })}
                            </Box>
                          </>
                        )}
                      </Typography>
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2">{message(MSG.noData)}</Typography>
              )}
            </Box>
          </Stack>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose}>{t('details.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A dispatched parcel's tracking id (decision 029): a link to its courier's tracking page showing
 * the parcel for Delhivery, Blue Dart and DTDC (`trackingPage`); else the id with a Copy button,
 * and for the couriers whose page asks for the id in a form (India Post, Trackon…) a link to it.
 */
export function TrackingId({ courierName, trackingId }: { courierName: string | null; trackingId: string }) {
  const { t } = useTranslation('orders');
  const page = trackingPage(courierName, trackingId);
  if (page?.withId) {
    return (
      <Link
        href={page.url}
        target="_blank"
        rel="noopener"
        aria-label={t('courier.trackOn', { id: trackingId, courier: courierName })}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: TAP_PX, wordBreak: 'break-all' }}
      >
        {trackingId}
        <OpenInNewIcon fontSize="small" />
      </Link>
    );
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="span" sx={{ wordBreak: 'break-all' }}>
        {trackingId}
      </Typography>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        aria-label={t('courier.copyOf', { id: trackingId })}
        onClick={() => void copyText(trackingId).then(() => enqueueSnackbar(t('courier.copied'), { variant: 'success' }))}
      >
        {t('courier.copy')}
      </Button>
      {page ? (
        <Link
          href={page.url}
          target="_blank"
          rel="noopener"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: TAP_PX }}
        >
          {t('courier.trackPage', { courier: courierName })}
          <OpenInNewIcon fontSize="small" />
        </Link>
      ) : null}
    </Stack>
  );
}

/** The Courier Details cell of a dispatched order: the courier and its tracking id at a glance, and View for the rest (number, dispatch file). */
export function CourierCell({ order, onView }: { order: OrderDto; onView: (order: OrderDto) => void }) {
  const { t } = useTranslation('orders');
  const dispatch = order.dispetchedOrder;
  return (
    <Stack sx={{ alignItems: 'flex-start' }} data-testid="courier-cell">
      {dispatch?.courierCompanyName ? (
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {dispatch.courierCompanyName}
        </Typography>
      ) : null}
      {dispatch?.trackingId ? <TrackingId courierName={dispatch.courierCompanyName} trackingId={dispatch.trackingId} /> : null}
      <Button size="small" onClick={() => onView(order)} aria-label={t('actions.courierOf', { order: order.orderId })}>
        {t('actions.view')}
      </Button>
    </Stack>
  );
}

/** Courier Details of a dispatched order. */
export function CourierDialog({ order, onClose }: { order: OrderDto | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const dispatch = order?.dispetchedOrder;
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog open={Boolean(order)} onClose={onClose} aria-labelledby="courier-title" maxWidth="xs" fullWidth fullScreen={fullScreen}>
      <DialogTitle id="courier-title">{order ? t('courier.titleOf', { order: order.orderId }) : t('courier.title')}</DialogTitle>
      <DialogContent>
        {dispatch ? (
          <Stack component="dl" spacing={1} sx={{ m: 0 }}>
            <CourierRow label={t('courier.name')} value={dispatch.courierCompanyName} />
            <CourierRow label={t('courier.number')} value={dispatch.courierCompanyNumber} />
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('courier.tracking')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {dispatch.trackingId ? (
                  <TrackingId courierName={dispatch.courierCompanyName} trackingId={dispatch.trackingId} />
                ) : (
                  orNA(null)
                )}
              </Typography>
            </Box>
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('courier.file')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {dispatch.orderimage ? (
                  <Link href={dispatch.orderimage} target="_blank" rel="noopener" sx={TAP_LINK}>
                    {t('courier.viewFile')}
                  </Link>
                ) : (
                  t('actions.notAvailable')
                )}
              </Typography>
            </Box>
          </Stack>
        ) : (
          <Typography>{t('courier.none')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('details.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function CourierRow({ label, value }: { label: string; value: string | null }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {orNA(value)}
      </Typography>
    </Box>
  );
}

/** What a partial accept sends: the accepted counts, the reason and its words. */
export interface PartialAcceptance {
  orderItems: { id: number; PartialBook: number }[];
  partialReason: PartialAcceptReason | undefined;
  partialNote: string | undefined;
}

/**
 * Partial Accept: accepted copies per item, clamped on blur between 0 and the ordered count (spec),
 * saying so beside a clamped field; the new total (`amountDue`) as the counts change; and why fewer
 * copies, from a short list, with words (needed for Other) the library reads.
 */
export function PartialAcceptDialog({
  order,
  busy,
  onSubmit,
  onClose,
}: {
  order: OrderDto;
  busy: boolean;
  onSubmit: (accepted: PartialAcceptance) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const message = useMessages();
  const prices = usePrices();
  const [reason, setReason] = useState<PartialAcceptReason | null>(null);
  const [note, setNote] = useState('');
  /** The reason's problem, said once Submit was tried. */
  const [tried, setTried] = useState(false);
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(order.OrderBookItem.map((item) => [item.id, String(item.number_of_copies)])),
  );
  // which quantities were typed above the ordered number and brought down to it: said beside the field (decision 039)
  const [clamped, setClamped] = useState<ReadonlySet<number>>(new Set());
  const clamp = (id: number, max: number) => {
    if ((Number(values[id]) || 0) > max) setClamped((current) => new Set(current).add(id));
    setValues((current) => ({ ...current, [id]: String(Math.min(max, Math.max(0, Number(current[id]) || 0))) }));
  };
  const counts = order.OrderBookItem.map((item) => ({
    id: item.id,
    PartialBook: Math.min(item.number_of_copies, Math.max(0, Number(values[item.id]) || 0)),
  }));
  // the new total as the library will read it: the accepted copies' prices and the postage (`amountDue`)
  const due = amountDue(
    order.OrderBookItem.map((item, index) => ({ ...item, copies: counts[index]!.PartialBook })),
    { terms: order.postage_terms, rate_minor: order.postage_rate_minor, stated_minor: order.postage_minor },
    order.currency,
  );
  // counts that accept every copy are a whole accept, which needs no reason
  const fewer = counts.some((count, index) => count.PartialBook < order.OrderBookItem[index]!.number_of_copies);
  const reasonProblem = tried && fewer && !reason ? message(ORDER_MSG.partialReason) : undefined;
  const noteProblem = tried && reason === 'other' && !note.trim() ? message(ORDER_MSG.partialNote) : undefined;
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="partial-title" maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle id="partial-title">{t('partial.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('partial.intro', { order: order.orderId })}
        </Typography>
        <Stack spacing={2}>
          {order.OrderBookItem.map((item) => (
            <Stack key={item.id} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Typography sx={{ flex: 1 }}>
                {item.book.book_title}{' '}
                <Typography component="span" color="text.secondary">
                  {t('partial.ordered', { count: item.number_of_copies })}
                </Typography>
              </Typography>
              <TextField
                label={t('partial.acceptedFor', { title: item.book.book_title })}
                value={values[item.id] ?? ''}
                onChange={(event) => setValues((current) => ({ ...current, [item.id]: digitsOnly(event.target.value, 6) }))}
                onBlur={() => clamp(item.id, item.number_of_copies)}
                helperText={
                  clamped.has(item.id) || (Number(values[item.id]) || 0) > item.number_of_copies
                    ? t('partial.atMost', { count: item.number_of_copies })
                    : undefined
                }
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  formHelperText: { 'data-testid': `partial-at-most-${item.id}` } as object,
                }}
                sx={{ width: { sm: 220 } }}
              />
            </Stack>
          ))}
          <Typography sx={{ fontWeight: 700 }} data-testid="partial-new-total">
            {due.amount_minor === null
              ? t('partial.newTotalUnknown')
              : t('partial.newTotal', { amount: prices.amount(due.amount_minor, due.currency) })}
          </Typography>
          <FormControl error={Boolean(reasonProblem)} required>
            <FormLabel id="partial-reason-label">{t('partial.reason')}</FormLabel>
            <RadioGroup
              aria-labelledby="partial-reason-label"
              value={reason ?? ''}
              onChange={(event) => setReason(event.target.value as PartialAcceptReason)}
            >
              {PARTIAL_ACCEPT_REASONS.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={t(`partial.reasons.${value}`)}
                  sx={{ minHeight: TAP_PX }}
                />
              ))}
            </RadioGroup>
            {reasonProblem ? <FormHelperText>{reasonProblem}</FormHelperText> : null}
          </FormControl>
          <TextField
            label={t('partial.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            required={reason === 'other'}
            error={Boolean(noteProblem)}
            helperText={noteProblem ?? t('partial.noteOptional')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: ORDER_NOTE_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('partial.close')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            setTried(true);
            if ((fewer && !reason) || (reason === 'other' && !note.trim())) return;
            onSubmit({ orderItems: counts, partialReason: reason ?? undefined, partialNote: note.trim() || undefined });
          }}
        >
          {t('partial.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The dispatch form: the courier fields of the API and the optional proof of dispatch, checked by `FILE_RULES.orderImage`. */
const dispatchForm = dispatchObject.omit({ orderId: true }).extend({ orderImage: z.custom<File | null>() }).superRefine(checkTrackingId);
type DispatchForm = z.input<typeof dispatchForm>;
type DispatchValues = z.output<typeof dispatchForm>;

const dispatchResolver = withChecks(zodResolver(dispatchForm), (values): Partial<Record<string, string>> => {
  const problem = values.orderImage ? fileProblem(FILE_RULES.orderImage, values.orderImage) : null;
  return problem ? { orderImage: problem } : {};
});

/** Dispatch Details: optional file and courier fields, then 'Dispatch' and its confirmation. */
export function DispatchDialog({
  order,
  busy,
  onSubmit,
  onClose,
}: {
  order: OrderDto;
  busy: boolean;
  onSubmit: (values: DispatchValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const message = useMessages();
  const form = useForm<DispatchForm, unknown, DispatchValues>({
    resolver: dispatchResolver,
    mode: 'onTouched',
    defaultValues: { courierCompanyName: '', courierCompanyNumber: '', trackingId: '', postage: '', orderImage: null },
  });
  const fullScreen = useFullScreenDialog();
  // a confirm dialog for dispatch, after the details pass their checks
  const [confirmed, setConfirmed] = useState<DispatchValues | null>(null);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="dispatch-title" maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <ConfirmDialog
        open={Boolean(confirmed)}
        message={t('confirm.dispatch')}
        busy={busy}
        onConfirm={() => confirmed && onSubmit(confirmed)}
        onClose={() => setConfirmed(null)}
      />
      {/* a column that fills the dialog: on a phone's full-screen dialog the fields scroll and the buttons stay at the bottom, as in the other dialogs */}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => setConfirmed(values))(event)}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogTitle id="dispatch-title">{t('dispatch.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('dispatch.order', { order: order.orderId })}</Typography>
            <Controller
              control={form.control}
              name="orderImage"
              render={({ field, fieldState }) => (
                <FileField
                  label={t('courier.file')}
                  rule={FILE_RULES.orderImage}
                  value={field.value}
                  onChange={(file) => {
                    field.onChange(file);
                    void form.trigger('orderImage');
                  }}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  helperText={t('dispatch.fileHint', { hint: message(FILE_RULES.orderImage.hint) })}
                />
              )}
            />
            {/* the couriers publishers use, offered as they type; another name may be typed */}
            <Controller
              control={form.control}
              name="courierCompanyName"
              render={({ field, fieldState }) => (
                <Autocomplete
                  freeSolo
                  options={COURIERS}
                  // the typing field itself a finger's height, as the other fields
                  sx={{ '& .MuiAutocomplete-input': { minHeight: TAP_PX, boxSizing: 'border-box' } }}
                  value={field.value ?? ''}
                  onChange={(_event, value) => field.onChange(value ?? '')}
                  onInputChange={(_event, value) => field.onChange(value)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      label={t('courier.name')}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ? message(fieldState.error.message) : t('courier.nameHint')}
                    />
                  )}
                />
              )}
            />
            <FormPhone control={form.control} name="courierCompanyNumber" label={t('courier.number')} />
            <FormText control={form.control} name="trackingId" label={t('courier.tracking')} />
            <FormText
              control={form.control}
              name="postage"
              label={t('dispatch.postage', { currency: order.currency })}
              helperText={t('dispatch.postageHint')}
              transform={(value) => value.replace(/[^\d.]/g, '').slice(0, 10)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Alert severity="info">{t('dispatch.direct')}</Alert>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('dispatch.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('dispatch.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * 'Short or damaged': the library marks the order received with a note of what is short
 * or damaged — required, since the publisher reads it.
 */
export function ReceivedShortDialog({
  order,
  busy,
  onSubmit,
  onClose,
}: {
  order: OrderDto;
  busy: boolean;
  onSubmit: (note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const message = useMessages();
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const problem = tried && !note.trim() ? message(ORDER_MSG.receivedNote) : undefined;
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="received-short-title"
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (note.trim()) onSubmit(note.trim());
        }}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogTitle id="received-short-title">{t('received.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('received.intro', { order: order.orderId })}</Typography>
            <TextField
              label={t('received.note')}
              name="receivedNote"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              required
              error={Boolean(problem)}
              helperText={problem}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: ORDER_NOTE_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('received.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('received.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
