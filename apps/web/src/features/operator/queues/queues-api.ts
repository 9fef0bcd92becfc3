/**
 * The operators' queues (API: apps/api/src/modules/operator/{duplicates,reports,messages}-routes.ts,
 * decision 044): each list with its query, and the answers, which refresh the list they change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookReportsReply, DuplicatePairsReply, FailedDeliveriesReply } from '@jsbn/shared';
import { get, request, toastSuccess } from '../../../api/client';

export const useDuplicatePairs = () => useQuery({ queryKey: ['operator', 'duplicates'], queryFn: ({ signal }) => get<DuplicatePairsReply>('/operator/duplicates', undefined, signal) });
export const useBookReports = () => useQuery({ queryKey: ['operator', 'reports'], queryFn: ({ signal }) => get<BookReportsReply>('/operator/reports', undefined, signal) });
export const useFailedDeliveries = () => useQuery({ queryKey: ['operator', 'messages'], queryFn: ({ signal }) => get<FailedDeliveriesReply>('/operator/messages', undefined, signal) });

/** A POST of an operator's answer to `path`; on success the toast and the list `list` read again. */
export function useAnswer(list: 'duplicates' | 'reports' | 'messages') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: Record<string, unknown> }) => request<null>(path, { method: 'POST', ...(body ? { body } : {}) }),
    onSuccess: async (reply) => {
      toastSuccess(reply.message);
      await queryClient.invalidateQueries({ queryKey: ['operator', list] });
    },
  });
}
