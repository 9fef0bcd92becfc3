/**
 * The operators' moderation calls (decision 043): the verification queue and its actions, the
 * claims queue, suspensions, and a book's withdrawal. Mutations refresh the lists they change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimItem, OperatorBook, VerificationItem, VerificationState } from '@jsbn/shared';
import { get, request } from '../../../../api/client';

const queueKey = (state: VerificationState) => ['operator', 'publishers', state] as const;
const claimsKey = ['operator', 'claims'] as const;
const bookKey = (jsbn: string) => ['operator', 'book', jsbn] as const;

/** GET /api/operator/publishers?verification= — oldest first, with each publisher's thread. */
export const useVerificationQueue = (state: VerificationState) =>
  useQuery({ queryKey: queueKey(state), queryFn: ({ signal }) => get<{ publishers: VerificationItem[] }>('/operator/publishers', { verification: state }, signal), staleTime: 0 });

/** GET /api/operator/claims — pending first, with the claimant's evidence. */
export const useClaimQueue = () => useQuery({ queryKey: claimsKey, queryFn: ({ signal }) => get<{ claims: ClaimItem[] }>('/operator/claims', undefined, signal), staleTime: 0 });

/** GET /api/operator/books?jsbn= — a book, withdrawn or not (no toast: the page says 'not found'). */
export const useOperatorBook = (jsbn: string) =>
  useQuery({ queryKey: bookKey(jsbn), queryFn: ({ signal }) => get<OperatorBook>('/operator/books', { jsbn }, signal), enabled: Boolean(jsbn), staleTime: 0, retry: false, meta: { silent: true } });

/** One POST of the moderation API with its body; the message is the server's. */
const post = (path: string, body?: object) => request<null>(path, { method: 'POST', ...(body ? { body } : {}) });

/** The moderation actions, each refreshing the operator's lists when done. */
export function useModerationAction<T>(action: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });
}

export const moderation = {
  verify: (publisherId: number) => post(`/operator/publishers/${publisherId}/verify`),
  ask: (publisherId: number, question: string) => post(`/operator/publishers/${publisherId}/ask`, { question }),
  reject: (publisherId: number, reason: string) => post(`/operator/publishers/${publisherId}/reject`, { reason }),
  suspend: (kind: 'publishers' | 'libraries', id: number, reason: string) => post(`/operator/${kind}/${id}/suspend`, { reason }),
  lift: (kind: 'publishers' | 'libraries', id: number, reason: string) => post(`/operator/${kind}/${id}/unsuspend`, { reason }),
  withdraw: (bookId: number, reason: string, duplicateOfJsbn: string) => post(`/operator/books/${bookId}/withdraw`, { reason, ...(duplicateOfJsbn.trim() ? { duplicate_of_jsbn: duplicateOfJsbn.trim() } : {}) }),
  reinstate: (bookId: number, reason: string) => post(`/operator/books/${bookId}/reinstate`, { reason }),
  approveClaim: (claimId: number) => post(`/operator/claims/${claimId}/approve`),
  refuseClaim: (claimId: number, reason: string) => post(`/operator/claims/${claimId}/refuse`, { reason }),
};
