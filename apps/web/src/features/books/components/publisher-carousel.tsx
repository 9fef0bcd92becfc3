import { Link as RouterLink } from 'react-router';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Navigation } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/navigation';
import { formatJsbn, type PublisherInfo } from '@jsbn/shared';
import { SafeImage } from '../../../components/safe-image';
import { bookDetailPath } from '../../../app/paths';

/** Other books of the publisher: 1 slide below 768 px, 2 from 768, 4 from 1024, looping (spec books §2). */
export function PublisherCarousel({ books, publisherName }: { books: PublisherInfo['latest_books']; publisherName: string }) {
  if (books.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="more-books-title" sx={{ mt: 4 }}>
      <Typography id="more-books-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        More books from {publisherName}
      </Typography>
      <Box
        sx={{
          '& .swiper': { pb: 1 },
          '& .swiper-button-prev, & .swiper-button-next': {
            color: 'primary.main',
            bgcolor: 'rgba(255,255,255,0.92)',
            borderRadius: '50%',
            width: 36,
            height: 36,
            boxShadow: 1,
            display: { xs: 'none', sm: 'flex' },
            '& svg': { width: 14, height: 14 },
          },
        }}
        data-testid="publisher-carousel"
      >
        <Swiper
          modules={[Navigation, A11y]}
          navigation
          loop={books.length > 1}
          spaceBetween={16}
          slidesPerView={1}
          breakpoints={{ 768: { slidesPerView: 2 }, 1024: { slidesPerView: 4 } }}
        >
          {books.map((book) => {
            const jsbn = formatJsbn(book.jsbn_number);
            return (
              <SwiperSlide key={book.jsbn_number}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={bookDetailPath(jsbn)} sx={{ p: 1.5, display: 'flex', gap: 1.5, justifyContent: 'flex-start', alignItems: 'center' }}>
                    <SafeImage src={book.book_cover} alt="" style={{ width: 60, height: 80, objectFit: 'cover', borderRadius: 4, flexShrink: 0 }} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{book.book_title}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        JSBN {jsbn}
                      </Typography>
                    </Box>
                  </CardActionArea>
                </Card>
              </SwiperSlide>
            );
          })}
        </Swiper>
      </Box>
    </Box>
  );
}
