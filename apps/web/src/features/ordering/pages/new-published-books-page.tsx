import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Box, Button, Link, Typography } from '@mui/material';
import { EXPORT_FILE_NAMES, bookEndpoints, formatJsbn } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { PublisherDetailsDialog } from '../../../components/details-dialogs';
import { ExportExcelButton } from '../../../components/list-actions';
import { call } from '../../../api/client';
import { PageHeader } from '../../../components/page';
import { useOrderableBooks } from '../api/ordering-api';
import { OrderBar, orderColumns, priceColumn, useBookFromLink, useCanOrder } from '../components/order-controls';
import { usePrices } from '../../../components/prices';
import { BookDetailsDialog } from '../../../components/book-details-dialog';
import { useFeedLink } from '../../../components/feed-link';
import { feedPaths } from '../../../lib/paths';

/** /new-published-books — Recently Published books, newest first, with ordering; `?book=<JSBN>&want=yes|no` arrives with that answer in the cart. */
export function NewPublishedBooksPage() {
  const { t } = useTranslation('ordering');
  const list = useListState({ field: 'createdAt', order: 'desc' });
  const books = useOrderableBooks(null, list.query);
  const canOrder = useCanOrder();
  const prices = usePrices();
  // 'Want to order?' answered before the app hydrated the page (`?book=&want=`)
  const { arrived } = useBookFromLink(canOrder);
  const [shown, setShown] = useState<number | null>(null);
  const [bookShown, setBookShown] = useState<BookDto | null>(null);
  useFeedLink(feedPaths.new, t('pages.newBooksFeed'));

  const columns: Column<BookDto>[] = [
    { key: 'sr', header: t('columns.srNo'), render: (_row, { srNo }) => srNo },
    {
      key: 'title',
      header: t('columns.bookName'),
      sortField: 'book_title',
      minWidth: 180,
      render: (book) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {book.book_title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatJsbn(book.jsbn_number)}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'details',
      header: t('columns.bookDetails'),
      render: (book) => (
        <Button size="small" onClick={() => setBookShown(book)} aria-label={t('actions.viewDetailsOf', { title: book.book_title })}>
          {t('actions.view')}
        </Button>
      ),
    },
    {
      key: 'pdf',
      header: t('columns.bookPdf'),
      render: (book) => {
        const pdf = book.pdfurl || book.book_pdf;
        if (pdf) {
          return (
            <Link href={pdf} target="_blank" rel="noopener" aria-label={t('actions.openPdfOf', { title: book.book_title })}>
              {t('actions.openPdf')}
            </Link>
          );
        }
        // A private PDF is asked for on the book page (docs/api.md 'Book PDF access').
        if (book.has_book_pdf) {
          return (
            <Button size="small" onClick={() => setBookShown(book)} aria-label={t('actions.requestPdfOf', { title: book.book_title })}>
              {t('actions.private')}
            </Button>
          );
        }
        return t('actions.notAvailable');
      },
    },
    priceColumn(t, prices),
    ...orderColumns(canOrder, t),
    {
      key: 'publisher',
      header: t('columns.publisherDetails'),
      render: (book) => (
        <Button
          size="small"
          onClick={() => setShown(book.publisher.id)}
          aria-label={t('actions.viewPublisherOf', { title: book.book_title })}
        >
          {book.publisher_name || t('actions.view')}
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader title={t('pages.recent')} />
      <OrderBar arrivedBookId={arrived} />
      <DataTable
        label={t('pages.recentLabel')}
        columns={columns}
        rows={books.data?.books}
        total={books.data?.total ?? 0}
        loading={books.isLoading}
        getRowKey={(book) => book.id}
        list={list}
        searchLabel={t('pages.searchBooks')}
        selectable
        selectHint={t('table.selectForExport', { ns: 'common' })}
        rowLabel={(book) => book.book_title}
        toolbar={
          <ExportExcelButton
            download={(query) => call(bookEndpoints.exportXlsx, { query })}
            selected={list.selected}
            fileName={EXPORT_FILE_NAMES.bookDetails}
          />
        }
      />
      <PublisherDetailsDialog publisherId={shown} onClose={() => setShown(null)} />
      <BookDetailsDialog book={bookShown} onClose={() => setBookShown(null)} />
    </Box>
  );
}
