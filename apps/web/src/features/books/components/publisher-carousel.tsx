import { useTranslation } from 'react-i18next';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Card, CardActionArea, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { formatJsbn } from '@jsbn/shared/core';
import type { PublisherInfo } from '@jsbn/shared';
import { SafeImage } from '../../../components/safe-image';
import { bookDetailPath } from '../../../lib/paths';

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
}

/**
 * Other books of the publisher: 1 card below 768 px, 2 from 768, 4 from 1024, looping. A native scroll-snap row — swipeable on a phone without a carousel library — with
 * its arrows beside the heading, so they never cover a card.
 */
export function PublisherCarousel({ books, publisherName }: CarouselProps) {
  return <Carousel books={books} publisherName={publisherName} />;
}

function Carousel({ books, publisherName }: CarouselProps) {
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
          <Stack direction="row" spacing={1}>
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
          gridAutoFlow: 'column',
          gridAutoColumns: '100%',
          '@media (min-width: 768px)': { gridAutoColumns: 'calc((100% - 16px) / 2)' },
          '@media (min-width: 1024px)': { gridAutoColumns: 'calc((100% - 48px) / 4)' },
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          pb: 1,
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
    </Box>
  );
}
