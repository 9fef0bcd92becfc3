import { useState } from 'react';
import { Box, ButtonBase, Stack } from '@mui/material';
import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { SafeImage } from '../../../components/safe-image';

export interface GalleryImage {
  src: string;
  alt: string;
}

/** The cover and the extra images as thumbnails; each opens a full-screen zoomable gallery (spec books §2). */
export function BookGallery({ images }: { images: GalleryImage[] }) {
  const [index, setIndex] = useState(-1);
  const [first, ...rest] = images;
  if (!first) return <SafeImage src={null} alt="No cover" style={{ width: '100%', maxWidth: 260, borderRadius: 4 }} />;
  return (
    <Box>
      <ButtonBase onClick={() => setIndex(0)} aria-label={`Open gallery: ${first.alt}`} sx={{ borderRadius: 1, display: 'block', mx: 'auto', maxWidth: 260 }}>
        <SafeImage src={first.src} alt={first.alt} style={{ width: '100%', maxWidth: 260, borderRadius: 4, display: 'block' }} />
      </ButtonBase>
      {rest.length ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {rest.map((image, at) => (
            <ButtonBase key={image.src} onClick={() => setIndex(at + 1)} aria-label={`Open gallery: ${image.alt}`} sx={{ borderRadius: 1 }}>
              <SafeImage src={image.src} alt={image.alt} style={{ width: 56, height: 72, objectFit: 'cover', borderRadius: 4, display: 'block', border: '1px solid #ddd' }} />
            </ButtonBase>
          ))}
        </Stack>
      ) : null}
      <Lightbox
        open={index >= 0}
        index={Math.max(index, 0)}
        close={() => setIndex(-1)}
        slides={images.map((image) => ({ src: image.src, alt: image.alt }))}
        plugins={[Zoom]}
        zoom={{ maxZoomPixelRatio: 4, scrollToZoom: true }}
        carousel={{ finite: images.length <= 1 }}
        render={images.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      />
    </Box>
  );
}
