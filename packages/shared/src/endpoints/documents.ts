/** The printed forms and the library systems' files reached by a link (decisions 018, 034). */
import { endpointTable } from './endpoint.js';

export const documentEndpoints = /* @__PURE__ */ endpointTable('documents', {
  /** An offline form (book-form-gu, book-form-hi, book-form-en, publisher-registration) as docx or pdf. */
  offlineForm: ['GET', '/documents/forms/:form.:format', 'file'],
});

/**
 * The files library systems read beside their own protocols (the SRU and OAI-PMH routes of
 * `modules/interop` answer XML by their standards and are not in the table).
 */
export const interopEndpoints = /* @__PURE__ */ endpointTable('interop', {
  /** An order as a Koha order file (MARC21 with 975 $p price and $q copies). */
  kohaOrder: ['GET', '/book/order-book/:id/koha.mrc', 'file'],
});
