import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { libraryEndpoints } from '@jsbn/shared/core';
import { call, type QueryValue } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function useLibraryList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: queryKeys.libraries.list(query),
    queryFn: async ({ signal, client }) => (await call(libraryEndpoints.list, { query, signal, client })).data,
    placeholderData: keepPreviousData,
  });
}
