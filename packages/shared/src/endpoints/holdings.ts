/**
 * The holdings endpoints (decision 071): a library's copies — add, change, take off the shelves,
 * find, look up a scanned code — and the undoing of an order's shelving. Library only.
 */
import { endpointTable } from './endpoint.js';

export const holdingEndpoints = /* @__PURE__ */ endpointTable('holdings', {
  /** A page of the library's copies, found by title, author, JSBN or accession number. */
  list: ['GET', '/library/holdings'],
  /** Adds a copy: of a registered book by its JSBN, or of a book described by hand. */
  add: ['POST', '/library/holdings'],
  /** The library's copies as an Excel sheet (filtered as the list), one row per copy. */
  exportXlsx: ['GET', '/library/holdings/export.xlsx', 'file'],
  /** The library's copies as MARC21 (ISO 2709): a record per book, each copy in 852 (and Koha's 952 when asked). */
  exportMrc: ['GET', '/library/holdings/export.mrc', 'file'],
  /** Whether readers see the library's holdings, and its opening hours and place (decision 077). */
  settings: ['GET', '/library/holdings/settings'],
  saveSettings: ['PUT', '/library/holdings/settings'],
  /** A library's page for readers: the books it holds — when it shows them, else 404. Public. */
  ofLibrary: ['GET', '/library/:id/holdings'],
  /** The accession number the next copy gets. */
  nextAccession: ['GET', '/library/holdings/next-accession'],
  /** What a scanned or typed code is: a book and the library's copies of it, or one copy. */
  lookup: ['GET', '/library/holdings/lookup'],
  /** One copy. */
  one: ['GET', '/library/holdings/:id'],
  /** Changes a copy's accession number, place, condition, note or date. */
  update: ['PATCH', '/library/holdings/:id'],
  /** Puts a copy back on the shelves, or records it missing or withdrawn, with a reason. */
  setState: ['PATCH', '/library/holdings/:id/state'],
  /** What a received order put on the shelves: its copies' accession numbers, how many are still there, how many were undone. */
  orderShelving: ['GET', '/library/holdings/order/:orderId'],
  /** Takes the copies a received order shelved off the shelves again (withdrawn, with the reason). */
  unshelveOrder: ['POST', '/library/holdings/order/:orderId/unshelve'],
});
