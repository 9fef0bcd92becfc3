import { useQuery } from '@tanstack/react-query';
import type { ModelType } from '@jsbn/shared';
import { get, request } from '../../../api/client';

export interface StateOption {
  id: number;
  state_id: number | string;
  state_name: string;
}
export interface CityOption {
  id: number;
  city_id: number | string;
  city_name: string;
}
export interface Letterhead {
  id: number;
  letterText: string | null;
  logoUrl: string | null;
}

export function useStates() {
  return useQuery({
    queryKey: ['lookups', 'states'],
    queryFn: ({ signal }) => get<{ states: StateOption[] }>('/state', undefined, signal),
    select: (data) => data.states,
    staleTime: Infinity,
  });
}

export function useCities(stateId: number | string | undefined) {
  return useQuery({
    queryKey: ['lookups', 'cities', stateId],
    queryFn: ({ signal }) => get<{ cities: CityOption[] }>(`/state/${stateId}/city`, undefined, signal),
    select: (data) => data.cities,
    enabled: Boolean(stateId),
    staleTime: Infinity,
  });
}

export const registerAccount = (modelType: ModelType, body: FormData) =>
  request<null>(modelType === 'PUBLISHER' ? '/publisher' : '/library', { method: 'POST', body });

export const verifyEmail = (body: { email: string; otp: string; modelType: ModelType }) =>
  request<null>('/user/verify-email', { method: 'POST', body });

export const resendOtp = (body: { email: string; modelType: ModelType }) => request<null>('/user/resend-otp', { method: 'POST', body });

/** Forgot password (spec accounts §7: POST /user/change-password with the e-mail). */
export const forgotPassword = (body: { email: string; modelType: ModelType }) =>
  request<null>('/user/change-password', { method: 'POST', body });

export const letterheadKey = ['library', 'logo-text'] as const;

export function useLetterhead() {
  return useQuery({
    queryKey: letterheadKey,
    queryFn: ({ signal }) => get<{ librarianLogo: Letterhead | null }>('/library/logo-text', undefined, signal),
    select: (data) => data.librarianLogo,
  });
}

export const saveLetterhead = (body: { text: string; id?: number }) =>
  request<{ librarianLogo: Letterhead }>('/library/logo-text', { method: 'POST', body });
