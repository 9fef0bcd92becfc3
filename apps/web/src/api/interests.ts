/**
 * A library's interests and follows (decision 073): read by the interests page and by the
 * 'Follow' buttons of the publisher's books page and the book page, so they live here rather
 * than in a feature (decision 045). Every change answers the whole interests, which replace the
 * cached ones at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { interestEndpoints } from '@jsbn/shared/core';
import type { InterestsDto, InterestsInput } from '@jsbn/shared';
import { call } from './client';
import { queryKeys } from './query-keys';
import { useApiMutation, type EndpointHooks } from './mutations';

/** GET /api/library/interests — only asked for when `enabled` (a signed-in library). */
export const useInterests = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.interests.mine,
    queryFn: async ({ signal, client }) => (await call(interestEndpoints.mine, { signal, client })).data.interests,
    enabled,
  });

/** What a follow names: a publisher or an author, by id. */
export interface FollowTarget {
  kind: 'publisher' | 'author';
  id: number;
}

/** Replaces the cached interests with those a change answered. */
function useKeepInterests() {
  const queryClient = useQueryClient();
  return (interests: InterestsDto) => queryClient.setQueryData(queryKeys.interests.mine, interests);
}

/** PUT/DELETE /api/library/follows/{publisher|author}/:id — follows or stops following (`follow`). */
export function useFollow(hooks: EndpointHooks<typeof interestEndpoints.followPublisher, FollowTarget & { follow: boolean }> = {}) {
  const keep = useKeepInterests();
  return useApiMutation(
    ({ kind, id, follow }) =>
      kind === 'publisher'
        ? call(follow ? interestEndpoints.followPublisher : interestEndpoints.unfollowPublisher, { params: { publisherId: id } })
        : call(follow ? interestEndpoints.followAuthor : interestEndpoints.unfollowAuthor, { params: { authorId: id } }),
    {
      ...hooks,
      onSuccess: (reply, variables) => {
        keep(reply.data.interests);
        return hooks.onSuccess?.(reply, variables);
      },
    },
  );
}

/** PUT /api/library/interests — saves the languages, subjects, swaroops and frequency. */
export function useSaveInterests(hooks: EndpointHooks<typeof interestEndpoints.save, InterestsInput> = {}) {
  const keep = useKeepInterests();
  return useApiMutation((body) => call(interestEndpoints.save, { body }), {
    ...hooks,
    onSuccess: (reply, variables) => {
      keep(reply.data.interests);
      return hooks.onSuccess?.(reply, variables);
    },
  });
}

/** Whether `interests` follow `target`. */
export const follows = (interests: InterestsDto | undefined, target: FollowTarget) =>
  Boolean((target.kind === 'publisher' ? interests?.publishers : interests?.authors)?.some((item) => item.id === target.id));
