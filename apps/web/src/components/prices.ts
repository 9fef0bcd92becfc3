/**
 * Prices in the interface language: 'Free' and 'for propagation' from the
 * common catalogue, the money itself as `formatMoney` writes it ('₹20.00', Latin digits in every
 * language). The words are the ones the order letter uses in the library's language.
 */
import { useTranslation } from 'react-i18next';
import { amountText, priceText, toMinor, totalsText, type MoneyTotal, type PriceKind } from '@jsbn/shared/core';

export function usePrices() {
  const { t } = useTranslation('common');
  const words = { free: t('price.free'), nominal: t('price.nominal') };
  return {
    /** An order line's price when ordered: 'Free', '₹20.00 (for propagation)', '—'. */
    price: (kind: PriceKind, minor: number | null, currency: string) => priceText({ kind, minor, currency }, words),
    /** A line's amount (price × copies): 'Free' for 0, the money, or '—'. */
    amount: (minor: number | null, currency: string) => amountText(minor, currency, words.free),
    /** A book's price (`price` in major units), or null when none was stated. */
    book: (book: { price_kind: PriceKind; price: number | null; currency: string }) =>
      book.price_kind !== 'free' && book.price === null
        ? null
        : priceText(
            { kind: book.price_kind, minor: book.price === null ? null : toMinor(book.price, book.currency), currency: book.currency },
            words,
          ),
    /** An order's totals: '₹150.00' (or '₹150.00 + $4.00'). */
    totals: (totals: MoneyTotal[]) => totalsText(totals),
  };
}
