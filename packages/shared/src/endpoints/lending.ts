/**
 * The lending desk's endpoints (decision 076): a library's members, the loans of its copies and
 * its loan period. Library only; members are personal data and in no public reply.
 */
import { endpointTable } from './endpoint.js';

export const lendingEndpoints = /* @__PURE__ */ endpointTable('lending', {
  /** A page of the library's members, found by name, phone or member number. */
  members: ['GET', '/library/members'],
  /** Adds a member (the library's next member number unless one is given). */
  addMember: ['POST', '/library/members'],
  /** One member. */
  member: ['GET', '/library/members/:id'],
  /** Changes a member's fields; `active: false` removes them from the lending list. */
  updateMember: ['PATCH', '/library/members/:id'],
  /** A page of loans: lent now, overdue, returned or all; of a member or of a copy. */
  loans: ['GET', '/library/loans'],
  /** The same loans as an Excel sheet. */
  loansXlsx: ['GET', '/library/loans/export.xlsx', 'file'],
  /** Lends a copy (by its code or id) to a member. */
  lend: ['POST', '/library/loans'],
  /** A copy comes back: its open loan ends and the copy is on the shelves again. */
  returnCopy: ['POST', '/library/loans/return'],
  /** Moves a loan's due date. */
  renew: ['POST', '/library/loans/:id/renew'],
  /** The library's loan period. */
  settings: ['GET', '/library/lending/settings'],
  /** Sets the library's loan period (days, or none). */
  saveSettings: ['PUT', '/library/lending/settings'],
});
