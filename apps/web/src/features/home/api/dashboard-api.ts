import { useQuery } from '@tanstack/react-query';
import { MSG, accountEndpoints, operatorEndpoints } from '@jsbn/shared/core';
import { call, withFallbackMessage } from '../../../api/client';
import { useApiMutation, type EndpointHooks } from '../../../api/mutations';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/user/dashboard — on load and whenever the user changes (docs/api.md). */
export function useDashboard(userKey: string | null) {
  return useQuery({
    queryKey: queryKeys.dashboard.of(userKey),
    queryFn: async ({ signal, client }) => {
      try {
        return (await call(accountEndpoints.dashboard, { signal, client })).data;
      } catch (error) {
        throw withFallbackMessage(error, MSG.analyticsFailed);
      }
    },
    enabled: Boolean(userKey),
    staleTime: 0,
  });
}

/** The publisher's verification thread's query key. */
export const threadKey = ['publisher', 'messages'] as const;

/** GET /api/publisher/messages — the signed-in publisher's verification thread (decision 043). */
export const usePublisherThread = () =>
  useQuery({
    queryKey: threadKey,
    queryFn: async ({ signal, client }) => (await call(operatorEndpoints.publisherThread, { signal, client })).data,
    staleTime: 0,
  });

/** POST /api/publisher/messages `{ body }` → the thread with the answer; its failure is the screen's to show (no toast). */
export const useThreadAnswer = (hooks: EndpointHooks<typeof operatorEndpoints.answerThread, string>) =>
  useApiMutation((body: string) => call(operatorEndpoints.answerThread, { body: { body } }), { ...hooks, silent: true });
