/**
 * A book's QR code as the page shows it (`qrDataUrl`): drawn from segments planned once per shape
 * of URL (decision 060), it is the image `qrcode` draws from the URL itself, for every shape.
 */
import QRCode from 'qrcode';
import { QR_SIZE_PX } from '@jsbn/shared';
import { describe, expect, it } from 'vitest';
import { bookPageUrl, qrDataUrl } from './qr.js';

/** The data URL `qrcode` makes of `url` itself, with the page's options. */
async function drawnWhole(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { width: QR_SIZE_PX, margin: 2, errorCorrectionLevel: 'M', type: 'svg' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

describe('qrDataUrl', () => {
  const origins = [
    'https://jsbn.org',
    'http://127.0.0.1:39110',
    'HTTPS://JSBN.ORG',
    'https://jsbn.example.in/a-long-path/with/123456/digits',
  ];
  const jsbns = ['AHMJS000017', 'AHMJS00001Z', 'AB12C99999X', 'ZZZZZ00000Y', 'SJSPT12345K'];

  it.each(origins.flatMap((origin) => jsbns.map((jsbn) => [origin, jsbn])))('draws %s %s as qrcode does', async (origin, jsbn) => {
    const url = bookPageUrl(origin, jsbn);
    expect(await qrDataUrl(origin, jsbn)).toBe(await drawnWhole(url));
    // the second book of the same shape is drawn from the plan the first made
    expect(await qrDataUrl(origin, jsbn.replace(/\d/g, '7'))).toBe(await drawnWhole(bookPageUrl(origin, jsbn.replace(/\d/g, '7'))));
  });

  it('draws a URL with characters beyond ASCII as qrcode does', async () => {
    const origin = 'https://જૈન.example';
    expect(await qrDataUrl(origin, 'AHMJS000017')).toBe(await drawnWhole(bookPageUrl(origin, 'AHMJS000017')));
  });
});
