import { useMutation, useQuery } from '@tanstack/react-query';
import { accountEndpoints, lookupEndpoints } from '@jsbn/shared/core';
import type { Letterhead, LibraryDetails, LoginReply, ModelType, PublisherInfo } from '@jsbn/shared';
import { call, get, loginAndLoadUser, request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useApiMutation, type MutationHooks } from '../../../api/mutations';

export function useStates() {
  return useQuery({
    queryKey: queryKeys.lookups.states,
    queryFn: async ({ signal }) => (await call(lookupEndpoints.states, { signal })).data,
    select: (data) => data.states,
    staleTime: Infinity,
  });
}

export function useCities(stateId: number | string | undefined) {
  return useQuery({
    queryKey: queryKeys.lookups.cities(stateId),
    queryFn: async ({ signal }) => (await call(lookupEndpoints.cities, { params: { stateId: Number(stateId) }, signal })).data,
    select: (data) => data.cities,
    enabled: Boolean(stateId),
    staleTime: Infinity,
  });
}

export const registerAccount = (modelType: ModelType, body: FormData) =>
  request<null>(modelType === 'PUBLISHER' ? '/publisher' : '/library', { method: 'POST', body });

/** Login (POST /api/user/login, then the current user): `onSuccess` gets the server's message. */
export const useLogin = (modelType: ModelType, { onSuccess }: { onSuccess: (message: string) => unknown }) =>
  useMutation({ mutationFn: (values: { email: string; password: string }) => loginAndLoadUser({ ...values, modelType }), onSuccess });

/** POST /api/user/verify-email — the code that verifies a new account. */
export const useVerifyEmail = (hooks: MutationHooks<null, { email: string; otp: string; modelType: ModelType }>) => useApiMutation((body) => call(accountEndpoints.verifyEmail, { body }), hooks);

/** POST /api/user/resend-otp — another code (429 within 60 s of the last). */
export const useResendCode = (hooks: MutationHooks<null, { email: string; modelType: ModelType }>) => useApiMutation((body) => call(accountEndpoints.resendCode, { body }), hooks);

/** Forgot password (spec accounts §7: POST /user/change-password with the e-mail). */
export const useForgotPassword = (hooks: MutationHooks<null, { email: string; modelType: ModelType }>) => useApiMutation((body) => call(accountEndpoints.forgotPassword, { body }), hooks);

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
export const useResetPassword = (hooks: MutationHooks<{ message: string }, { password: string; token: string }>) => useApiMutation((body) => call(accountEndpoints.resetPassword, { body }), hooks);

/** PATCH /api/user/update-password: the reply carries a fresh token (older ones are revoked). */
export const useChangePassword = (hooks: MutationHooks<LoginReply, { oldPassword: string; newPassword: string }>) => useApiMutation((body) => call(accountEndpoints.changePassword, { body }), hooks);

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
