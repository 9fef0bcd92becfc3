import { useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { MSG } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { toastError, toastSuccess } from '../../../api/client';
import { useSession } from '../../../api/session';
import { digitsOnly } from '../../../components/forms';
import { useFullScreenDialog } from '../../../components/responsive-dialog';
import type { Column } from '../../../components/data-table';
import { paths } from '../../../app/paths';
import { createOrders, sendOrderLetter } from '../api/ordering-api';
import { isBadQuantity, useCart } from './cart';

/** True when the library may select books (it has letter text). */
export function useCanOrder() {
  const { isLibrary, user } = useSession();
  return isLibrary && Boolean(user?.letterText?.trim());
}

function WantToOrder({ book, disabled }: { book: BookDto; disabled: boolean }) {
  const { t } = useTranslation('ordering');
  const cart = useCart();
  const selected = Boolean(cart.find(book.id));
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={selected ? 'yes' : 'no'}
      disabled={disabled}
      aria-label={t('want.label', { title: book.book_title })}
      onChange={(_event, value: 'yes' | 'no' | null) => {
        if (value === 'yes') cart.add({ bookId: book.id, publisherId: book.publisher.id, bookTitle: book.book_title });
        if (value === 'no') cart.remove(book.id);
      }}
    >
      <ToggleButton value="yes" color="primary">
        {t('want.yes')}
      </ToggleButton>
      <ToggleButton value="no">{t('want.no')}</ToggleButton>
    </ToggleButtonGroup>
  );
}

function Quantity({ book }: { book: BookDto }) {
  const { t } = useTranslation('ordering');
  const message = useMessages();
  const cart = useCart();
  const item = cart.find(book.id);
  const bad = item ? isBadQuantity(item.quantity) : false;
  return (
    <TextField
      size="small"
      value={item?.quantity ?? ''}
      disabled={!item}
      onChange={(event) => cart.setQuantity(book.id, digitsOnly(event.target.value, 6))}
      error={bad}
      helperText={bad ? message(MSG.orderQuantity) : undefined}
      sx={{ width: 120 }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('want.quantity', { title: book.book_title }) } }}
    />
  );
}

/** The 'Want to order?' and 'Order quantity' columns. */
export function orderColumns(canOrder: boolean, t: TFunction<'ordering'>): Column<BookDto>[] {
  return [
    { key: 'want', header: t('columns.want'), render: (book) => <WantToOrder book={book} disabled={!canOrder} /> },
    { key: 'quantity', header: t('columns.quantity'), render: (book) => <Quantity book={book} /> },
  ];
}

/** How long the 'Generating order summery...' toast stays (spec books §7). */
const SUMMARY_TOAST_MS = 800;

/**
 * For each created order, the order letter is generated and sent to the publisher
 * (generate-pdf with sendWhatsapp true); a failure is shown and does not stop the others.
 */
async function sendOrderLetters(orders: { id: number }[]) {
  await Promise.all(
    orders.map(async (order) => {
      enqueueSnackbar(MSG.generatingSummary, { variant: 'info', autoHideDuration: SUMMARY_TOAST_MS });
      try {
        await sendOrderLetter(order.id);
      } catch (error) {
        toastError(error);
      }
    }),
  );
}

function newKey() {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The letterhead banner (when missing) and the 'Order now' button with its confirm dialog. */
export function OrderBar() {
  const { t } = useTranslation('ordering');
  const message = useMessages();
  const cart = useCart();
  const canOrder = useCanOrder();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  /** One Idempotency-Key per cart submission: kept for retries of the same cart, new when the cart changes. */
  const submission = useRef<{ cart: string; key: string } | null>(null);
  const anyBad = cart.items.some((item) => isBadQuantity(item.quantity));
  const fullScreen = useFullScreenDialog();

  const mutation = useMutation({
    mutationFn: () => {
      const orders = cart.items.map((item) => ({
        publisherId: item.publisherId,
        bookId: item.bookId,
        numberOfCopies: Number(item.quantity),
        bookTitle: item.bookTitle,
      }));
      const signature = JSON.stringify(orders);
      if (submission.current?.cart !== signature) submission.current = { cart: signature, key: newKey() };
      return createOrders({ orders }, submission.current.key);
    },
    onSuccess: async (reply) => {
      toastSuccess(reply.message, t('bar.placed'));
      submission.current = null;
      cart.clear();
      setOpen(false);
      await sendOrderLetters(reply.data?.orders ?? []);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void navigate(paths.orders);
    },
  });

  const orderNow = () => {
    if (cart.items.length === 0) {
      enqueueSnackbar(message(MSG.noItems), { variant: 'warning' });
      return;
    }
    setOpen(true);
  };

  return (
    <Box sx={{ mb: 2 }}>
      {!canOrder ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="letter-text-banner">
          {message(MSG.letterTextHint)}{' '}
          <Link component={RouterLink} to={paths.customizeLetterFormat}>
            {t('bar.customize')}
          </Link>
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}>
        {anyBad ? (
          <Typography color="error" variant="body2">
            {message(MSG.orderQuantity)}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary" data-testid="cart-count">
          {t('bar.selected', { count: cart.items.length })}
        </Typography>
        <Button variant="contained" onClick={orderNow} disabled={anyBad || !canOrder}>
          {t('bar.orderNow')}
        </Button>
      </Stack>
      <Dialog open={open} onClose={mutation.isPending ? undefined : () => setOpen(false)} aria-labelledby="confirm-order-title" maxWidth="sm" fullWidth fullScreen={fullScreen}>
        <DialogTitle id="confirm-order-title">{t('bar.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Table size="small" aria-label={t('bar.booksToOrder')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.srNo')}</TableCell>
                <TableCell>{t('columns.bookName')}</TableCell>
                <TableCell align="right">{t('bar.copies')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {cart.items.map((item, index) => (
                <TableRow key={item.bookId}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>{item.bookTitle}</TableCell>
                  <TableCell align="right">{item.quantity}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={mutation.isPending}>
            {t('bar.close')}
          </Button>
          <Button variant="contained" onClick={() => mutation.mutate()} disabled={mutation.isPending || anyBad}>
            {t('bar.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
