/**
 * What the server answered a form posted before the app was there (decision 066): a page it
 * rendered again with the reply (a wrong password's message, the fields as posted) carries it
 * with its data under `FORM_REPLY_KEY`, so the page shows it and the browser's app hydrates the same.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_REPLY_KEY, type FormReply } from '@jsbn/shared/core';

/** The form reply the page was rendered with; null on a page asked for plainly. Never fetched. */
export function useFormReply(): FormReply | null {
  const { data } = useQuery<FormReply | null>({ queryKey: FORM_REPLY_KEY, queryFn: () => null, enabled: false, staleTime: Infinity });
  return data ?? null;
}

/** Forgets the form reply (the app now answers the form itself), so its message goes. */
export function useForgetFormReply(): () => void {
  const client = useQueryClient();
  return () => client.setQueryData(FORM_REPLY_KEY, null);
}
