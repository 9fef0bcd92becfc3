import { useTranslation } from 'react-i18next';
import { messageText, useMessages } from '../../../i18n';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { enqueueSnackbar } from 'notistack';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Link,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { MSG, NO_PRICE, amountDue, formatJsbn, formatMoney, type PostageTerms } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { toastError, toastSuccess } from '../../../api/client';
import { useSession } from '../../../api/session';
import { digitsOnly } from '../../../components/forms';
import { useFullScreenDialog } from '../../../components/responsive-dialog';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useLibrary } from '../../../components/details-dialogs';
import { usePrices } from '../../../components/prices';
import type { Column } from '../../../components/data-table';
import { CONFIRM_ORDER_QUERY, ORDER_BOOK_QUERY, WANT_ORDER_QUERY, paths } from '../../../lib/paths';
import { useBookByJsbn } from '../../../api/books';
import { TAP_LINK } from '../../../lib/theme';
import { sendOrderLetter, usePlaceOrders, usePostageTerms } from '../api/ordering-api';
import { cartItemOf, isBadQuantity, useCart, type CartItem } from './cart';
import { ordersOfCart, type CartOrder } from './cart-orders';

/** True when the library may select books (it has letter text). */
export function useCanOrder() {
  const { isLibrary, user } = useSession();
  return isLibrary && Boolean(user?.letterText?.trim());
}

/**
 * 'Order This Book' (decision 029) and 'Want to order?' answered before the app hydrated the page
 * (decision 078): the book `?book=<JSBN>` names goes into the cart — one copy, or as many as it
 * already had — when the library may order; with `&want=no` it comes out of it. The query is then
 * dropped, so a reload does not put back a book taken out since. With `&confirm=1` (the way back
 * from the login of 'Order Book as Library', decision 066) the order's confirmation opens once it is there.
 * @returns the id of the book it brought, to be shown in view (null before and without one), and whether to confirm
 */
export function useBookFromLink(canOrder: boolean): { arrived: number | null; confirm: boolean } {
  const [search, setSearch] = useSearchParams();
  const jsbn = search.get(ORDER_BOOK_QUERY) ?? '';
  const unwanted = search.get(WANT_ORDER_QUERY) === 'no';
  const linked = useBookByJsbn(unwanted ? '' : jsbn);
  const { add, remove, items } = useCart();
  const [arrived, setArrived] = useState<{ arrived: number | null; confirm: boolean }>({ arrived: null, confirm: false });
  const book = jsbn && !unwanted ? linked.data?.book : undefined;
  const confirm = search.get(CONFIRM_ORDER_QUERY) === '1';
  const unwantedId = unwanted && jsbn ? (items.find((item) => item.jsbn === formatJsbn(jsbn))?.bookId ?? 0) : null;
  useEffect(() => {
    if (!book && unwantedId === null) return;
    if (book && canOrder) add(cartItemOf(book));
    if (unwantedId) remove(unwantedId);
    setArrived({ arrived: book?.id ?? null, confirm: Boolean(book) && canOrder && confirm });
    setSearch(
      (current) => {
        current.delete(ORDER_BOOK_QUERY);
        current.delete(WANT_ORDER_QUERY);
        current.delete(CONFIRM_ORDER_QUERY);
        return current;
      },
      { replace: true },
    );
  }, [book, unwantedId, canOrder, confirm, add, remove, setSearch]);
  return arrived;
}

/**
 * 'Want to order <title>?' Yes or No: the cart's choice once the app is there. It is a GET form
 * of the page's own address (`?book=<JSBN>&want=yes|no`), so a tap before the app has hydrated
 * the page is the browser's: the server renders the page with the answer shown and the app puts
 * it in the cart as it hydrates (`useBookFromLink`, decision 078).
 */
