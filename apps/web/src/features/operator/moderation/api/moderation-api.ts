/**
 * The operators' moderation calls (decision 043): the verification queue and its actions, the
 * claims queue, suspensions, and a book's withdrawal. Mutations refresh the lists they change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorEndpoints } from '@jsbn/shared/core';
import type { VerificationState } from '@jsbn/shared';
import { call } from '../../../../api/client';
import { queryKeys } from '../../../../api/query-keys';

/** GET /api/operator/publishers?verification= — oldest first, with each publisher's thread. */
export const useVerificationQueue = (state: VerificationState) =>
  useQuery({
    queryKey: queryKeys.operator.verification(state),
    queryFn: async ({ signal, client }) =>
      (await call(operatorEndpoints.verificationQueue, { query: { verification: state }, signal, client })).data,
    staleTime: 0,
  });

/** GET /api/operator/claims — pending first, with the claimant's evidence. */
export const useClaimQueue = () =>
  useQuery({
    queryKey: queryKeys.operator.claims,
    queryFn: async ({ signal, client }) => (await call(operatorEndpoints.claims, { signal, client })).data,
    staleTime: 0,
  });

/** GET /api/operator/books?jsbn= — a book, withdrawn or not (no toast: the page says 'not found'). */
export const useOperatorBook = (jsbn: string) =>
  useQuery({
    queryKey: queryKeys.operator.book(jsbn),
    queryFn: async ({ signal, client }) => (await call(operatorEndpoints.book, { query: { jsbn }, signal, client })).data,
    enabled: Boolean(jsbn),
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });

/** The moderation actions, each refreshing the operator's lists when done. */
export function useModerationAction<T>(action: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.operator.all }),
  });
}

/** The moderation actions; each answers the server's message. */
export const moderation = {
  verify: (publisherId: number) => call(operatorEndpoints.verifyPublisher, { params: { id: publisherId } }),
  ask: (publisherId: number, question: string) => call(operatorEndpoints.askPublisher, { params: { id: publisherId }, body: { question } }),
  reject: (publisherId: number, reason: string) =>
    call(operatorEndpoints.rejectPublisher, { params: { id: publisherId }, body: { reason } }),
  suspend: (kind: 'publishers' | 'libraries', id: number, reason: string) =>
    call(kind === 'publishers' ? operatorEndpoints.suspendPublisher : operatorEndpoints.suspendLibrary, {
      params: { id },
      body: { reason },
    }),
  lift: (kind: 'publishers' | 'libraries', id: number, reason: string) =>
    call(kind === 'publishers' ? operatorEndpoints.unsuspendPublisher : operatorEndpoints.unsuspendLibrary, {
      params: { id },
      body: { reason },
    }),
  withdraw: (bookId: number, reason: string, duplicateOfJsbn: string) =>
    call(operatorEndpoints.withdrawBook, {
      params: { id: bookId },
      body: { reason, ...(duplicateOfJsbn.trim() ? { duplicate_of_jsbn: duplicateOfJsbn.trim() } : {}) },
    }),
  reinstate: (bookId: number, reason: string) => call(operatorEndpoints.reinstateBook, { params: { id: bookId }, body: { reason } }),
  approveClaim: (claimId: number) => call(operatorEndpoints.approveClaim, { params: { id: claimId } }),
  refuseClaim: (claimId: number, reason: string) => call(operatorEndpoints.refuseClaim, { params: { id: claimId }, body: { reason } }),
};
