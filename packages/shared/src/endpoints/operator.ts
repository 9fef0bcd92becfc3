/**
 * The back office's endpoints (decisions 041–044), each behind `requireOperator` but the
 * publisher's side of a verification thread and a book's record: the dashboard, the record,
 * moderation, claims, possible duplicates, reports and undelivered messages.
 */
import { endpointTable } from './endpoint.js';

export const operatorEndpoints = /* @__PURE__ */ endpointTable('operator', {
  /** The five queues' counts. */
  dashboard: ['GET', '/operator/dashboard'],
  /** A book's record of changes, for its publisher only (operators read it in `history`, by subjectType book). */
  bookHistory: ['GET', '/book/:id/history'],
  /** The record, a page at a time. */
  history: ['GET', '/operator/history'],
  historyCsv: ['GET', '/operator/history.csv', 'file'],
  /** A book by its JSBN as the back office sees it. */
  book: ['GET', '/operator/books'],
  withdrawBook: ['POST', '/operator/books/:id/withdraw'],
  reinstateBook: ['POST', '/operator/books/:id/reinstate'],
  suspendPublisher: ['POST', '/operator/publishers/:id/suspend'],
  unsuspendPublisher: ['POST', '/operator/publishers/:id/unsuspend'],
  suspendLibrary: ['POST', '/operator/libraries/:id/suspend'],
  unsuspendLibrary: ['POST', '/operator/libraries/:id/unsuspend'],
  /** The publishers in one verification state. */
  verificationQueue: ['GET', '/operator/publishers'],
  verifyPublisher: ['POST', '/operator/publishers/:id/verify'],
  askPublisher: ['POST', '/operator/publishers/:id/ask'],
  rejectPublisher: ['POST', '/operator/publishers/:id/reject'],
  claims: ['GET', '/operator/claims'],
  approveClaim: ['POST', '/operator/claims/:id/approve'],
  refuseClaim: ['POST', '/operator/claims/:id/refuse'],
  /** The signed-in publisher's verification thread. */
  publisherThread: ['GET', '/publisher/messages'],
  /** The publisher's answer in its thread. */
  answerThread: ['POST', '/publisher/messages'],
  duplicates: ['GET', '/operator/duplicates'],
  notDuplicate: ['POST', '/operator/duplicates/:id/not-duplicate'],
  withdrawDuplicate: ['POST', '/operator/duplicates/:id/withdraw'],
  reports: ['GET', '/operator/reports'],
  correctReport: ['POST', '/operator/reports/:id/correct'],
  declineReport: ['POST', '/operator/reports/:id/decline'],
  withdrawReported: ['POST', '/operator/reports/:id/withdraw'],
  /** Undelivered messages and failed jobs. */
  failures: ['GET', '/operator/messages'],
  retryMessage: ['POST', '/operator/messages/:id/retry'],
  retryJob: ['POST', '/operator/jobs/:id/retry'],
});
