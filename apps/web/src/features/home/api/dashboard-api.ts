import { useQuery } from '@tanstack/react-query';
import type { DashboardData } from '@jsbn/shared';
import { get } from '../../../api/client';

/** GET /api/user/dashboard — on load and whenever the user changes (spec accounts §7). */
export function useDashboard(userKey: string | null) {
  return useQuery({
    queryKey: ['dashboard', userKey],
    queryFn: ({ signal }) => get<DashboardData>('/user/dashboard', undefined, signal),
    enabled: Boolean(userKey),
    staleTime: 0,
  });
}
