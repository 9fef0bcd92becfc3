/**
 * Public site settings and media — spec accounts §1, §7: GET /site (support contacts and the
 * how-to videos from configuration) and GET /media/images (the gallery: image files stored
 * under `public/gallery/` in the file storage, managed by adding or removing files there).
 */
import type { FastifyInstance } from 'fastify';
import type { SiteInfo } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';

export const GALLERY_FOLDER = 'public/gallery';

export function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /api/site → SiteInfo */
  app.get('/site', async () => {
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
  app.get('/media/images', async () => {
    const keys = (await ctx.storage.list(GALLERY_FOLDER)).filter((key) => /\.(jpe?g|png)$/i.test(key));
    return ok({ images: keys.map((key) => ({ name: key.slice(GALLERY_FOLDER.length + 1), url: ctx.storage.url(key)! })) });
  });
}
