/** The order endpoints (docs/api.md): their methods and paths; the schemas are `contracts/orders.ts`. */
import { endpointTable } from './endpoint.js';

export const orderEndpoints = /* @__PURE__ */ endpointTable('orders', {
  /** The library's cart as one order per publisher (header Idempotency-Key). */
  create: ['POST', '/book/order-book'],
  /** The caller's orders, a page at a time. */
  list: ['GET', '/book/order-book'],
  /** The chosen orders as a spreadsheet. */
  exportXlsx: ['GET', '/book/order-book/export.xlsx', 'file'],
  /** The chosen orders' A5 address labels (publisher). */
  addressLabels: ['GET', '/book/order-book/addresses.pdf', 'file'],
  /** An order's letter (order summary) PDF. */
  letter: ['POST', '/publisher/generate-pdf', 'file'],
  /** An order's bill of supply (CGST rule 49), numbered on first request (decision 070). */
  billOfSupply: ['GET', '/book/order-book/:id/bill-of-supply.pdf', 'file'],
  /** One order with its history. */
  one: ['GET', '/book/order-book/:id'],
  /** Accept, partly accept, reject, cancel, receive. */
  setStatus: ['PATCH', '/book/order-book/:id'],
  /** The library's reminder of an order waiting on its publisher. */
  remind: ['POST', '/book/order-book/:id/reminder'],
  /** The library records its payment: UTR, day, amount (decision 070). */
  recordPayment: ['POST', '/book/order-book/:id/payment'],
  /** The publisher confirms a recorded payment or says it was not received (decision 070). */
  answerPayment: ['PATCH', '/book/order-book/:id/payment'],
  /** The publisher's dispatch with courier details and proof (multipart). */
  dispatch: ['POST', '/book/create-dispatch'],
});
