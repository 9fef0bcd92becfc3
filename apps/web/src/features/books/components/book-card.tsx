import { Trans, useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { BOOK_MSG, formatJsbn } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { useSession } from '../../../api/session';
import { SafeImage } from '../../../components/safe-image';
import { bookDetailPath } from '../../../lib/paths';
import { lazyNamed, useOnceTrue } from '../../../components/lazy';

// The request form (zod, form fields) and the Book details dialog load when a visitor first opens them.
const PdfRequestDialog = lazyNamed(() => import('../../../components/request-dialogs'), 'PdfRequestDialog');
const BookDetailsDialog = lazyNamed(() => import('../../../components/book-details-dialog'), 'BookDetailsDialog');
/** Starts loading the Book details dialog when a visitor points at or focuses its button. */
const preloadDetails = () => void BookDetailsDialog.preload();

/**
 * A book in search results and the Newly Published grid: 'Book details' opens the shared Book
 * details dialog (docs/api.md, with the request-PDF form for a private PDF), 'View More
 * Details' is the link to the book's page. Logged-in users off the search page
 * see the private-PDF notice with Request when readers is No ('Book card').
 * `first`: one of the first cards of the page, whose cover is fetched at once and first; the
 * others' covers load as they come near the screen.
 */
/** The first row's covers are fetched first (Largest Contentful Paint); the others when scrolled to. */
const EAGER = { fetchPriority: 'high' } as const;
const LAZY = { loading: 'lazy' } as const;

export function BookCard({
  book,
  compact,
  onSearchPage,
  first,
}: {
  book: BookDto;
  compact?: boolean;
  onSearchPage?: boolean;
  first?: boolean;
}) {
  const { t } = useTranslation('books');
  const message = useMessages();
  const { isLoggedIn } = useSession();
  const [requestOpen, setRequestOpen] = useState(false);
  const requestWanted = useOnceTrue(requestOpen);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsWanted = useOnceTrue(detailsOpen);
  const privateNotice = isLoggedIn && !onSearchPage && book.readers === 'No';
  const jsbn = formatJsbn(book.jsbn_number);
  const authors = book.authors.map((author) => author.author_name).join(', ');
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: compact ? 'column' : { xs: 'column', sm: 'row' } }}
      data-testid="book-card"
    >
      <Box sx={{ flexShrink: 0, p: 1.5, display: 'flex', justifyContent: 'center', bgcolor: 'grey.50' }}>
        <SafeImage
          src={book.book_cover}
          alt={t('detail.coverOf', { title: book.book_title })}
          {...(first ? EAGER : LAZY)}
          style={{ width: compact ? 120 : 130, height: compact ? 160 : 175, objectFit: 'cover', borderRadius: 4 }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {book.book_title}
          </Typography>
          {book.book_e_title && book.book_e_title !== book.book_title ? (
            <Typography variant="body2" color="text.secondary">
              {book.book_e_title}
            </Typography>
          ) : null}
          <Typography variant="body2" sx={{ mt: 1 }}>
            <Trans t={t} i18nKey="card.jsbn" values={{ jsbn }} components={{ strong: <strong /> }} />
          </Typography>
          {authors ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {authors}
            </Typography>
          ) : null}
          {!compact && book.publisher_name ? (
            <Typography variant="body2" color="text.secondary">
              {book.publisher_name}
            </Typography>
          ) : null}
          {privateNotice ? (
            <Alert
              severity="info"
              sx={{ mt: 1 }}
              action={
                <Button color="inherit" size="small" onClick={() => setRequestOpen(true)}>
                  {t('card.request')}
                </Button>
              }
            >
              {message(BOOK_MSG.privatePdf)}
            </Alert>
          ) : null}
        </CardContent>
        {/* two buttons do not fit side by side on a narrow card (two a row on a phone): they wrap */}
        <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          <Button
            size="small"
            onClick={() => setDetailsOpen(true)}
            onPointerEnter={preloadDetails}
            onFocus={preloadDetails}
            aria-label={t('card.detailsOf', { title: book.book_title })}
          >
            {t('card.details')}
          </Button>
          <Button size="small" component={RouterLink} to={bookDetailPath(jsbn)}>
            {t('card.more')}
          </Button>
        </CardActions>
      </Box>
      {detailsWanted ? (
        <Suspense fallback={null}>
          <BookDetailsDialog book={book} open={detailsOpen} onClose={() => setDetailsOpen(false)} />
        </Suspense>
      ) : null}
      {privateNotice && requestWanted ? (
        <Suspense fallback={null}>
          <PdfRequestDialog bookId={book.id} bookTitle={book.book_title} open={requestOpen} onClose={() => setRequestOpen(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
