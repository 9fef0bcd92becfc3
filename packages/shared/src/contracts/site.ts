/** What the site's endpoints take and answer (decision 046). */
import { z } from 'zod';
import type { siteEndpoints } from '../endpoints/site.js';
import { contactMessage } from '../schemas/accounts.js';
import { galleryImage, noData, siteInfo } from '../schemas/replies.js';
import type { ContractRows } from './contract.js';

/** The gallery: `{ images: [{ name, url }] }`. */
export const galleryReply = z.object({ images: z.array(galleryImage) });

export const siteContracts = {
  info: { reply: siteInfo },
  gallery: { reply: galleryReply },
  contact: { body: contactMessage, reply: noData },
} as const satisfies ContractRows<typeof siteEndpoints>;
