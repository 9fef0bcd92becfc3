import { useMutation, useQuery } from '@tanstack/react-query';
import { accountEndpoints, libraryEndpoints, lookupEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import type { InterfaceLanguage, ModelType } from '@jsbn/shared';
import { call, loginAndLoadUser, verifyAndLoadUser } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useApiMutation, type EndpointHooks } from '../../../api/mutations';

export function useStates() {
  return useQuery({
    queryKey: queryKeys.lookups.states,
    queryFn: async ({ signal, client }) => (await call(lookupEndpoints.states, { signal, client })).data,
    select: (data) => data.states,
    staleTime: Infinity,
  });
}

/** GET /state/:stateId/city: a state's cities, named in `lng`. */
export function useCities(stateId: number | string | undefined, lng: InterfaceLanguage) {
  return useQuery({
    queryKey: queryKeys.lookups.cities(stateId, lng),
    queryFn: async ({ signal, client }) =>
      (await call(lookupEndpoints.cities, { params: { stateId: Number(stateId) }, headers: { 'Accept-Language': lng }, signal, client }))
        .data,
    select: (data) => data.cities,
    enabled: Boolean(stateId),
    staleTime: Infinity,
  });
}

/** POST /api/publisher or /api/library (multipart: the registration's fields and the `logo`). */
export const useRegisterAccount = <Variables>(
  modelType: ModelType,
  toBody: (variables: Variables) => FormData,
  hooks: EndpointHooks<typeof publisherEndpoints.register | typeof libraryEndpoints.register, Variables>,
) =>
  useApiMutation(
    (variables: Variables) =>
      call(modelType === 'PUBLISHER' ? publisherEndpoints.register : libraryEndpoints.register, { body: toBody(variables) }),
    hooks,
  );

/** Login (POST /api/user/login, then the current user): `onSuccess` gets the server's message. */
export const useLogin = (modelType: ModelType, { onSuccess }: { onSuccess: (message: string) => unknown }) =>
  useMutation({ mutationFn: (values: { email: string; password: string }) => loginAndLoadUser({ ...values, modelType }), onSuccess });

/** POST /api/user/verify-email — the code that verifies a new account and signs its person in (decision 072). */
export const useVerifyEmail = ({ onSuccess }: { onSuccess: (message: string) => unknown }) =>
  useMutation({ mutationFn: (body: { email: string; otp: string; modelType: ModelType }) => verifyAndLoadUser(body), onSuccess });

/** POST /api/user/resend-otp — another code (429 within 60 s of the last). */
export const useResendCode = (hooks: EndpointHooks<typeof accountEndpoints.resendCode, { email: string; modelType: ModelType }>) =>
  useApiMutation((body) => call(accountEndpoints.resendCode, { body }), hooks);

/**
 * POST /api/user/mobile-code — a WhatsApp code to the account's mobile number, changed to `mobile_no`
 * first when given (decision 081); the reply is the number's state.
 */
export const useSendMobileCode = (hooks: EndpointHooks<typeof accountEndpoints.mobileCode, { mobile_no?: string }>) =>
  useApiMutation((body) => call(accountEndpoints.mobileCode, { body }), hooks);

/** POST /api/user/confirm-mobile — the WhatsApp code that confirms the account's mobile number (decision 081). */
export const useConfirmMobile = (hooks: EndpointHooks<typeof accountEndpoints.confirmMobile, { otp: string }>) =>
  useApiMutation((body) => call(accountEndpoints.confirmMobile, { body }), hooks);

/** Forgot password (docs/api.md: POST /user/change-password with the e-mail). */
export const useForgotPassword = (hooks: EndpointHooks<typeof accountEndpoints.forgotPassword, { email: string; modelType: ModelType }>) =>
  useApiMutation((body) => call(accountEndpoints.forgotPassword, { body }), hooks);

export const letterheadKey = queryKeys.letterhead;

export function useLetterhead() {
  return useQuery({
    queryKey: letterheadKey,
    queryFn: async ({ signal, client }) => (await call(libraryEndpoints.letterhead, { signal, client })).data,
    select: (data) => data.librarianLogo,
  });
}

/** POST /api/library/logo-text — the letterhead's text (the order letters'). */
export const useSaveLetterhead = (hooks: EndpointHooks<typeof libraryEndpoints.saveLetterhead, { text: string; id?: number }>) =>
  useApiMutation((body) => call(libraryEndpoints.saveLetterhead, { body }), hooks);

/** Reset by the e-mailed link (POST /api/user/verify-password). */
export const useResetPassword = (hooks: EndpointHooks<typeof accountEndpoints.resetPassword, { password: string; token: string }>) =>
  useApiMutation((body) => call(accountEndpoints.resetPassword, { body }), hooks);

/** PATCH /api/user/update-password: the reply carries a fresh token (older ones are revoked). */
export const useChangePassword = (
  hooks: EndpointHooks<typeof accountEndpoints.changePassword, { oldPassword: string; newPassword: string }>,
) => useApiMutation((body) => call(accountEndpoints.changePassword, { body }), hooks);

/** The own profile is the public details with gst_no and aadhar_no (GET /api/publisher/:id, GET /api/library/:id). */
export const profileKey = (modelType: ModelType, id: number | undefined) => queryKeys.profile.of(modelType, id);

export function useOwnPublisher(id: number | undefined) {
  return useQuery({
    queryKey: profileKey('PUBLISHER', id),
    queryFn: async ({ signal, client }) => (await call(publisherEndpoints.one, { params: { id: id! }, signal, client })).data.publisher,
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useOwnLibrary(id: number | undefined) {
  return useQuery({
    queryKey: profileKey('LIBRARY', id),
    queryFn: async ({ signal, client }) => (await call(libraryEndpoints.one, { params: { id: id! }, signal, client })).data.library,
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** PATCH /api/publisher or /api/library (multipart: fields + optional `logo`). */
export const useUpdateProfile = <Variables>(
  modelType: ModelType,
  toBody: (variables: Variables) => FormData,
  hooks: EndpointHooks<typeof publisherEndpoints.updateProfile | typeof libraryEndpoints.updateProfile, Variables>,
) =>
  useApiMutation(
    (variables: Variables) =>
      call(modelType === 'PUBLISHER' ? publisherEndpoints.updateProfile : libraryEndpoints.updateProfile, { body: toBody(variables) }),
    hooks,
  );
