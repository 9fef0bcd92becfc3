import { useQuery } from '@tanstack/react-query';
import { MSG, accountEndpoints } from '@jsbn/shared/core';
import { call, withFallbackMessage } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/user/dashboard — on load and whenever the user changes (spec accounts §7). */
export function useDashboard(userKey: string | null) {
  return useQuery({
    queryKey: queryKeys.dashboard.of(userKey),
    queryFn: async ({ signal }) => {
      try {
        return (await call(accountEndpoints.dashboard, { signal })).data;
      } catch (error) {
        throw withFallbackMessage(error, MSG.analyticsFailed);
      }
    },
    enabled: Boolean(userKey),
    staleTime: 0,
  });
}

