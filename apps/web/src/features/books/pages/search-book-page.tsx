import { useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n';
import { Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { enqueueSnackbar } from 'notistack';
import { Box, Button, Checkbox, FormControlLabel, Pagination, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { MSG, NEWLY_PUBLISHED_PAGE_SIZE, SEARCH_PAGE_SIZE } from '@jsbn/shared/core';
import { LoadingState, PageHeader } from '../../../components/page';
import { lazyNamed } from '../../../components/lazy';
import { useBookList } from '../api/books-api';
import { BookCard } from '../components/book-card';
import type { Filters } from '../components/advanced-search-fields';
import { useFeedLink } from '../../../components/feed-link';
import { feedPaths, paths } from '../../../lib/paths';

type Submitted = Partial<Filters> & { subject?: number[] };
const EMPTY: Filters = { queryString: '', book_title: '', author_name: '', language: '', publisher: '', jsbn_number: '' };

// The advanced fields (an autocomplete, the lookups) load when a visitor first asks for them.
/** Cards whose covers are fetched first: the first row on a large screen, the first screen on a phone. */
const FIRST_ROW = 4;
const AdvancedSearchFields = lazyNamed(() => import('../components/advanced-search-fields'), 'AdvancedSearchFields');

const hasAny = (filters: Submitted) =>
  Object.values(filters).some((value) => (Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== ''));

/** Only the filters that are in use (the advanced ones only while shown). */
function activeFilters(filters: Filters, subjects: number[], advanced: boolean): Submitted {
  const picked: Submitted = {};
  for (const [key, value] of Object.entries(filters) as [keyof Filters, string][]) {
    if (!advanced && key !== 'queryString') continue;
    if (value.trim()) picked[key] = value.trim();
  }
  if (advanced && subjects.length) picked.subject = subjects;
  return picked;
}

/** Counts grouped the Indian way (12,400), Latin digits in every language. */
const counts = new Intl.NumberFormat('en-IN');

/** Newly Published Books: 20 a page, 5 a row on large screens (packages/shared/src/constants.ts). */
function NewlyPublished() {
  const { t } = useTranslation('books');
  const message = useMessages();
  const [page, setPage] = useState(1);
  const books = useBookList({ pageNo: page, limit: String(NEWLY_PUBLISHED_PAGE_SIZE), sortedField: 'createdAt', sortedOrder: 'desc' });
  const total = books.data?.total ?? 0;
  const pageCount = Math.ceil(total / NEWLY_PUBLISHED_PAGE_SIZE);
  // the list's feed, named in the head (the server's page names it already; decision 073)
  useFeedLink(feedPaths.new, t('search.newlyFeed'));
  return (
    <Box component="section" sx={{ mt: 5 }} aria-labelledby="newly-published">
      <Typography id="newly-published" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('search.newly')}
      </Typography>
      {books.isLoading ? (
        <LoadingState />
      ) : !books.data?.books.length ? (
        <Typography>{message(MSG.noData)}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(5, 1fr)' },
          }}
        >
          {books.data.books.map((book, index) => (
            <BookCard key={book.id} book={book} compact onSearchPage first={index < FIRST_ROW} />
          ))}
        </Box>
      )}
      {pageCount > 1 ? (
        <Pagination sx={{ mt: 2 }} count={pageCount} page={page} onChange={(_event, value) => setPage(value)} color="primary" />
      ) : null}
    </Box>
  );
}

/** /search-a-book — Global Books Store. */
export function SearchBookPage() {
  const { t } = useTranslation('books');
  const message = useMessages();
  const [params] = useSearchParams();
  const initialQuery = params.get('query') ?? '';
  const [filters, setFilters] = useState<Filters>({ ...EMPTY, queryString: initialQuery });
  const [advanced, setAdvanced] = useState(false);
  const [subjectIds, setSubjectIds] = useState<number[]>([]);
  const [submitted, setSubmitted] = useState<Submitted | null>(initialQuery.trim() ? { queryString: initialQuery.trim() } : null);
  const [page, setPage] = useState(1);
  const [lastQuery, setLastQuery] = useState(initialQuery);

  if (initialQuery !== lastQuery) {
    // ?query= changed while the page stays mounted.
    setLastQuery(initialQuery);
    setFilters({ ...EMPTY, queryString: initialQuery });
    setSubmitted(initialQuery.trim() ? { queryString: initialQuery.trim() } : null);
    setPage(1);
  }

  const results = useBookList({ ...submitted, pageNo: page, limit: String(SEARCH_PAGE_SIZE) }, submitted !== null);
  const total = results.data?.total ?? 0;
  const pageCount = Math.ceil(total / SEARCH_PAGE_SIZE);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const active = activeFilters(filters, subjectIds, advanced);
    if (!hasAny(active)) {
      enqueueSnackbar(message(MSG.searchAtLeastOne), { variant: 'warning' });
      return;
    }
    setSubmitted(active);
    setPage(1);
  };
  // the search runs again when the advanced toggle changes.
  const toggleAdvanced = (next: boolean) => {
    setAdvanced(next);
    if (submitted === null) return;
    const active = activeFilters(filters, subjectIds, next);
    if (hasAny(active)) {
      setSubmitted(active);
      setPage(1);
    }
  };
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [key]: event.target.value }));

  return (
    <Box>
      <PageHeader title={t('search.title')} subtitle={t('search.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        {/* a GET form: before the app has hydrated the page (or without JavaScript) the browser asks for ?query= itself (decision 066) */}
        <form noValidate onSubmit={onSubmit} role="search" method="get" action={paths.searchBook}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label={t('search.query')} name="query" value={filters.queryString} onChange={set('queryString')} type="search" />
              <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
                {t('search.submit')}
              </Button>
            </Stack>
            <FormControlLabel
              control={<Checkbox checked={advanced} onChange={(event) => toggleAdvanced(event.target.checked)} />}
              label={t('search.advanced')}
            />
            {advanced ? (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
                <Suspense fallback={<LoadingState />}>
                  <AdvancedSearchFields filters={filters} onChange={set} subjectIds={subjectIds} onSubjectsChange={setSubjectIds} />
                </Suspense>
              </Box>
            ) : null}
          </Stack>
        </form>
      </Paper>

      {submitted ? (
        <Box component="section" aria-label={t('search.results')}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {results.isFetching
              ? message(MSG.loading)
              : results.data?.totalIsEstimate
                ? t('search.about', { total: counts.format(total) })
                : t('search.found', { count: total })}
          </Typography>
          {!results.isLoading && !results.data?.books.length ? <Typography>{message(MSG.noData)}</Typography> : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {(results.data?.books ?? []).map((book, index) => (
              <BookCard key={book.id} book={book} onSearchPage first={index < FIRST_ROW} />
            ))}
          </Box>
          {pageCount > 1 ? (
            <Pagination sx={{ mt: 2 }} count={pageCount} page={page} onChange={(_event, value) => setPage(value)} color="primary" />
          ) : null}
        </Box>
      ) : null}

      <NewlyPublished />
    </Box>
  );
}