function WantToOrder({ book, disabled }: { book: BookDto; disabled: boolean }) {
  const { t } = useTranslation('ordering');
  const cart = useCart();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const jsbn = formatJsbn(book.jsbn_number);
  // the answer the address gives, until the app has put it in the cart
  const asked =
    search.get(ORDER_BOOK_QUERY) && formatJsbn(search.get(ORDER_BOOK_QUERY)!) === jsbn ? search.get(WANT_ORDER_QUERY) : undefined;
  const selected = asked === undefined ? Boolean(cart.find(book.id)) : asked !== 'no';
  return (
    <Box component="form" method="get" action={pathname} onSubmit={(event: FormEvent) => event.preventDefault()}>
      <input type="hidden" name={ORDER_BOOK_QUERY} value={jsbn} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={selected ? 'yes' : 'no'}
        disabled={disabled}
        aria-label={t('want.label', { title: book.book_title })}
        onChange={(_event, value: 'yes' | 'no' | null) => {
          if (value === 'yes') cart.add(cartItemOf(book));
          if (value === 'no') cart.remove(book.id);
        }}
      >
        <ToggleButton value="yes" color="primary" type="submit" name={WANT_ORDER_QUERY}>
          {t('want.yes')}
        </ToggleButton>
        <ToggleButton value="no" type="submit" name={WANT_ORDER_QUERY}>
          {t('want.no')}
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
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

/** The Price column of the lists a library orders from: the price, 'Free', or the price 'for propagation'. */
export function priceColumn(t: TFunction<'ordering'>, prices: ReturnType<typeof usePrices>): Column<BookDto> {
  return { key: 'price', header: t('columns.price'), render: (book) => prices.book(book) ?? NO_PRICE, minWidth: 110 };
}

/** The 'Want to order?' and 'Order quantity' columns. */
export function orderColumns(canOrder: boolean, t: TFunction<'ordering'>): Column<BookDto>[] {
  return [
    { key: 'want', header: t('columns.want'), render: (book) => <WantToOrder book={book} disabled={!canOrder} /> },
    { key: 'quantity', header: t('columns.quantity'), render: (book) => <Quantity book={book} /> },
  ];
}

/** How long the 'Generating order summery...' toast stays (docs/api.md). */
const SUMMARY_TOAST_MS = 800;

/**
 * For each created order, the order letter is generated and sent to the publisher
 * (generate-pdf with sendWhatsapp true); a failure is shown and does not stop the others.
 */
async function sendOrderLetters(orders: { id: number }[]) {
  await Promise.all(
    orders.map(async (order) => {
      enqueueSnackbar(messageText(MSG.generatingSummary), { variant: 'info', autoHideDuration: SUMMARY_TOAST_MS });
      try {
        await sendOrderLetter(order.id);
      } catch (error) {
        toastError(error);
      }
    }),
  );
}

function newKey() {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** A publisher's total: 'Free' when all its books are, else the money ('₹750.00'), saying when books without a price are left out. */
function totalText(order: CartOrder, prices: ReturnType<typeof usePrices>, t: TFunction<'ordering'>): string {
  if (order.lines.every((line) => line.priceKind === 'free')) return prices.amount(0, order.lines[0]!.currency);
  const total = prices.totals(order.totals);
  return order.lines.some((line) => line.amountMinor === null) ? t('bar.totalWithout', { total }) : total;
}

/**
 * What ordering the cart will do, in one line: '1 book → 1 order to Shri Jain Sahitya Prakashan
 * Trust', '4 books → 2 orders: 3 to Shri Jain Sahitya Prakashan Trust, 1 to Jinvani Granthmala'.
 */
function cartSummary(orders: CartOrder[], books: number, t: TFunction<'ordering'>): string {
  const values = { books: t('bar.books', { count: books }), orders: t('bar.orders', { count: orders.length }) };
  if (orders.length === 1) return t('bar.summaryOne', { ...values, publisher: orders[0]!.publisherName });
  return t('bar.summaryMany', {
    ...values,
    parts: orders.map((order) => t('bar.toPublisher', { count: order.lines.length, publisher: order.publisherName })).join(', '),
  });
}

/**
 * An order's postage by its publisher's terms and its total with postage (`amountDue`, decision
 * 070): 'Postage: ₹40.00 per parcel' and the total; as actual, the books' total and 'postage told
 * by the publisher'.
 */
function CartOrderTotal({ order, terms }: { order: CartOrder; terms: { terms: PostageTerms; rate_minor: number | null } | undefined }) {
  const { t } = useTranslation('ordering');
  const prices = usePrices();
  const currency = order.lines[0]!.currency;
  const due = terms
    ? amountDue(
        order.lines.map((line) => ({
          price_kind: line.priceKind,
          price_minor: line.priceMinor,
          currency: line.currency,
          copies: line.copies,
        })),
        { terms: terms.terms, rate_minor: terms.rate_minor, stated_minor: null },
        currency,
      )
    : null;
  const rate = formatMoney(terms?.rate_minor ?? 0, currency);
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 0.75 }}>
      {terms ? (
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="body2" data-testid="cart-postage-terms">
            {t(`bar.postage.${terms.terms}`, { rate })}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {due?.postage_minor == null ? null : prices.amount(due.postage_minor, currency)}
          </Typography>
        </Stack>
      ) : null}
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>{t(due?.amount_minor == null ? 'bar.total' : 'bar.totalWithPostage')}</Typography>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="cart-order-total">
          {due?.amount_minor == null ? totalText(order, prices, t) : formatMoney(due.amount_minor, currency)}
        </Typography>
      </Stack>
    </Box>
  );
}

