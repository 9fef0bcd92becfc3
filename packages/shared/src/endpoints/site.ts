/** The site's own endpoints: support contacts and videos, the gallery, the contact form. */
import { endpointTable } from './endpoint.js';

export const siteEndpoints = /* @__PURE__ */ endpointTable('site', {
  /** Support e-mail and WhatsApp, the how-to videos. */
  info: ['GET', '/site'],
  /** The gallery's images by file name. */
  gallery: ['GET', '/media/images'],
  /** The contact form, sent to support. */
  contact: ['POST', '/user/contact'],
});
