/**
 * The features' mutation hooks (`useOrderStatusChange({ onSuccess })` in a feature's `api/`): the
 * hook calls the API and reads again the queries the change touches; the screen adds what the
 * person sees (a toast, a dialog closed) through `MutationHooks`.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Endpoint } from '@jsbn/shared/core';
import type { ApiReply, ContractOf, ReplyData } from '@jsbn/shared';

/** What a screen adds to a mutation hook. */
export interface MutationHooks<Data, Variables = void> {
  /** After the call succeeded, before the queries it touched are read again (awaited when it returns a promise). */
  onSuccess?: (reply: ApiReply<Data>, variables: Variables) => unknown;
  onError?: (error: Error, variables: Variables) => unknown;
  /** The screen shows a failure itself: no toast (the query client's `meta.silent`). */
  silent?: boolean;
}

/**
 * The hooks of a mutation calling endpoint `E` of the endpoint table: the reply's `data` as the
 * endpoint's contract types it (decision 046), not restated by hand; `Variables` as the hook takes them.
 */
export type EndpointHooks<E extends Endpoint, Variables = void> = MutationHooks<ReplyData<ContractOf<E>>, Variables>;

/**
 * A mutation of `mutationFn` (a `call` of the endpoint table) with the screen's `hooks`; after
 * a success, `refresh`'s first key is read again (awaited: the mutation is pending until then)
 * and the others after it.
 */
export function useApiMutation<Variables, Data>(
  mutationFn: (variables: Variables) => Promise<ApiReply<Data>>,
  { onSuccess, onError, silent }: MutationHooks<Data, Variables> = {},
  refresh: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(silent ? { meta: { silent: true } } : {}),
    onSuccess: async (reply, variables) => {
      await onSuccess?.(reply, variables);
      const [first, ...others] = refresh;
      if (first) await queryClient.invalidateQueries({ queryKey: first });
      for (const queryKey of others) void queryClient.invalidateQueries({ queryKey });
    },
    ...(onError ? { onError: (error: Error, variables: Variables) => void onError(error, variables) } : {}),
  });
}
