import { useState } from 'react';
import { Box } from '@mui/material';
import type { PublisherListItem } from '@jsbn/shared';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { orNA } from '../../../components/format';
import { logoColumn, viewDetailsColumn } from '../../../components/list-columns';
import { PageHeader } from '../../../components/page';
import { usePublisherList } from '../api/directory-api';
import { PublisherDetailsDialog } from '../../../components/details-dialogs';

/** /publishers — the public list of publishers (GET /api/publisher). */
export function PublishersPage() {
  const list = useListState();
  const publishers = usePublisherList(list.query);
  const [shown, setShown] = useState<number | null>(null);

  const columns: Column<PublisherListItem>[] = [
    { key: 'sr', header: 'Sr. no', render: (_row, { srNo }) => srNo },
    logoColumn((row) => row.logoUrl, (row) => row.publisher_name),
    { key: 'name', header: 'Publisher name', render: (row) => row.publisher_name, sortField: 'publisher_name', minWidth: 180 },
    { key: 'no', header: 'Publisher unique id', render: (row) => row.publisher_no },
    { key: 'type', header: 'Type', render: (row) => orNA(row.publisher_type) },
    { key: 'city', header: 'City', render: (row) => orNA(row.city_name) },
    { key: 'state', header: 'State', render: (row) => orNA(row.state_name) },
    { key: 'books', header: 'Total books', render: (row) => row.total_books, align: 'center' },
    viewDetailsColumn('Details', (row) => row.publisher_name, setShown),
  ];

  return (
    <Box>
      <PageHeader title="Publishers" subtitle="Publishers of Jain books registered on JSBN." />
      <DataTable
        label="Publishers"
        columns={columns}
        rows={publishers.data?.publishers}
        total={publishers.data?.total ?? 0}
        loading={publishers.isLoading}
        getRowKey={(row) => row.id}
        list={list}
        searchLabel="Search publishers"
      />
      <PublisherDetailsDialog publisherId={shown} onClose={() => setShown(null)} />
    </Box>
  );
}
