import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderDto, OrderStatus, UpdateOrderStatusInput } from '@jsbn/shared';
import { get, request, type QueryValue } from '../../../api/client';

export function useOrders(status: OrderStatus, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['orders', status, query],
    queryFn: ({ signal }) => get<{ orderBooks: OrderDto[]; total: number }>('/book/order-book', { ...query, orderStatus: status }, signal),
    placeholderData: keepPreviousData,
  });
}

export const updateOrderStatus = (id: number, body: UpdateOrderStatusInput) => request<null>(`/book/order-book/${id}`, { method: 'PATCH', body });

export const dispatchOrder = (body: FormData) => request<null>('/book/create-dispatch', { method: 'POST', body });
