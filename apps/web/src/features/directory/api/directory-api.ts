import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LibraryListItem, PublisherListItem } from '@jsbn/shared';
import { get, type QueryValue } from '../../../api/client';

export function usePublisherList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['publishers', 'list', query],
    queryFn: ({ signal }) => get<{ publishers: PublisherListItem[]; total: number }>('/publisher', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLibraryList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['libraries', 'list', query],
    queryFn: ({ signal }) => get<{ libraries: LibraryListItem[]; total: number }>('/library', query, signal),
    placeholderData: keepPreviousData,
  });
}
