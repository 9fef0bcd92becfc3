/**
 * Public site settings and media — docs/api.md: GET /site (support contacts and the
 * how-to videos from configuration) and GET /media/images (the gallery: image files stored
 * under `public/gallery/` in the file storage, added with `npm run gallery:add`, which decodes
 * and re-encodes each like every stored image; removed by deleting the file).
 */
import type { FastifyInstance } from 'fastify';
import { siteEndpoints, unreadableImageMessage, type SiteInfo } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { reencodeImage } from '../../lib/images.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { EXTENSION, detectType } from '../../lib/storage.js';

export const GALLERY_FOLDER = 'public/gallery';

/**
 * Adds an image to the gallery as `public/gallery/<name>` (the name lower-cased, spaces and
 * other signs made dashes; its caption on the page comes from it), decoded and encoded again.
 * @param fileName the picture's file name, e.g. `02 Gyan Bhandar.jpg`
 * @returns the storage key
 * @throws AppError 415 when the bytes are not a JPEG or PNG, or do not decode
 */
export async function addGalleryImage(ctx: AppContext, fileName: string, bytes: Buffer): Promise<string> {
  const type = detectType(bytes.subarray(0, 8));
  if (type !== 'image/jpeg' && type !== 'image/png') throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${fileName} is not a JPEG or PNG image`);
  const clean = await reencodeImage(bytes, type).catch(() => {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', unreadableImageMessage(fileName));
  });
  const stem =
    fileName
      .replace(/\.[^.]*$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image';
  const key = `${GALLERY_FOLDER}/${stem}.${EXTENSION[type]}`;
  await ctx.storage.putBuffer(clean, key);
  return key;
}

export function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /api/site → SiteInfo */
  route(app, siteEndpoints.info, async () => {
    const { config } = ctx;
    const site: SiteInfo = {
      supportEmail: config.SUPPORT_EMAIL,
      supportWhatsapp: config.SUPPORT_PHONE,
      videos: [
        { key: 'get-jsbn', title: 'How to get a JSBN for your book', url: config.HOWTO_VIDEO_GET_JSBN ?? null },
        { key: 'order-book', title: 'How a library orders a book', url: config.HOWTO_VIDEO_ORDER_BOOK ?? null },
        { key: 'jsbn-more', title: 'Printing the QR code on the back cover', url: config.HOWTO_VIDEO_JSBN_MORE ?? null },
      ],
    };
    return ok(site);
  });

  /** GET /api/media/images → `{ images: [{ name, url }] }`, by file name. */
  route(app, siteEndpoints.gallery, async () => {
    const keys = (await ctx.storage.list(GALLERY_FOLDER)).filter((key) => /\.(jpe?g|png)$/i.test(key));
    return ok({ images: keys.map((key) => ({ name: key.slice(GALLERY_FOLDER.length + 1), url: ctx.storage.url(key)! })) });
  });
}
