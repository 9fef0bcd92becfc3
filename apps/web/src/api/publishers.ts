/** The publishers' list (GET /api/publisher), which the directory and the ordering pages both show. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { publisherEndpoints } from '@jsbn/shared/core';
import { call, type QueryValue } from './client';
import { queryKeys } from './query-keys';

/** GET /api/publisher?… → `{ publishers, total }`, the last page kept while the next loads. */
export function usePublisherList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: queryKeys.publishers.list(query),
    queryFn: async ({ signal, client }) => (await call(publisherEndpoints.list, { query, signal, client })).data,
    placeholderData: keepPreviousData,
  });
}
