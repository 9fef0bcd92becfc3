import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LibraryListItem } from '@jsbn/shared';
import { get, type QueryValue } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function useLibraryList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: queryKeys.libraries.list(query),
    queryFn: ({ signal }) => get<{ libraries: LibraryListItem[]; total: number }>('/library', query, signal),
    placeholderData: keepPreviousData,
  });
}
