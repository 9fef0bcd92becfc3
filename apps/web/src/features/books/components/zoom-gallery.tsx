import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';

/** A picture of a book: the cover or an extra image, with its alternative text. */
export interface BookImage {
  src: string;
  alt: string;
}

/** The full-screen zoomable gallery of a book's images; `index` −1 is closed. */
export function ZoomGallery({ images, index, onClose }: { images: BookImage[]; index: number; onClose: () => void }) {
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={onClose}
      slides={images.map((image) => ({ src: image.src, alt: image.alt }))}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 4, scrollToZoom: true }}
      carousel={{ finite: images.length <= 1 }}
      render={images.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
    />
  );
}
