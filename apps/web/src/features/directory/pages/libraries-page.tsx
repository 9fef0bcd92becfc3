import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Stack } from '@mui/material';
import { EXPORT_FILE_NAMES, libraryEndpoints, lookupText } from '@jsbn/shared/core';
import type { LibraryListItem } from '@jsbn/shared';
import { useSession } from '../../../api/session';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { LibraryDetailsDialog } from '../../../components/details-dialogs';
import { formatPhone, orNA } from '../../../components/format';
import { ExportExcelButton, PrintAddressButton } from '../../../components/list-actions';
import { call } from '../../../api/client';
import { logoColumn, viewDetailsColumn } from '../../../components/list-columns';
import { PageHeader } from '../../../components/page';
import { useLookups } from '../../../i18n';
import { useLibraryList } from '../api/directory-api';

/**
 * /libraries (public) and /list-of-libraries (publisher) — the libraries (GET /api/library). A
 * publisher also selects rows to export them (List_of_Libraries.xlsx) and print their addresses.
 */
export function LibrariesPage({ title }: { title?: string }) {
  const { t } = useTranslation('directory');
  const list = useListState();
  const lookups = useLookups();
  const libraries = useLibraryList(list.query);
  const [shown, setShown] = useState<number | null>(null);
  const { isPublisher } = useSession();

  const columns: Column<LibraryListItem>[] = [
    { key: 'sr', header: t('columns.srNo'), render: (_row, { srNo }) => srNo },
    logoColumn(
      t('columns.logo'),
      (row) => row.librarianLogoText?.logoUrl,
      (row) => row.name,
    ),
    { key: 'name', header: t('columns.libraryName'), render: (row) => row.name, sortField: 'name', minWidth: 180 },
    { key: 'sanchalak', header: t('columns.sanchalak'), render: (row) => orNA(row.sanchalak_name) },
    {
      key: 'type',
      header: t('columns.sanchalakType'),
      render: (row) => orNA(row.sangh_trust && lookupText(lookups, 'sanchalakTypes', row.sangh_trust)),
    },
    { key: 'address', header: t('columns.address'), render: (row) => orNA(row.address), minWidth: 200 },
    { key: 'mobile', header: t('columns.mobile'), render: (row) => formatPhone(row.mobile_no) },
    {
      key: 'books',
      header: t('columns.numberOfBooks'),
      render: (row) => orNA(row.number_of_books),
      sortField: 'number_of_books',
      align: 'center',
    },
    viewDetailsColumn(t('columns.details'), (row) => row.name, setShown),
  ];

  return (
    <Box>
      <PageHeader title={title ?? t('libraries.title')} subtitle={t('libraries.subtitle')} />
      <DataTable
        label={t('libraries.title')}
        columns={columns}
        rows={libraries.data?.libraries}
        total={libraries.data?.total ?? 0}
        loading={libraries.isLoading}
        getRowKey={(row) => row.id}
        list={list}
        searchLabel={t('libraries.search')}
        selectable={isPublisher}
        rowLabel={(row) => row.name}
        toolbar={
          isPublisher ? (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <ExportExcelButton
                download={(query) => call(libraryEndpoints.exportXlsx, { query })}
                selected={list.selected}
                fileName={EXPORT_FILE_NAMES.listOfLibraries}
              />
              <PrintAddressButton download={(query) => call(libraryEndpoints.addressLabels, { query })} selected={list.selected} />
            </Stack>
          ) : undefined
        }
      />
      <LibraryDetailsDialog libraryId={shown} onClose={() => setShown(null)} />
    </Box>
  );
}
