import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Link } from '@mui/material';
import { EXPORT_FILE_NAMES, publisherEndpoints } from '@jsbn/shared/core';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { PublisherDetailsDialog } from '../../../components/details-dialogs';
import { ExportExcelButton } from '../../../components/list-actions';
import { call } from '../../../api/client';
import { viewDetailsColumn } from '../../../components/list-columns';
import { formatDate } from '../../../components/format';
import { PageHeader } from '../../../components/page';
import { publisherBooksPath } from '../../../lib/paths';
import { TAP_LINK } from '../../../lib/theme';
import type { PublisherListItem } from '@jsbn/shared';
import { usePublisherList } from '../../../api/publishers';

/** /publisher-wise-books — publishers with their book counts. */
export function PublisherWiseBooksPage() {
  const { t } = useTranslation('ordering');
  const list = useListState(null);
  const publishers = usePublisherList(list.query);
  const [shown, setShown] = useState<number | null>(null);

  const columns: Column<PublisherListItem>[] = [
    { key: 'sr', header: t('columns.srNo'), render: (_row, { srNo }) => srNo },
    { key: 'name', header: t('columns.publisherName'), render: (row) => row.publisher_name, sortField: 'publisher_name', minWidth: 180 },
    { key: 'total', header: t('columns.totalBooks'), render: (row) => row.total_books, align: 'center' },
    { key: 'last', header: t('columns.lastDate'), render: (row) => formatDate(row.last_book_published), sortField: 'last_book_published' },
    viewDetailsColumn(t('columns.publisherDetails'), (row) => row.publisher_name, setShown),
    {
      key: 'books',
      header: t('columns.bookDetailsLower'),
      render: (row) => (
        <Link component={RouterLink} to={publisherBooksPath(row.id)} sx={TAP_LINK}>
          {t('actions.viewAllBooks')}
        </Link>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader title={t('pages.publisherWise')} />
      <DataTable
        label={t('pages.publishers')}
        columns={columns}
        rows={publishers.data?.publishers}
        total={publishers.data?.total ?? 0}
        loading={publishers.isLoading}
        getRowKey={(row) => row.id}
        list={list}
        searchLabel={t('pages.searchPublishers')}
        selectable
        selectHint={t('table.selectForExport', { ns: 'common' })}
        rowLabel={(row) => row.publisher_name}
        toolbar={
          <ExportExcelButton
            download={(query) => call(publisherEndpoints.exportXlsx, { query })}
            selected={list.selected}
            fileName={EXPORT_FILE_NAMES.publisherInfo}
          />
        }
      />
      <PublisherDetailsDialog publisherId={shown} onClose={() => setShown(null)} />
    </Box>
  );
}
