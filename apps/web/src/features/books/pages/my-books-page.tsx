import { useTranslation } from 'react-i18next';
import { useLookups, useMessages } from '../../../i18n';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, FormControlLabel, IconButton, Link, Stack, Switch, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { BOOK_MSG, formatJsbn, languageText, marcEndpoints, subjectsText } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { call, toastSuccess } from '../../../api/client';
import { useSession } from '../../../api/session';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, useListState, type Column } from '../../../components/data-table';
import { formatDate, orNA } from '../../../components/format';
import { PageHeader } from '../../../components/page';
import { bookDetailPath, editBookPath, paths } from '../../../lib/paths';
import { useBookAvailability, usePublisherBookList } from '../api/books-api';
import { CatalogueButton, CatalogueProgress, useCatalogueDownload } from '../components/catalogue-download';
import { MarcDownloads, QrLabelSheetButton } from '../../../components/print-downloads';
import { queryKeys } from '../../../api/query-keys';
import { lazyNamed, useOnceTrue } from '../../../components/lazy';

const WithdrawRequestDialog = lazyNamed(() => import('../components/report-dialog'), 'WithdrawRequestDialog');

/**
 * A withdrawn book's mark in its row (decision 050): 'Withdrawn', the date and the reason, and
 * the book it duplicates; the registry withdrew it, so its row offers no action.
 */
function WithdrawnMark({ withdrawn }: { withdrawn: NonNullable<BookDto['withdrawn']> }) {
  const { t } = useTranslation('books');
  return (
    <Box data-testid="withdrawn-mark" sx={{ mt: 0.5 }}>
      <Chip size="small" color="warning" label={t('myBooks.withdrawn')} />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
        {t('myBooks.withdrawnOn', { date: formatDate(withdrawn.withdrawn_at), reason: withdrawn.reason })}
      </Typography>
      {withdrawn.see_jsbn ? (
        <Link component={RouterLink} to={bookDetailPath(withdrawn.see_jsbn)} variant="caption">
          {t('withdrawn.see', { jsbn: withdrawn.see_jsbn })}
        </Link>
      ) : null}
    </Box>
  );
}

/**
 * /my-books — the publisher's own books with the availability switch, its
 * withdrawn ones among them, marked and without actions (decision 050).
 */
