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
  const { publisherId } = useParams();
  const id = Number(publisherId) || null;
  const list = useListState();
  const books = useOrderableBooks(id, list.query);
  const canOrder = useCanOrder();
  const [bookShown, setBookShown] = useState<BookDto | null>(null);
  const publisherName = books.data?.publisherName ?? books.data?.books[0]?.publisher_name ?? 'Publisher';

  const columns: Column<BookDto>[] = [
    { key: 'sr', header: 'Sr. no', render: (_row, { srNo }) => srNo },
    { key: 'jsbn', header: 'JSBN number', render: (book) => formatJsbn(book.jsbn_number), minWidth: 140 },
    { key: 'title', header: 'Book name', render: (book) => book.book_title, sortField: 'book_title', minWidth: 180 },
    { key: 'authors', header: 'Author name', render: (book) => orNA(book.authors.map((author) => author.author_name).join(', ')) },
    { key: 'language', header: 'Language', render: (book) => orNA(book.language) },
    {
      key: 'details',
      header: 'Book Details',
      render: (book) => (
        <Button size="small" onClick={() => setBookShown(book)} aria-label={`View details of ${book.book_title}`}>
          View
        </Button>
      ),
    },
    ...orderColumns(canOrder),
  ];

  return (
    <Box>
      <PageHeader
        title={`View ${publisherName}'s books`}
        actions={
          <Link component={RouterLink} to={paths.publisherWiseBooks}>
            All publishers
          </Link>
        }
      />
      <OrderBar />
      <DataTable
        label="Books"
        columns={columns}
        rows={books.data?.books}
        total={books.data?.total ?? 0}
        loading={books.isLoading}
        getRowKey={(book) => book.id}
        list={list}
        searchLabel="Search books"
        selectable
        rowLabel={(book) => book.book_title}
        toolbar={<ExportExcelButton path={BOOK_EXPORT_PATH} selected={list.selected} fileName={EXPORT_FILE_NAMES.bookDetails} />}
      />
      <BookDetailsDialog book={bookShown} onClose={() => setBookShown(null)} />
    </Box>
  );
}
