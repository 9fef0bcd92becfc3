/**
 * The payment of an order in Order Details (decision 070): the amount due with its postage terms,
 * and for the library 'Pay ₹380.00 to <payee>' — a `upi://pay` link a phone's UPI app opens and,
 * on a computer, the same link as a QR code — the bank details for NEFT and the form that records
 * the UTR; for the publisher the payment recorded and Received / Not received. No money passes
 * through JSBN.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from 'notistack';
import QRCode from 'qrcode';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { formatMoney, rupees, type ModelType } from '@jsbn/shared/core';
import { paymentRecordBody, type OrderDto, type PaymentState } from '@jsbn/shared';
import { FormText } from '../../../components/form-fields';
import { applyServerErrors } from '../../../components/forms';
import { formatDate } from '../../../components/format';
import { useMessages } from '../../../i18n';
import { TAP_PX } from '../../../lib/theme';
import { useAnswerPayment, useRecordPayment } from '../api/orders-api';
import { BillOfSupplyButton } from './order-letter-button';

const STATE_COLOR: Record<PaymentState, 'default' | 'warning' | 'success' | 'error'> = {
  due: 'default',
  paid: 'warning',
  confirmed: 'success',
  queried: 'error',
};

/** The payment state as a chip ('Paid — awaiting confirmation'), for the lists and Order Details. */
export function PaymentChip({ state }: { state: PaymentState }) {
  const { t } = useTranslation('orders');
  return <Chip size="small" color={STATE_COLOR[state]} label={t(`payment.state.${state}`)} data-testid="payment-state" />;
}

/** The `upi://pay` link drawn as a QR code (an image of a data: URL made in the browser). */
function UpiQr({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(uri, { width: 220, margin: 2, errorCorrectionLevel: 'M' }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? <Box component="img" src={src} alt={label} width={220} height={220} data-testid="upi-qr" /> : null;
}

const recordResolver = zodResolver(paymentRecordBody);

/** The library's form: UTR, day and amount paid. */
function RecordPaymentForm({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const message = useMessages();
  const today = new Date().toISOString().slice(0, 10);
  const form = useForm({
    resolver: recordResolver,
    defaultValues: { utr: '', paid_on: today, amount: order.amount_due_minor === null ? '' : rupees(order.amount_due_minor) },
  });
  const record = useRecordPayment({
    onSuccess: (reply) => enqueueSnackbar(message(reply.message), { variant: 'success' }),
    onError: (error) => applyServerErrors(error, form.setError),
  });
  const submit = form.handleSubmit((values) =>
    record.mutate({ id: order.id, body: { utr: values.utr, paid_on: values.paid_on, amount: String(values.amount) } }),
  );
  return (
    <Box component="form" noValidate aria-label={t('payment.recordTitle')} onSubmit={(event) => void submit(event)}>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>{t('payment.recordTitle')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <FormText
          control={form.control}
          name="utr"
          label={t('payment.utr')}
          required
          helperText={t('payment.utrHint')}
          transform={(value) => value.replace(/\D/g, '').slice(0, 12)}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        <FormText control={form.control} name="paid_on" label={t('payment.paidOn')} required type="date" />
        <FormText
          control={form.control}
          name="amount"
          label={t('payment.amountPaid')}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <Button type="submit" variant="contained" sx={{ mt: 1.5, minHeight: TAP_PX }} disabled={record.isPending}>
        {t('payment.record')}
      </Button>
    </Box>
  );
}

/** The payment part of Order Details for `role`. */
export function PaymentPanel({ order, role }: { order: OrderDto; role: ModelType }) {
  const { t } = useTranslation('orders');
  const message = useMessages();
  const answer = useAnswerPayment({ onSuccess: (reply) => enqueueSnackbar(message(reply.message), { variant: 'success' }) });
  const { payment } = order;
  if (order.status === 'CANCELLED') return null;
  const due = order.amount_due_minor === null ? null : formatMoney(order.amount_due_minor, order.currency);
  const terms =
    order.postage_terms === 'per_parcel' || order.postage_terms === 'per_copy'
      ? t(`payment.terms.${order.postage_terms}`, { amount: formatMoney(order.postage_rate_minor ?? 0, order.currency) })
      : t(`payment.terms.${order.postage_terms}`);
  const payable = order.status === 'IN_PROGRESS' || order.status === 'DISPATCHED' || order.status === 'COMPLETED';
  return (
    <Box component="section" aria-labelledby="payment-title" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="payment-title" sx={{ fontWeight: 700 }}>
          {t('payment.title')}
        </Typography>
        <PaymentChip state={payment.state} />
      </Stack>
      <Typography variant="body2" data-testid="amount-due">
        {due ? t('payment.amountDue', { amount: due }) : t('payment.amountUnknown')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {terms}
      </Typography>
      {payable && due ? (
        <Box sx={{ mt: 0.5 }}>
          <BillOfSupplyButton order={order} />
        </Box>
      ) : null}
      {payment.utr ? (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="payment-recorded">
          {t('payment.recorded', {
            utr: payment.utr,
            date: payment.paid_on ? formatDate(payment.paid_on) : '',
            amount: formatMoney(payment.amount_minor ?? 0, order.currency),
          })}
        </Typography>
      ) : null}
      {role === 'LIBRARY' && payment.upi_uri && due ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1.5, alignItems: { md: 'center' } }}>
          <Stack spacing={1} sx={{ flex: 1 }}>
            <Button
              variant="contained"
              color="success"
              href={payment.upi_uri}
              sx={{ minHeight: TAP_PX, alignSelf: 'flex-start' }}
              data-testid="upi-link"
            >
              {t('payment.pay', { amount: due, payee: payment.payee ?? order.publisher.publisher_name })}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('payment.payHow', { vpa: payment.vpa })}
            </Typography>
          </Stack>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <UpiQr uri={payment.upi_uri} label={t('payment.qr', { amount: due })} />
          </Box>
        </Stack>
      ) : null}
      {role === 'LIBRARY' && payment.bank && payment.state !== 'confirmed' ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('payment.bank', {
            name: payment.bank.account_name ?? order.publisher.publisher_name,
            account: payment.bank.account_no,
            ifsc: payment.bank.ifsc,
          })}
        </Typography>
      ) : null}
      {role === 'LIBRARY' && payment.state === 'queried' ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('payment.queriedHint')}
        </Alert>
      ) : null}
      {role === 'LIBRARY' && payable && (payment.state === 'due' || payment.state === 'queried') ? (
        <Box sx={{ mt: 2 }}>
          <RecordPaymentForm order={order} />
        </Box>
      ) : null}
      {role === 'PUBLISHER' && payment.state === 'paid' ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            color="success"
            sx={{ minHeight: TAP_PX }}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: order.id, state: 'confirmed' })}
          >
            {t('payment.confirm')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            sx={{ minHeight: TAP_PX }}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: order.id, state: 'queried' })}
          >
            {t('payment.query')}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}