export function MyBooksPage() {
  const { t } = useTranslation('books');
  const message = useMessages();
  const lookups = useLookups();
  const { user } = useSession();
  const catalogue = useCatalogueDownload(user?.publisher_no);
  const list = useListState();
  const books = usePublisherBookList(user?.publisherId, { ...list.query, withdrawn: 'include' });
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ book: BookDto; isAvailable: boolean } | null>(null);
  const [withdrawing, setWithdrawing] = useState<{ id: number; title: string; jsbn: string } | null>(null);
  const withdrawWanted = useOnceTrue(Boolean(withdrawing));

  const availability = useBookAvailability({
    onSuccess: async (reply, { isAvailable }) => {
      toastSuccess(reply.message, isAvailable ? t('myBooks.isAvailable') : t('myBooks.isUnavailable'));
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.books.all });
    },
    onError: () => setPending(null),
  });

  const columns: Column<BookDto>[] = [
    { key: 'sr', header: t('myBooks.columns.srNo'), render: (_row, { srNo }) => srNo },
    {
      key: 'jsbn',
      header: t('myBooks.columns.jsbn'),
      render: (book) => formatJsbn(book.jsbn_number),
      sortField: 'jsbn_number',
      minWidth: 140,
    },
    {
      key: 'title',
      header: t('myBooks.columns.bookName'),
      // an imported book whose year is not known, until its publisher adds it
      render: (book) =>
        book.withdrawn ? (
          // one block: the cards below 600 px lay a cell's children out as grid items
          <Box>
            {book.book_title}
            <WithdrawnMark withdrawn={book.withdrawn} />
          </Box>
        ) : book.publication_year === null ? (
          <>
            {book.book_title}
            <Link
              component={RouterLink}
              to={editBookPath(book.id)}
              variant="caption"
              color="warning.dark"
              sx={{ display: 'block' }}
              data-testid="incomplete-year"
            >
              {message(BOOK_MSG.incompleteYear)}
            </Link>
          </>
        ) : (
          book.book_title
        ),
      sortField: 'book_title',
      minWidth: 180,
    },
    {
      key: 'authors',
      header: t('myBooks.columns.authorName'),
      render: (book) => orNA(book.authors.map((author) => author.author_name).join(', ')),
      minWidth: 140,
    },
    {
      key: 'language',
      header: t('myBooks.columns.language'),
      render: (book) => orNA(book.language && languageText(lookups, book.language)),
    },
    { key: 'subject', header: t('myBooks.columns.subject'), render: (book) => orNA(subjectsText(lookups, book)), minWidth: 120 },
    {
      key: 'details',
      header: t('myBooks.columns.details'),
      render: (book) => (
        <Link component={RouterLink} to={bookDetailPath(formatJsbn(book.jsbn_number))}>
          {t('myBooks.view')}
        </Link>
      ),
    },
    {
      key: 'available',
      header: t('myBooks.columns.available'),
      render: (book) =>
        book.withdrawn ? null : (
          <FormControlLabel
            control={
              <Switch
                checked={book.isAvailable}
                onChange={(event) => setPending({ book, isAvailable: event.target.checked })}
                slotProps={{ input: { 'aria-label': t('myBooks.availableFor', { title: book.book_title }) } }}
              />
            }
            label={book.isAvailable ? t('myBooks.yes') : t('myBooks.no')}
          />
        ),
    },
    {
      key: 'edit',
      header: t('myBooks.columns.edit'),
      render: (book) =>
        book.withdrawn ? null : (
          <Tooltip title={t('myBooks.edit')}>
            <IconButton component={RouterLink} to={editBookPath(book.id)} aria-label={t('myBooks.editOf', { title: book.book_title })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
        ),
    },
    {
      key: 'withdraw',
      header: t('withdrawRequest.column'),
      render: (book) =>
        book.withdrawn ? null : (
          <Button
            size="small"
            color="warning"
            onClick={() => setWithdrawing({ id: book.id, title: book.book_title, jsbn: formatJsbn(book.jsbn_number) })}
            aria-label={t('withdrawRequest.of', { title: book.book_title })}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('withdrawRequest.ask')}
          </Button>
        ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('myBooks.title')}
        actions={
          // the catalogue's progress goes below both buttons, as wide as they are
          <Stack spacing={1}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <CatalogueButton catalogue={catalogue} />
              <Button variant="contained" component={RouterLink} to={paths.newBookReg} sx={{ whiteSpace: 'nowrap' }}>
                {t('myBooks.request')}
              </Button>
              <Button variant="outlined" component={RouterLink} to={paths.bulkRegister} sx={{ whiteSpace: 'nowrap' }}>
                {t('bulk.open')}
              </Button>
            </Box>
            <CatalogueProgress catalogue={catalogue} />
          </Stack>
        }
      />
      <DataTable
        label={t('myBooks.label')}
        columns={columns}
        rows={books.data?.books}
        total={books.data?.total ?? 0}
        loading={books.isLoading || !user?.publisherId}
        getRowKey={(book) => book.id}
        list={list}
        searchLabel={t('myBooks.search')}
        selectable
        rowLabel={(book) => book.book_title}
        toolbar={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <QrLabelSheetButton selected={list.selected} />
            {user?.publisherId ? (
              <MarcDownloads
                load={(format) =>
                  call(format === 'mrc' ? marcEndpoints.catalogueMrc : marcEndpoints.catalogueXml, {
                    params: { publisherId: user.publisherId! },
                  })
                }
                name="Publisher_Catalogue_MARC21"
              />
            ) : null}
          </Stack>
        }
      />
      {withdrawWanted ? (
        <Suspense fallback={null}>
          <WithdrawRequestDialog book={withdrawing} onClose={() => setWithdrawing(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={Boolean(pending)}
        message={pending?.isAvailable ? t('myBooks.makeAvailable') : t('myBooks.makeUnavailable')}
        busy={availability.isPending}
        onConfirm={() => pending && availability.mutate({ id: pending.book.id, isAvailable: pending.isAvailable })}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
