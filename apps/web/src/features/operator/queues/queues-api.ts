/**
 * The operators' queues (API: apps/api/src/modules/operator/{duplicates,reports,messages}-routes.ts,
 * decision 044): each list with its query, and the answers, which refresh the list they change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorEndpoints } from '@jsbn/shared/core';
import type { ApiReply } from '@jsbn/shared';
import { call, toastSuccess } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const useDuplicatePairs = () =>
  useQuery({
    queryKey: queryKeys.operator.queue('duplicates'),
    queryFn: async ({ signal, client }) => (await call(operatorEndpoints.duplicates, { signal, client })).data,
  });
export const useBookReports = () =>
  useQuery({
    queryKey: queryKeys.operator.queue('reports'),
    queryFn: async ({ signal, client }) => (await call(operatorEndpoints.reports, { signal, client })).data,
  });
export const useFailedDeliveries = () =>
  useQuery({
    queryKey: queryKeys.operator.queue('messages'),
    queryFn: async ({ signal, client }) => (await call(operatorEndpoints.failures, { signal, client })).data,
  });

/** An operator's answer (`send`: a `call` of the queue's endpoint); on success the toast and the list `list` read again. */
export function useAnswer(list: 'duplicates' | 'reports' | 'messages') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: () => Promise<ApiReply<null>>) => send(),
    onSuccess: async (reply) => {
      toastSuccess(reply.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.operator.queue(list) });
    },
  });
}

/** The operators' answers in the queues, each a `call` for `useAnswer`'s `mutate`. */
export const answers = {
  notDuplicate: (pairId: number) => () => call(operatorEndpoints.notDuplicate, { params: { id: pairId } }),
  withdrawDuplicate: (pairId: number, bookId: number, reason: string) => () =>
    call(operatorEndpoints.withdrawDuplicate, { params: { id: pairId }, body: { book_id: bookId, reason } }),
  correctReport: (reportId: number, note: string) => () =>
    call(operatorEndpoints.correctReport, { params: { id: reportId }, body: { note } }),
  declineReport: (reportId: number, note: string) => () =>
    call(operatorEndpoints.declineReport, { params: { id: reportId }, body: { note } }),
  withdrawReported: (reportId: number, reason: string) => () =>
    call(operatorEndpoints.withdrawReported, { params: { id: reportId }, body: { reason } }),
  retryMessage: (messageId: number) => () => call(operatorEndpoints.retryMessage, { params: { id: messageId } }),
  retryJob: (jobId: string) => () => call(operatorEndpoints.retryJob, { params: { id: jobId } }),
};
