/** The library endpoints (docs/api.md): registration, profile, the list, letterhead, details. */
import { endpointTable } from './endpoint.js';

export const libraryEndpoints = /* @__PURE__ */ endpointTable('libraries', {
  /** Registration (multipart: the fields and the `logo`). */
  register: ['POST', '/library'],
  /** The library's own profile (multipart: the fields and an optional `logo`). */
  updateProfile: ['PATCH', '/library'],
  /** The list of libraries. */
  list: ['GET', '/library'],
  /** The chosen libraries as a spreadsheet (publisher). */
  exportXlsx: ['GET', '/library/export.xlsx', 'file'],
  /** The chosen libraries' address labels (publisher). */
  addressLabels: ['GET', '/library/addresses.pdf', 'file'],
  /** The library's letterhead (its order letters' text). */
  letterhead: ['GET', '/library/logo-text'],
  saveLetterhead: ['POST', '/library/logo-text'],
  /** A new logo (multipart `logo`). */
  uploadLogo: ['POST', '/library/upload-logo'],
  /** The library info sheet (PDF). */
  infoSheet: ['GET', '/library/:id/info.pdf', 'file'],
  /** A library's details (with its private ones for itself). */
  one: ['GET', '/library/:id'],
});
