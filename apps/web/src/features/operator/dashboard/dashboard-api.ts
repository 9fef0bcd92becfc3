import { useQuery } from '@tanstack/react-query';
import { operatorEndpoints } from '@jsbn/shared/core';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** How often the dashboard asks again while open, ms: queues move as publishers and libraries act. */
const REFRESH_MS = 60_000;

/** GET /api/operator/dashboard: the five queues' counts and oldest ages (decision 041). */
export function useOperatorDashboard() {
  return useQuery({
    queryKey: queryKeys.operator.dashboard,
    queryFn: async ({ signal, client }) => (await call(operatorEndpoints.dashboard, { signal, client })).data,
    refetchInterval: REFRESH_MS,
  });
}