/** The confirm dialog's list: each order's publisher, its books (copies × price = amount) and its total. */
function CartOrders({ orders }: { orders: CartOrder[] }) {
  const { t } = useTranslation('ordering');
  const prices = usePrices();
  const terms = usePostageTerms(orders.map((order) => order.publisherId));
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      {orders.map((order) => (
        <Box key={order.publisherId} component="section" aria-labelledby={`cart-order-${order.publisherId}`} data-testid="cart-order">
          <Typography id={`cart-order-${order.publisherId}`} sx={{ fontWeight: 700 }}>
            {order.publisherName}
          </Typography>
          {/* the library knows before confirming that the JSBN team has not checked this publisher yet */}
          <VerifiedBadge verified={terms.get(order.publisherId)?.verified} sayWhenNot />
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('bar.booksToOrder')}>
            {order.lines.map((line) => (
              <Box
                component="li"
                key={line.item.bookId}
                sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, py: 0.75 }}
              >
                <Typography sx={{ wordBreak: 'break-word' }}>{line.item.bookTitle}</Typography>
                <Typography sx={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid="cart-line-amount">
                  {prices.amount(line.amountMinor, line.currency)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
                  {t('bar.lineCopies', { count: line.copies, price: prices.price(line.priceKind, line.priceMinor, line.currency) })}
                </Typography>
              </Box>
            ))}
          </Box>
          <CartOrderTotal order={order} terms={terms.get(order.publisherId)} />
        </Box>
      ))}
    </Stack>
  );
}

/**
 * Below the orders in the confirm dialog: where the books go — the library's address
 * from its profile, with the way to change it — and what happens next, in two sentences.
 */
function DeliveryAndNext() {
  const { t } = useTranslation('ordering');
  const message = useMessages();
  const { user } = useSession();
  const library = useLibrary(user?.libraryId ?? null);
  const address = library.data?.address.trim();
  return (
    <Stack spacing={2} sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box component="section" aria-labelledby="confirm-delivery-title">
        <Typography id="confirm-delivery-title" sx={{ fontWeight: 700 }}>
          {t('bar.deliveryTitle')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }} data-testid="confirm-delivery-address">
          {library.data ? address || t('bar.deliveryNone') : message(library.isError ? MSG.somethingWrong : MSG.loading)}
        </Typography>
        <Link component={RouterLink} to={paths.editProfile} sx={TAP_LINK}>
          {t('bar.deliveryChange')}
        </Link>
      </Box>
      <Box component="section" aria-labelledby="confirm-next-title">
        <Typography id="confirm-next-title" sx={{ fontWeight: 700 }}>
          {t('bar.nextTitle')}
        </Typography>
        <Typography variant="body2" data-testid="confirm-next">
          {t('bar.next')}
        </Typography>
      </Box>
    </Stack>
  );
}

/** A book in the cart: title, JSBN, publisher and price, its copies and Remove; `arrived` when 'Order This Book' just put it there (brought into view). */
function CartLineRow({ item, arrived }: { item: CartItem; arrived: boolean }) {
  const { t } = useTranslation('ordering');
  const message = useMessages();
  const prices = usePrices();
  const cart = useCart();
  const row = useRef<HTMLLIElement>(null);
  const bad = isBadQuantity(item.quantity);
  useEffect(() => {
    if (arrived) row.current?.scrollIntoView({ block: 'center' });
  }, [arrived]);
  const price = item.price_kind
    ? prices.book({ price_kind: item.price_kind, price: item.price ?? null, currency: item.currency ?? '' })
    : null;
  return (
    <Box
      component="li"
      ref={row}
      data-testid="cart-line"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) 120px auto' },
        gap: 1,
        alignItems: 'center',
        py: 1,
        px: 1,
        borderRadius: 1,
        bgcolor: arrived ? 'action.selected' : undefined,
      }}
    >
      <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
        <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{item.bookTitle}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[item.jsbn ? `JSBN ${item.jsbn}` : null, item.publisherName, price ?? NO_PRICE].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <TextField
        label={t('bar.copies')}
        value={item.quantity}
        onChange={(event) => cart.setQuantity(item.bookId, digitsOnly(event.target.value, 6))}
        error={bad}
        helperText={bad ? message(MSG.orderQuantity) : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('bar.copiesOf', { title: item.bookTitle }) } }}
      />
      <Button
        color="error"
        startIcon={<DeleteOutlineIcon />}
        onClick={() => cart.remove(item.bookId)}
        aria-label={t('bar.removeOf', { title: item.bookTitle })}
      >
        {t('bar.remove')}
      </Button>
    </Box>
  );
}

