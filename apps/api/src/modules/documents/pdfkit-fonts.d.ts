/**
 * pdfkit 0.20 registers a font fontkit has already parsed as well as a font file's bytes
 * (`PDFFontFactory.open` takes any object with a `layout` method); @types/pdfkit names only
 * the bytes. `createPdf` registers the fonts parsed once per process (decision 061).
 */
import type { Font } from 'fontkit';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      registerFont(name: string, src: Font): this;
    }
  }
}
