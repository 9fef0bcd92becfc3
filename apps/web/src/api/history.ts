/** The record of changes from the API (decision 042): a book's history, the operators' list and its CSV. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { operatorEndpoints } from '@jsbn/shared/core';
import type { HistoryQuery } from '@jsbn/shared';
import { call } from './client';
import { queryKeys } from './query-keys';
import { saveFile } from '../components/download';

/** GET /api/book/:id/history — the publisher's own book, newest first. */
export function useBookHistory(bookId: number) {
  return useQuery({
    queryKey: queryKeys.books.history(bookId),
    queryFn: async ({ signal, client }) => (await call(operatorEndpoints.bookHistory, { params: { id: bookId }, signal, client })).data,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** The operators' filters as the page keeps them (empty fields left out of the query). */
export type HistoryFilters = Partial<Record<Exclude<keyof HistoryQuery, 'cursor' | 'limit'>, string>>;

const queryOf = (filters: HistoryFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value.trim() !== ''));

/** GET /api/operator/history, 50 entries a page, the next page asked with the last page's `nextCursor`. */
export function useOperatorHistory(filters: HistoryFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.operator.history(filters),
    queryFn: async ({ signal, client, pageParam }) =>
      (
        await call(operatorEndpoints.history, {
          query: { ...queryOf(filters), ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
          client,
        })
      ).data,
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** Saves GET /api/operator/history.csv with the same filters (through the API client: the operator's token). */
export const downloadHistoryCsv = async (filters: HistoryFilters) =>
  saveFile(await call(operatorEndpoints.historyCsv, { query: queryOf(filters) }), 'jsbn-history.csv');
