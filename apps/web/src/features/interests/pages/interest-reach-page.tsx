import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { formatJsbn, interestEndpoints } from '@jsbn/shared/core';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page';
import { bookDetailPath } from '../../../lib/paths';
import { TAP_LINK } from '../../../lib/theme';

type ReachBook = { id: number; jsbn_number: string; book_title: string; digests: number };

/**
 * /interest-in-my-books — what a publisher learns of the libraries' interest in it (decision
 * 073): how many libraries follow it, and how many weekly e-mails of new books named each of
 * its books. Counts only, never which library.
 */
export function InterestReachPage() {
  const { t } = useTranslation('interests');
  const list = useListState(null);
  const query = { pageNo: list.query.pageNo, limit: list.query.limit };
  const reach = useQuery({
    queryKey: queryKeys.interests.reach(query),
    queryFn: async ({ signal, client }) => (await call(interestEndpoints.reach, { query, signal, client })).data,
    placeholderData: keepPreviousData,
  });
  const columns: Column<ReachBook>[] = [
    { key: 'sr', header: t('reach.srNo'), render: (_row, { srNo }) => srNo },
    {
      key: 'title',
      header: t('reach.book'),
      minWidth: 200,
      render: (book) => (
        <Box>
          <Link component={RouterLink} to={bookDetailPath(formatJsbn(book.jsbn_number))} sx={{ ...TAP_LINK, fontWeight: 600 }}>
            {book.book_title}
          </Link>
          <Typography variant="caption" color="text.secondary" component="div">
            {formatJsbn(book.jsbn_number)}
          </Typography>
        </Box>
      ),
    },
    { key: 'digests', header: t('reach.digests'), align: 'center', render: (book) => book.digests },
  ];
  return (
    <Box>
      <PageHeader title={t('reach.title')} subtitle={t('reach.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid="followers">
            {reach.data?.followers ?? '…'}
          </Typography>
          <Typography>{t('reach.followers', { count: reach.data?.followers ?? 0 })}</Typography>
        </Stack>
      </Paper>
      <DataTable
        label={t('reach.books')}
        columns={columns}
        rows={reach.data?.books}
        total={reach.data?.total ?? 0}
        loading={reach.isLoading}
        getRowKey={(book) => book.id}
        list={list}
      />
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('reach.countsOnly')}
      </Typography>
    </Box>
  );
}
