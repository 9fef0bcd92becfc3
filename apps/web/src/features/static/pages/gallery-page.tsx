import { useTranslation } from 'react-i18next';
import { Box, Paper, Typography } from '@mui/material';
import { LoadingState, PageHeader } from '../../../components/page';
import { SafeImage } from '../../../components/safe-image';
import { useGalleryImages } from '../api/static-api';

/** Turns `gyan-bhandar_2024.jpg` into `gyan bhandar 2024`, the picture's caption and text alternative. */
const caption = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();

/** /gallery — the pictures of GET /api/media/images in a responsive grid. */
export function GalleryPage() {
  const { t } = useTranslation('static');
  const images = useGalleryImages();
  return (
    <Box>
      <PageHeader title={t('gallery.title')} />
      {images.isLoading ? (
        <LoadingState />
      ) : !images.data?.length ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="gallery-empty">
          <Typography>{t('gallery.empty')}</Typography>
        </Paper>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
          }}
          data-testid="gallery-grid"
        >
          {images.data.map((image) => (
            <Box component="li" key={image.name}>
              <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
                <SafeImage
                  src={image.url}
                  alt={caption(image.name)}
                  loading="lazy"
                  style={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
                />
              </Paper>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
