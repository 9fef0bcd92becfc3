import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Box, Button, Link } from '@mui/material';
import { EXPORT_FILE_NAMES, formatJsbn } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { ExportExcelButton } from '../../../components/list-actions';
import { orNA } from '../../../components/format';
import { PageHeader } from '../../../components/page';
import { paths } from '../../../app/paths';
import { BookDetailsDialog } from '../../books/components/book-details-dialog';
import { BOOK_EXPORT_PATH, useOrderableBooks } from '../api/ordering-api';
import { OrderBar, orderColumns, useCanOrder } from '../components/order-controls';

/** /publisher-wise-books/:publisherId — one publisher's books, with ordering. */
export function PublisherBooksPage() {
  const { t } = useTranslation('ordering');
  const { publisherId } = useParams();
  const id = Number(publisherId) || null;
  const list = useListState();
  const books = useOrderableBooks(id, list.query);
  const canOrder = useCanOrder();
  const [bookShown, setBookShown] = useState<BookDto | null>(null);
  const publisherName = books.data?.publisherName ?? books.data?.books[0]?.publisher_name ?? t('pages.publisher');

  const columns: Column<BookDto>[] = [
    { key: 'sr', header: t('columns.srNo'), render: (_row, { srNo }) => srNo },
    { key: 'jsbn', header: t('columns.jsbn'), render: (book) => formatJsbn(book.jsbn_number), minWidth: 140 },
    { key: 'title', header: t('columns.bookName'), render: (book) => book.book_title, sortField: 'book_title', minWidth: 180 },
    { key: 'authors', header: t('columns.authorName'), render: (book) => orNA(book.authors.map((author) => author.author_name).join(', ')) },
    { key: 'language', header: t('columns.language'), render: (book) => orNA(book.language) },
    {
      key: 'details',
      header: t('columns.bookDetails'),
      render: (book) => (
        <Button size="small" onClick={() => setBookShown(book)} aria-label={t('actions.viewDetailsOf', { title: book.book_title })}>
          {t('actions.view')}
        </Button>
      ),
    },
    ...orderColumns(canOrder, t),
  ];

  return (
    <Box>
      <PageHeader
        title={t('pages.publisherBooks', { name: publisherName })}
        actions={
          <Link component={RouterLink} to={paths.publisherWiseBooks}>
            {t('actions.allPublishers')}
          </Link>
        }
      />
      <OrderBar />
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
        rowLabel={(book) => book.book_title}
        toolbar={<ExportExcelButton path={BOOK_EXPORT_PATH} selected={list.selected} fileName={EXPORT_FILE_NAMES.bookDetails} />}
      />
      <BookDetailsDialog book={bookShown} onClose={() => setBookShown(null)} />
    </Box>
  );
}
