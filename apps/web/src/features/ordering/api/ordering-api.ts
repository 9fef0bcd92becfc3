import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { MSG, bookEndpoints, orderEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import type { CreateOrdersInput } from '@jsbn/shared';
import { call, type QueryValue } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useApiMutation, type EndpointHooks } from '../../../api/mutations';

export function useOrderableBooks(publisherId: number | null, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: publisherId ? queryKeys.books.ofPublisher(publisherId, query) : queryKeys.books.list(query),
    queryFn: async ({ signal, client }) =>
      (
        await (publisherId
          ? call(bookEndpoints.ofPublisher, { params: { publisherId }, query, signal, client })
          : call(bookEndpoints.list, { query, signal, client }))
      ).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/book/order-book with an Idempotency-Key made once per cart submission; the orders
 * are read again after.
 */
export const usePlaceOrders = (hooks: EndpointHooks<typeof orderEndpoints.create, { body: CreateOrdersInput; idempotencyKey: string }>) =>
  useApiMutation(
    ({ body, idempotencyKey }) => call(orderEndpoints.create, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    hooks,
    [queryKeys.orders.all],
  );

/**
 * POST /api/publisher/generate-pdf `{ orderId, sendWhatsapp: true }` for an order just created:
 * the server makes the order letter and sends it to the publisher by e-mail and WhatsApp.
 * @throws Error 'Error while generating pdf' when the reply is empty
 */
export async function sendOrderLetter(orderId: number): Promise<void> {
  const file = await call(orderEndpoints.letter, { body: { orderId, sendWhatsapp: true } });
  if (file.blob.size === 0) throw new Error(MSG.pdfError);
}

/**
 * The postage terms of the cart's publishers (GET /api/publisher/:id, decision 070), for the
 * confirm dialog's totals with postage, and whether the JSBN team has verified each; a publisher
 * not read yet is undefined.
 */
export function usePostageTerms(publisherIds: number[]) {
  return useQueries({
    queries: publisherIds.map((id) => ({
      queryKey: queryKeys.publishers.one(id),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await call(publisherEndpoints.one, { params: { id }, signal })).data.publisher,
      staleTime: 60_000,
    })),
    combine: (results) =>
      new Map(
        results.flatMap((result, index) =>
          result.data
            ? [
                [
                  publisherIds[index]!,
                  { terms: result.data.postage_terms, rate_minor: result.data.postage_rate_minor, verified: result.data.verified },
                ] as const,
              ]
            : [],
        ),
      ),
  });
}
