import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, Link, Paper, Typography } from '@mui/material';
import { formatJsbn, holdingEndpoints, placeLine } from '@jsbn/shared/core';
import type { LibraryHoldings } from '@jsbn/shared';
import { ApiError, call } from '../../../api/client';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { LoadingState, MessagePage, PageHeader } from '../../../components/page';
import { bookDetailPath } from '../../../lib/paths';
import { TAP_LINK, TAP_PX } from '../../../lib/theme';

type HeldBook = LibraryHoldings['books'][number];

/**
 * /libraries/:id — a library's page for readers (decision 077): where it is, how to reach it,
 * when it is open, and the books on its shelves, found by title or author. Only a library that
 * shows its holdings has one; any other id reads 'not found'.
 */
export function LibraryHoldingsPage() {
  const { t } = useTranslation('directory');
  const { id } = useParams();
  const list = useListState(null);
  const libraryId = Number(id);
  const query = { queryString: list.query.queryString, pageNo: list.query.pageNo, limit: list.query.limit };
  const page = useQuery({
    queryKey: ['library-holdings', libraryId, query],
    queryFn: async ({ signal, client }) =>
      (await call(holdingEndpoints.ofLibrary, { params: { id: libraryId }, query, signal, client })).data,
    enabled: Number.isInteger(libraryId) && libraryId > 0,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silent: true },
  });
  if (page.error instanceof ApiError && page.error.status === 404)
    return <MessagePage title={t('holdings.missing')} text={t('holdings.missingText')} />;
  if (!page.data) return <LoadingState />;
  const { library } = page.data;
  const columns: Column<HeldBook>[] = [
    {
      key: 'title',
      header: t('holdings.book'),
      minWidth: 220,
      render: (book) => (
        <Box>
          {book.jsbn_number ? (
            <Link
              component={RouterLink}
              to={bookDetailPath(formatJsbn(book.jsbn_number))}
              sx={{ ...TAP_LINK, fontWeight: 600, minWidth: TAP_PX }}
            >
              {book.title}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600 }}>{book.title}</Typography>
          )}
          {book.author ? (
            <Typography variant="caption" color="text.secondary" component="div">
              {book.author}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    { key: 'copies', header: t('holdings.copies'), align: 'center', render: (book) => book.copies },
  ];
  return (
    <Box>
      <PageHeader title={library.name} subtitle={placeLine(library)} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="library-contact">
        {library.opening_hours ? (
          <Typography sx={{ whiteSpace: 'pre-line' }}>{t('holdings.open', { hours: library.opening_hours })}</Typography>
        ) : null}
        <Link href={`tel:${library.mobile_no}`} sx={{ ...TAP_LINK, display: 'inline-flex', minHeight: TAP_PX, alignItems: 'center' }}>
          {t('holdings.call', { phone: library.mobile_no })}
        </Link>
      </Paper>
      <DataTable
        label={t('holdings.table')}
        searchLabel={t('holdings.search')}
        columns={columns}
        rows={page.data.books}
        total={page.data.total}
        loading={page.isFetching && !page.data}
        getRowKey={(book) => `${book.jsbn_number ?? ''}:${book.title}`}
        list={list}
        emptyText={t('holdings.empty')}
      />
    </Box>
  );
}
