import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Box, Button, Link } from '@mui/material';
import { EXPORT_FILE_NAMES, bookEndpoints, formatJsbn, languageText } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { ExportExcelButton } from '../../../components/list-actions';
import { call } from '../../../api/client';
import { orNA } from '../../../components/format';
import { PageHeader } from '../../../components/page';
import { usePrices } from '../../../components/prices';
import { feedPaths, paths } from '../../../lib/paths';
import { TAP_LINK } from '../../../lib/theme';
import { useLookups } from '../../../i18n';
import { BookDetailsDialog } from '../../../components/book-details-dialog';
import { FollowButton } from '../../../components/follow-button';
import { useFeedLink } from '../../../components/feed-link';
import { useOrderableBooks } from '../api/ordering-api';
import { OrderBar, orderColumns, priceColumn, useBookFromLink, useCanOrder } from '../components/order-controls';

/** /publisher-wise-books/:publisherId — one publisher's books, with ordering; `?book=<JSBN>` arrives with that book in the cart. */
export function PublisherBooksPage() {
  const { t } = useTranslation('ordering');
  const { publisherId } = useParams();
  const id = Number(publisherId) || null;
  const list = useListState();
  const lookups = useLookups();
  const books = useOrderableBooks(id, list.query);
  const canOrder = useCanOrder();
  const prices = usePrices();
  const { arrived, confirm } = useBookFromLink(canOrder);
  const [bookShown, setBookShown] = useState<BookDto | null>(null);
  const publisherName = books.data?.publisherName ?? books.data?.books[0]?.publisher_name ?? t('pages.publisher');
  // its feed of new books, named in the head (decision 073)
  const publisherNo = books.data?.publisherNo;
  useFeedLink(publisherNo ? feedPaths.publisher(publisherNo) : null, t('pages.publisherFeed', { name: publisherName }));

  const columns: Column<BookDto>[] = [
    { key: 'sr', header: t('columns.srNo'), render: (_row, { srNo }) => srNo },
    { key: 'jsbn', header: t('columns.jsbn'), render: (book) => formatJsbn(book.jsbn_number), minWidth: 140 },
    { key: 'title', header: t('columns.bookName'), render: (book) => book.book_title, sortField: 'book_title', minWidth: 180 },
    {
      key: 'authors',
      header: t('columns.authorName'),
      render: (book) => orNA(book.authors.map((author) => author.author_name).join(', ')),
    },
    { key: 'language', header: t('columns.language'), render: (book) => orNA(book.language && languageText(lookups, book.language)) },
    {
      key: 'details',
      header: t('columns.bookDetails'),
      render: (book) => (
        <Button size="small" onClick={() => setBookShown(book)} aria-label={t('actions.viewDetailsOf', { title: book.book_title })}>
          {t('actions.view')}
        </Button>
      ),
    },
    priceColumn(t, prices),
    ...orderColumns(canOrder, t),
  ];

  return (
    <Box>
      <PageHeader
        title={t('pages.publisherBooks', { name: publisherName })}
        actions={
          <>
            {id ? <FollowButton target={{ kind: 'publisher', id }} name={publisherName} /> : null}
            <Link component={RouterLink} to={paths.publisherWiseBooks} sx={TAP_LINK}>
              {t('actions.allPublishers')}
            </Link>
          </>
        }
      />
      <OrderBar arrivedBookId={arrived} confirmArrived={confirm} />
      <DataTable
        label={t('pages.books')}
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
      <BookDetailsDialog book={bookShown} onClose={() => setBookShown(null)} />
    </Box>
  );
}
