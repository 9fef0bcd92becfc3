/** What the back office's endpoints take and answer (decisions 041–044, 046). */
import { z } from 'zod';
import type { operatorEndpoints } from '../endpoints/operator.js';
import { idParam } from '../schemas/common.js';
import { bookHistory, historyPage, historyQuery } from '../schemas/history.js';
import {
  askPublisherRequest,
  claimQueue,
  moderationReason,
  operatorBook,
  operatorBookQuery,
  publisherMessageRequest,
  publisherThread,
  verificationQueue,
  verificationQueueQuery,
  withdrawBookRequest,
} from '../schemas/moderation.js';
import { operatorDashboard } from '../schemas/operator-dashboard.js';
import {
  bookReportsReply,
  duplicatePairsReply,
  failedDeliveriesReply,
  reportNoteRequest,
  reportWithdrawRequest,
  withdrawDuplicateRequest,
} from '../schemas/queues.js';
import { noData } from '../schemas/replies.js';
import { file, type ContractRows } from './contract.js';

/** Lifting a suspension may say why (`{ reason? }`); the record keeps it. */
export const liftSuspensionBody = z.object({ reason: z.string().max(500).optional() }).optional();
/** A failed job's id (pg-boss's UUID). */
const jobParams = z.object({ id: z.string().max(64) });

export const operatorContracts = {
  dashboard: { reply: operatorDashboard },
  bookHistory: { params: idParam, reply: bookHistory },
  history: { query: historyQuery, reply: historyPage },
  historyCsv: { query: historyQuery, file: file('The record of changes as CSV', 'text/csv; charset=utf-8') },
  book: { query: operatorBookQuery, reply: operatorBook },
  withdrawBook: { params: idParam, body: withdrawBookRequest, reply: noData },
  reinstateBook: { params: idParam, body: moderationReason, reply: noData },
  suspendPublisher: { params: idParam, body: moderationReason, reply: noData },
  unsuspendPublisher: { params: idParam, body: liftSuspensionBody, reply: noData },
  suspendLibrary: { params: idParam, body: moderationReason, reply: noData },
  unsuspendLibrary: { params: idParam, body: liftSuspensionBody, reply: noData },
  verificationQueue: { query: verificationQueueQuery, reply: verificationQueue },
  verifyPublisher: { params: idParam, reply: noData },
  askPublisher: { params: idParam, body: askPublisherRequest, reply: noData },
  rejectPublisher: { params: idParam, body: moderationReason, reply: noData },
  claims: { reply: claimQueue },
  approveClaim: { params: idParam, reply: noData },
  refuseClaim: { params: idParam, body: moderationReason, reply: noData },
  publisherThread: { reply: publisherThread },
  answerThread: { body: publisherMessageRequest, reply: publisherThread },
  duplicates: { reply: duplicatePairsReply },
  notDuplicate: { params: idParam, reply: noData },
  withdrawDuplicate: { params: idParam, body: withdrawDuplicateRequest, reply: noData },
  reports: { reply: bookReportsReply },
  correctReport: { params: idParam, body: reportNoteRequest, reply: noData },
  declineReport: { params: idParam, body: reportNoteRequest, reply: noData },
  withdrawReported: { params: idParam, body: reportWithdrawRequest, reply: noData },
  failures: { reply: failedDeliveriesReply },
  retryMessage: { params: idParam, reply: noData },
  retryJob: { params: jobParams, reply: noData },
} as const satisfies ContractRows<typeof operatorEndpoints>;