/**
 * The letterhead banner (when missing), the cart — every book chosen, on any list, with its copies
 * — and the 'Order now' button with its confirm dialog, which says what will happen: the orders
 * per publisher, each book's price and amount, and each publisher's total (decision 029).
 * `arrivedBookId`: the book 'Order This Book' just put in the cart, brought into view;
 * `confirmArrived`: the confirmation opens once it is in the cart (after the login of 'Order Book as Library', decision 066).
 */
export function OrderBar({ arrivedBookId = null, confirmArrived = false }: { arrivedBookId?: number | null; confirmArrived?: boolean }) {
  const { t } = useTranslation('ordering');
  const message = useMessages();
  const cart = useCart();
  const canOrder = useCanOrder();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  /** One Idempotency-Key per cart submission: kept for retries of the same cart, new when the cart changes. */
  const submission = useRef<{ cart: string; key: string } | null>(null);
  const anyBad = cart.items.some((item) => isBadQuantity(item.quantity));
  const fullScreen = useFullScreenDialog();
  const orders = ordersOfCart(cart.items);

  const placeOrders = usePlaceOrders({
    onSuccess: async (reply) => {
      toastSuccess(reply.message, t('bar.placed'));
      submission.current = null;
      cart.clear();
      setOpen(false);
      await sendOrderLetters(reply.data?.orders ?? []);
      void navigate(paths.orders);
    },
  });
  /** Places the cart's lines as orders, under the key of this cart's submission. */
  const submit = () => {
    const orders = cart.items.map((item) => ({
      publisherId: item.publisherId,
      bookId: item.bookId,
      numberOfCopies: Number(item.quantity),
      bookTitle: item.bookTitle,
    }));
    const signature = JSON.stringify(orders);
    if (submission.current?.cart !== signature) submission.current = { cart: signature, key: newKey() };
    placeOrders.mutate({ body: { orders }, idempotencyKey: submission.current.key });
  };

  // the library came to order this book: the confirmation opens once the book is in the cart
  const arrivedInCart = arrivedBookId !== null && cart.items.some((item) => item.bookId === arrivedBookId);
  useEffect(() => {
    if (confirmArrived && arrivedInCart) setOpen(true);
  }, [confirmArrived, arrivedInCart]);

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
          <Link component={RouterLink} to={paths.customizeLetterFormat} sx={TAP_LINK}>
            {t('bar.customize')}
          </Link>
        </Alert>
      ) : null}
      <Paper variant="outlined" component="section" aria-labelledby="cart-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography id="cart-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('bar.cartTitle')}
        </Typography>
        {cart.items.length ? (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {cart.items.map((item) => (
              <CartLineRow key={item.bookId} item={item} arrived={item.bookId === arrivedBookId} />
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            {t('bar.cartEmpty')}
          </Typography>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'flex-end', mt: 1 }}
        >
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
      </Paper>
      <Dialog
        open={open}
        onClose={placeOrders.isPending ? undefined : () => setOpen(false)}
        aria-labelledby="confirm-order-title"
        aria-describedby="confirm-order-summary"
        maxWidth="sm"
        fullWidth
        fullScreen={fullScreen}
      >
        <DialogTitle id="confirm-order-title">{t('bar.confirmTitle')}</DialogTitle>
        <DialogContent>
          {orders.length ? (
            <Typography id="confirm-order-summary" sx={{ fontWeight: 600, mb: 2 }} data-testid="order-summary">
              {cartSummary(orders, cart.items.length, t)}
            </Typography>
          ) : null}
          <CartOrders orders={orders} />
          <DeliveryAndNext />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={placeOrders.isPending}>
            {t('bar.close')}
          </Button>
          <Button variant="contained" onClick={submit} disabled={placeOrders.isPending || anyBad}>
            {t('bar.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
