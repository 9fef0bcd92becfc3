import { useQuery } from '@tanstack/react-query';
import type { OperatorDashboard } from '@jsbn/shared';
import { get } from '../../../api/client';

/** How often the dashboard asks again while open, ms: queues move as publishers and libraries act. */
const REFRESH_MS = 60_000;

/** GET /api/operator/dashboard: the five queues' counts and oldest ages (decision 041). */
export function useOperatorDashboard() {
  return useQuery({
    queryKey: ['operator', 'dashboard'],
    queryFn: ({ signal }) => get<OperatorDashboard>('/operator/dashboard', undefined, signal),
    refetchInterval: REFRESH_MS,
  });
}
