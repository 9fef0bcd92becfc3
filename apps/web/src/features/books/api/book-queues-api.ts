/**
 * The book side of the back office's queues (API: apps/api/src/modules/books/queue-routes.ts,
 * decision 044): the check for a book like the one being registered, a report about a book, and
 * a publisher's request to withdraw one of its own.
 */
import { bookEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import type { BookReportRequest, DuplicateReason, PublisherClaimRequest } from '@jsbn/shared';
import { call } from '../../../api/client';
import { useApiMutation, type EndpointHooks } from '../../../api/mutations';

/** GET /book/similar: the registered books closest to this title and these authors (any publisher), closest first. */
export const findSimilarBooks = async (query: { title: string; e_title?: string; authors: string[] }) =>
  (
    await call(bookEndpoints.similar, {
      query: { title: query.title, ...(query.e_title ? { e_title: query.e_title } : {}), author: query.authors.join('; ') },
    })
  ).data;

/** POST /book/:jsbn/report (anyone). */
export const useBookReport = (jsbn: string, hooks: EndpointHooks<typeof bookEndpoints.report, BookReportRequest>) =>
  useApiMutation((body) => call(bookEndpoints.report, { params: { id: jsbn }, body }), hooks);

/** POST /book/:id/withdraw-request `{ reason }` (the book's publisher). */
export const useWithdrawalRequest = (hooks: EndpointHooks<typeof bookEndpoints.withdrawRequest, { bookId: number; reason: string }>) =>
  useApiMutation(({ bookId, reason }) => call(bookEndpoints.withdrawRequest, { params: { id: bookId }, body: { reason } }), hooks);

/** POST /api/publisher/:id/claim (anyone) — a claim of an imported publisher's account, e-mailed to support. */
export const usePublisherClaim = (publisherId: number, hooks: EndpointHooks<typeof publisherEndpoints.claim, PublisherClaimRequest>) =>
  useApiMutation((body) => call(publisherEndpoints.claim, { params: { id: publisherId }, body }), hooks);

export type { DuplicateReason };
