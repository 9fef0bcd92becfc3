/**
 * QR codes of books (DESIGN §5): the absolute URL of the public page
 * `PUBLIC_URL/jsbn/PPPPP-NNNNN-C`, as a 200×200 PNG data URL for the page and a JPEG for download.
 */
import QRCode from 'qrcode';
import sharp from 'sharp';
import { QR_SIZE_PX, formatJsbn } from '@jsbn/shared';

const OPTIONS = { width: QR_SIZE_PX, margin: 2, errorCorrectionLevel: 'M' } as const;

/** The URL a book's QR code holds. */
export const bookPageUrl = (publicUrl: string, jsbn: string) => `${publicUrl}/jsbn/${formatJsbn(jsbn)}`;

/** `data:image/png;base64,…` of the QR code (200×200 px). */
export const qrDataUrl = (publicUrl: string, jsbn: string) => QRCode.toDataURL(bookPageUrl(publicUrl, jsbn), OPTIONS);

/** JPEG bytes of the QR code (200×200 px, white background). */
export async function qrJpeg(publicUrl: string, jsbn: string): Promise<Buffer> {
  const png = await QRCode.toBuffer(bookPageUrl(publicUrl, jsbn), { ...OPTIONS, type: 'png' });
  return sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
}
