import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Stack } from '@mui/material';
import { lookupText } from '@jsbn/shared/core';
import type { PublisherListItem } from '@jsbn/shared';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { orNA } from '../../../components/format';
import { logoColumn, viewDetailsColumn } from '../../../components/list-columns';
import { PageHeader } from '../../../components/page';
import { useCityText, useLookups } from '../../../i18n';
import { usePublisherList } from '../../../api/publishers';
import { PublisherDetailsDialog } from '../../../components/details-dialogs';
import { VerifiedBadge } from '../../../components/verified-badge';

/** /publishers — the public list of publishers (GET /api/publisher). */
export function PublishersPage() {
  const { t } = useTranslation('directory');
  const list = useListState();
  const lookups = useLookups();
  const city = useCityText();
  const publishers = usePublisherList(list.query);
  const [shown, setShown] = useState<number | null>(null);

  const columns: Column<PublisherListItem>[] = [
    { key: 'sr', header: t('columns.srNo'), render: (_row, { srNo }) => srNo },
    logoColumn(
      t('columns.logo'),
      (row) => row.logoUrl,
      (row) => row.publisher_name,
    ),
    {
      key: 'name',
      header: t('columns.publisherName'),
      render: (row) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <span>{row.publisher_name}</span>
          <VerifiedBadge verified={row.verified} />
        </Stack>
      ),
      sortField: 'publisher_name',
      minWidth: 180,
    },
    { key: 'no', header: t('columns.publisherNo'), render: (row) => row.publisher_no },
    {
      key: 'type',
      header: t('columns.type'),
      render: (row) => orNA(row.publisher_type && lookupText(lookups, 'publisherTypes', row.publisher_type)),
    },
    { key: 'city', header: t('columns.city'), render: (row) => orNA(city(row)) },
    { key: 'state', header: t('columns.state'), render: (row) => orNA(lookupText(lookups, 'states', row.state_name)) },
    { key: 'books', header: t('columns.totalBooks'), render: (row) => row.total_books, align: 'center' },
    viewDetailsColumn(t('columns.details'), (row) => row.publisher_name, setShown),
  ];

  return (
    <Box>
      <PageHeader title={t('publishers.title')} subtitle={t('publishers.subtitle')} />
      <DataTable
        label={t('publishers.title')}
        columns={columns}
        rows={publishers.data?.publishers}
        total={publishers.data?.total ?? 0}
        loading={publishers.isLoading}
        getRowKey={(row) => row.id}
        list={list}
        searchLabel={t('publishers.search')}
      />
      <PublisherDetailsDialog publisherId={shown} onClose={() => setShown(null)} />
    </Box>
  );
}
