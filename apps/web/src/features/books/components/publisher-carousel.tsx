import { useTranslation } from 'react-i18next';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Card, CardActionArea, IconButton, Link, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { formatJsbn } from '@jsbn/shared/core';
import type { PublisherInfo } from '@jsbn/shared';
import { SafeImage } from '../../../components/safe-image';
import { bookDetailPath, publisherPagePath } from '../../../lib/paths';
import { TAP_LINK } from '../../../lib/theme';

/** From this width the books are a row to swipe with arrows; below it, a short list. */
const WIDE = '@media (min-width: 768px)';
/** How many books the short list of a phone shows. */
const ON_A_PHONE = 3;

/** Where `step` (±1 page) takes a scroller: the next page, wrapping round at either end (looping). */
function targetOf(scroller: HTMLElement, step: 1 | -1): number {
  const end = scroller.scrollWidth - scroller.clientWidth;
  const next = scroller.scrollLeft + step * scroller.clientWidth;
  if (step > 0 && scroller.scrollLeft >= end - 2) return 0;
  if (step < 0 && scroller.scrollLeft <= 2) return end;
  return Math.min(Math.max(next, 0), end);
}

interface CarouselProps {
  books: PublisherInfo['latest_books'];
  publisherName: string;
  publisherId: number;
  /** How many books the publisher has with JSBN (the link to its page names them). */
  total: number;
}

/**
 * Other books of the publisher, and 'All N books of <publisher>', the link to its page of books
 * (decision 083). Below 768 px a short list of three, one under the other; from 768 px 2 cards
 * at a time, 4 from 1024, looping: a native scroll-snap row with its arrows beside the heading,
 * so they never cover a card. CSS alone picks the layout, so the server's page is the same.
 */
export function PublisherCarousel(props: CarouselProps) {
  return <Carousel {...props} />;
}

function Carousel({ books, publisherName, publisherId, total }: CarouselProps) {
  const { t } = useTranslation(['books', 'common']);
  const scroller = useRef<HTMLDivElement>(null);
  if (books.length === 0) return null;
  const go = (step: 1 | -1) => {
    const element = scroller.current;
    if (element) element.scrollTo({ left: targetOf(element, step), behavior: 'smooth' });
  };
  return (
    <Box
      component="section"
      aria-labelledby="more-books-title"
      aria-roledescription={t('carousel.role', { ns: 'common' })}
      sx={{ mt: 4 }}
      data-testid="publisher-carousel"
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="more-books-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('carousel.title', { publisher: publisherName })}
        </Typography>
        {books.length > 1 ? (
          <Stack direction="row" spacing={1} sx={{ display: 'none', [WIDE]: { display: 'flex' } }}>
            <IconButton aria-label={t('carousel.previous')} onClick={() => go(-1)} sx={{ border: 1, borderColor: 'divider' }}>
              <ChevronLeftIcon />
            </IconButton>
            <IconButton aria-label={t('carousel.next')} onClick={() => go(1)} sx={{ border: 1, borderColor: 'divider' }}>
              <ChevronRightIcon />
            </IconButton>
          </Stack>
        ) : null}
      </Stack>
      <Box
        ref={scroller}
        sx={{
          display: 'grid',
          gap: 1,
          [`& > :nth-of-type(n+${ON_A_PHONE + 1})`]: { display: 'none' },
          [WIDE]: {
            gridAutoFlow: 'column',
            gridAutoColumns: 'calc((100% - 16px) / 2)',
            gap: 2,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
            pb: 1,
            [`& > :nth-of-type(n+${ON_A_PHONE + 1})`]: { display: 'block' },
          },
          '@media (min-width: 1024px)': { gridAutoColumns: 'calc((100% - 48px) / 4)' },
        }}
      >
        {books.map((book, at) => {
          const jsbn = formatJsbn(book.jsbn_number);
          return (
            <Card
              key={book.jsbn_number}
              variant="outlined"
              role="group"
              aria-roledescription={t('carousel.slide', { ns: 'common' })}
              aria-label={t('carousel.slideOf', { ns: 'common', index: at + 1, count: books.length })}
              sx={{ scrollSnapAlign: 'start' }}
            >
              <CardActionArea
                component={RouterLink}
                to={bookDetailPath(jsbn)}
                sx={{ p: 1.5, display: 'flex', gap: 1.5, justifyContent: 'flex-start', alignItems: 'center', height: '100%' }}
              >
                <SafeImage
                  src={book.book_cover}
                  alt=""
                  loading="lazy"
                  width={60}
                  height={80}
                  style={{ width: 60, height: 80, objectFit: 'cover', borderRadius: 4, flexShrink: 0 }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{book.book_title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    JSBN {jsbn}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      <Link component={RouterLink} to={publisherPagePath(publisherId)} sx={{ ...TAP_LINK, mt: 1, fontWeight: 600 }}>
        {t('carousel.all', { count: total, publisher: publisherName })}
      </Link>
    </Box>
  );
}
