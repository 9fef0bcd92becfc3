import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Box, Pagination, PaginationItem, Typography } from '@mui/material';
import { NEWLY_PUBLISHED_PAGE_SIZE } from '@jsbn/shared/core';
import { ApiError } from '../../../api/client';
import { useFeedLink } from '../../../components/feed-link';
import { LoadingState, MessagePage, PageHeader } from '../../../components/page';
import { PUBLISHER_PAGE_QUERY, feedPaths, publisherPagePath } from '../../../lib/paths';
import { usePublisherBookList } from '../api/books-api';
import { BookCard } from '../components/book-card';

/** Cards whose covers are fetched first: the first row on a large screen, the first screen on a phone. */
const FIRST_ROW = 4;

/** The page number `?page=` names: a whole number from 1, else 1. */
function pageOf(search: URLSearchParams): number {
  const page = Number(search.get(PUBLISHER_PAGE_QUERY));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * /publishers/:id — a publisher's page for readers (decision 083): its books, newest first, 20 a
 * page as cards like the search page's; the pages are links (`?page=2`), so each is a page the
 * server renders and caches, and paging works before the app has hydrated it. An unknown or
 * suspended publisher reads 'not found'. The API's GET /api/book/publisher/:publisherId.
 */
export function PublisherPage() {
  const { t } = useTranslation('books');
  const { id } = useParams();
  const [search] = useSearchParams();
  const publisherId = Number(id);
  const valid = Number.isInteger(publisherId) && publisherId > 0;
  const page = pageOf(search);
  const books = usePublisherBookList(valid ? publisherId : undefined, {
    pageNo: page,
    limit: String(NEWLY_PUBLISHED_PAGE_SIZE),
    sortedField: 'createdAt',
    sortedOrder: 'desc',
  });
  const publisherNo = books.data?.publisherNo;
  const name = books.data?.publisherName ?? '';
  // its feed of new books, named in the head (decision 073)
  useFeedLink(publisherNo ? feedPaths.publisher(publisherNo) : null, t('publisherPage.feed', { name }));
  if (!valid || (books.error instanceof ApiError && books.error.status === 404))
    return <MessagePage title={t('publisherPage.missing')} text={t('publisherPage.missingText')} />;
  if (!books.data) return <LoadingState />;
  const { total } = books.data;
  const pageCount = Math.ceil(total / NEWLY_PUBLISHED_PAGE_SIZE);
  return (
    <Box>
      <PageHeader title={t('publisherPage.title', { name })} subtitle={t('detail.publisher.books', { count: total })} />
      <Box
        component="ul"
        aria-label={t('publisherPage.title', { name })}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(4, 1fr)',
            lg: 'repeat(5, 1fr)',
          },
        }}
      >
        {books.data.books.map((book, index) => (
          <Box component="li" key={book.id}>
            <BookCard book={book} compact onSearchPage first={index < FIRST_ROW} />
          </Box>
        ))}
      </Box>
      {pageCount > 1 ? (
        <Pagination
          sx={{ mt: 2 }}
          count={pageCount}
          page={Math.min(page, pageCount)}
          color="primary"
          aria-label={t('publisherPage.pages')}
          renderItem={(item) => <PaginationItem component={RouterLink} to={publisherPagePath(publisherId, item.page ?? 1)} {...item} />}
        />
      ) : null}
      {books.data.books.length === 0 ? <Typography>{t('publisherPage.none')}</Typography> : null}
    </Box>
  );
}
