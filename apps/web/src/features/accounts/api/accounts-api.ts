import { useQuery } from '@tanstack/react-query';
import type { CityOption, Letterhead, LibraryDetails, LoginReply, ModelType, PublisherInfo, StateOption } from '@jsbn/shared';
import { get, request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function useStates() {
  return useQuery({
    queryKey: queryKeys.lookups.states,
    queryFn: ({ signal }) => get<{ states: StateOption[] }>('/state', undefined, signal),
    select: (data) => data.states,
    staleTime: Infinity,
  });
}

export function useCities(stateId: number | string | undefined) {
  return useQuery({
    queryKey: queryKeys.lookups.cities(stateId),
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

export const letterheadKey = queryKeys.letterhead;

export function useLetterhead() {
  return useQuery({
    queryKey: letterheadKey,
    queryFn: ({ signal }) => get<{ librarianLogo: Letterhead | null }>('/library/logo-text', undefined, signal),
    select: (data) => data.librarianLogo,
  });
}

export const saveLetterhead = (body: { text: string; id?: number }) =>
  request<{ librarianLogo: Letterhead }>('/library/logo-text', { method: 'POST', body });

/** Reset by the e-mailed link (POST /api/user/verify-password). */
export const resetPassword = (body: { password: string; token: string }) =>
  request<{ message: string }>('/user/verify-password', { method: 'POST', body });

/** PATCH /api/user/update-password: the reply carries a fresh token (older ones are revoked). */
export const changePassword = (body: { oldPassword: string; newPassword: string }) =>
  request<LoginReply>('/user/update-password', { method: 'PATCH', body });

/** The own profile is the public details with gst_no and aadhar_no (GET /api/publisher/:id, GET /api/library/:id). */
export const profileKey = (modelType: ModelType, id: number | undefined) => queryKeys.profile.of(modelType, id);

export function useOwnPublisher(id: number | undefined) {
  return useQuery({
    queryKey: profileKey('PUBLISHER', id),
    queryFn: ({ signal }) => get<{ publisher: PublisherInfo }>(`/publisher/${id}`, undefined, signal),
    select: (data) => data.publisher,
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useOwnLibrary(id: number | undefined) {
  return useQuery({
    queryKey: profileKey('LIBRARY', id),
    queryFn: ({ signal }) => get<{ library: LibraryDetails }>(`/library/${id}`, undefined, signal),
    select: (data) => data.library,
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** PATCH /api/publisher or /api/library (multipart: fields + optional `logo`). */
export const updateProfile = (modelType: ModelType, body: FormData) =>
  request<null>(modelType === 'PUBLISHER' ? '/publisher' : '/library', { method: 'PATCH', body });
