import { useTranslation } from 'react-i18next';
import { Suspense, useState } from 'react';
import { Box, ButtonBase, Stack } from '@mui/material';
import { SafeImage } from '../../../components/safe-image';
import { lazyNamed, useOnceTrue } from '../../../components/lazy';
import type { BookImage } from './zoom-gallery';

// The zoomable gallery loads when a visitor first opens an image (a light QR page).
const ZoomGallery = lazyNamed(() => import('./zoom-gallery'), 'ZoomGallery');

/** The cover and the extra images as thumbnails; each opens a full-screen zoomable gallery. */
export function BookGallery({ images }: { images: BookImage[] }) {
  const { t } = useTranslation('books');
  const [index, setIndex] = useState(-1);
  const wanted = useOnceTrue(index >= 0);
  const [first, ...rest] = images;
  if (!first) return <SafeImage src={null} alt={t('gallery.noCover')} style={{ width: '100%', maxWidth: 260, borderRadius: 4 }} />;
  return (
    <Box>
      <ButtonBase
        onClick={() => setIndex(0)}
        aria-label={t('gallery.open', { image: first.alt })}
        sx={{ borderRadius: 1, display: 'block', mx: 'auto', maxWidth: 260 }}
      >
        {/* the page's largest image: fetched first (Largest Contentful Paint) */}
        <SafeImage
          src={first.src}
          alt={first.alt}
          fetchPriority="high"
          style={{ width: '100%', maxWidth: 260, borderRadius: 4, display: 'block' }}
        />
      </ButtonBase>
      {rest.length ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {rest.map((image, at) => (
            <ButtonBase
              key={image.src}
              onClick={() => setIndex(at + 1)}
              aria-label={t('gallery.open', { image: image.alt })}
              sx={{ borderRadius: 1 }}
            >
              <SafeImage
                src={image.src}
                alt={image.alt}
                style={{ width: 56, height: 72, objectFit: 'cover', borderRadius: 4, display: 'block', border: '1px solid #ddd' }}
              />
            </ButtonBase>
          ))}
        </Stack>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <ZoomGallery images={images} index={index} onClose={() => setIndex(-1)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
