/** The publisher endpoints (docs/api.md): registration, profile, the list, details, claims. */
import { endpointTable } from './endpoint.js';

export const publisherEndpoints = /* @__PURE__ */ endpointTable('publishers', {
  /** Registration (multipart: the fields and the `logo`). */
  register: ['POST', '/publisher'],
  /** The publisher's own profile (multipart: the fields and an optional `logo`). */
  updateProfile: ['PATCH', '/publisher'],
  /** The publisher-wise list. */
  list: ['GET', '/publisher'],
  /** The chosen publishers as a spreadsheet. */
  exportXlsx: ['GET', '/publisher/export.xlsx', 'file'],
  /** A publisher's details (with its private ones for itself). */
  one: ['GET', '/publisher/:id'],
  /** Someone's claim of an imported publisher's account, e-mailed to support. */
  claim: ['POST', '/publisher/:id/claim'],
});
