import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LibraryListItem, PublisherInfo, PublisherListItem } from '@jsbn/shared';
import { get, type QueryValue } from '../../../api/client';

/** GET /api/library/:id → data.library (the list item plus WhatsApp and letter text). */
export interface LibraryDetails extends LibraryListItem {
  whatsapp_no?: string | null;
  letterText?: string | null;
}

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

export function usePublisher(id: number | null) {
  return useQuery({
    queryKey: ['publishers', 'one', id],
    queryFn: ({ signal }) => get<{ publisher: PublisherInfo }>(`/publisher/${id}`, undefined, signal),
    select: (data) => data.publisher,
    enabled: Boolean(id),
  });
}

export function useLibrary(id: number | null) {
  return useQuery({
    queryKey: ['libraries', 'one', id],
    queryFn: ({ signal }) => get<{ library: LibraryDetails }>(`/library/${id}`, undefined, signal),
    select: (data) => data.library,
    enabled: Boolean(id),
  });
}
