import { useQuery } from '@tanstack/react-query';
import { MSG } from '@jsbn/shared/core';
import type { ContactMessage, GalleryImage } from '@jsbn/shared';
import { get, request, withFallbackMessage } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/media/images → the gallery pictures (files on the storage). */
export function useGalleryImages() {
  return useQuery({
    queryKey: queryKeys.gallery,
    queryFn: ({ signal }) => get<{ images: GalleryImage[] }>('/media/images', undefined, signal),
    select: (data) => data.images ?? [],
  });
}

/** POST /api/user/contact; a failure reads the server's message or the spec's fallback. */
export async function sendContactMessage(body: ContactMessage) {
  try {
    return await request<null>('/user/contact', { method: 'POST', body });
  } catch (error) {
    throw withFallbackMessage(error, MSG.contactFailed);
  }
}
