import { useQuery } from '@tanstack/react-query';
import { MSG, siteEndpoints } from '@jsbn/shared/core';
import type { ContactMessage } from '@jsbn/shared';
import { call, withFallbackMessage } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useApiMutation, type EndpointHooks } from '../../../api/mutations';

/** GET /api/media/images → the gallery pictures (files on the storage). */
export function useGalleryImages() {
  return useQuery({
    queryKey: queryKeys.gallery,
    queryFn: async ({ signal, client }) => (await call(siteEndpoints.gallery, { signal, client })).data,
    select: (data) => data.images ?? [],
  });
}

/** POST /api/user/contact; a failure reads the server's message or the spec's fallback. */
async function sendContactMessage(body: ContactMessage) {
  try {
    return await call(siteEndpoints.contact, { body });
  } catch (error) {
    throw withFallbackMessage(error, MSG.contactFailed);
  }
}

/** The contact form's sending (`sendContactMessage`). */
export const useContactMessage = (hooks: EndpointHooks<typeof siteEndpoints.contact, ContactMessage>) =>
  useApiMutation(sendContactMessage, hooks);
