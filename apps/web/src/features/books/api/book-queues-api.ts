/**
 * The book side of the back office's queues (API: apps/api/src/modules/books/queue-routes.ts,
 * decision 044): the check for a book like the one being registered, a report about a book, and
 * a publisher's request to withdraw one of its own.
 */
import { publisherEndpoints } from '@jsbn/shared/core';
import type { BookReportRequest, DuplicateReason, PublisherClaimRequest, SimilarBooksReply } from '@jsbn/shared';
import { call, get, request } from '../../../api/client';
import { useApiMutation, type MutationHooks } from '../../../api/mutations';

/** GET /book/similar: the registered books closest to this title and these authors (any publisher), closest first. */
export const findSimilarBooks = (query: { title: string; e_title?: string; authors: string[] }) =>
  get<SimilarBooksReply>('/book/similar', { title: query.title, ...(query.e_title ? { e_title: query.e_title } : {}), author: query.authors.join('; ') });

/** POST /book/:jsbn/report (anyone). */
export const reportBook = (jsbn: string, body: BookReportRequest) => request<null>(`/book/${encodeURIComponent(jsbn)}/report`, { method: 'POST', body });

/** POST /book/:id/withdraw-request (the book's publisher). */
export const requestWithdrawal = (bookId: number, reason: string) => request<null>(`/book/${bookId}/withdraw-request`, { method: 'POST', body: { reason } });

/** POST /api/publisher/:id/claim (anyone) — a claim of an imported publisher's account, e-mailed to support. */
export const usePublisherClaim = (publisherId: number, hooks: MutationHooks<null, PublisherClaimRequest>) =>
  useApiMutation((body) => call(publisherEndpoints.claim, { params: { id: publisherId }, body }), hooks);

export type { DuplicateReason };
