import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Link } from '@mui/material';
import { EXPORT_FILE_NAMES } from '@jsbn/shared/core';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { PublisherDetailsDialog } from '../../../components/details-dialogs';
import { ExportExcelButton } from '../../../components/list-actions';
import { viewDetailsColumn } from '../../../components/list-columns';
import { formatDate } from '../../../components/format';
import { PageHeader } from '../../../components/page';
import { publisherBooksPath } from '../../../app/paths';
import type { PublisherListItem } from '@jsbn/shared';
import { PUBLISHER_EXPORT_PATH, usePublishers } from '../api/ordering-api';

/** /publisher-wise-books — publishers with their book counts (spec books §2). */
export function PublisherWiseBooksPage() {
  const list = useListState(null);
  const publishers = usePublishers(list.query);
  const [shown, setShown] = useState<number | null>(null);

  const columns: Column<PublisherListItem>[] = [
    { key: 'sr', header: 'Sr. no', render: (_row, { srNo }) => srNo },
    { key: 'name', header: 'Publisher name', render: (row) => row.publisher_name, sortField: 'publisher_name', minWidth: 180 },
    { key: 'total', header: 'Total Published books', render: (row) => row.total_books, align: 'center' },
    { key: 'last', header: 'Last book publication date', render: (row) => formatDate(row.last_book_published), sortField: 'last_book_published' },
    viewDetailsColumn('Publisher details', (row) => row.publisher_name, setShown),
    {
      key: 'books',
      header: 'Book details',
      render: (row) => (
        <Link component={RouterLink} to={publisherBooksPath(row.id)}>
          View all books
        </Link>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader title="Publisher Wise Books" />
      <DataTable
        label="Publishers"
        columns={columns}
        rows={publishers.data?.publishers}
        total={publishers.data?.total ?? 0}
        loading={publishers.isLoading}
        getRowKey={(row) => row.id}
        list={list}
        searchLabel="Search publishers"
        selectable
        rowLabel={(row) => row.publisher_name}
        toolbar={<ExportExcelButton path={PUBLISHER_EXPORT_PATH} selected={list.selected} fileName={EXPORT_FILE_NAMES.publisherInfo} />}
      />
      <PublisherDetailsDialog publisherId={shown} onClose={() => setShown(null)} />
    </Box>
  );
}
