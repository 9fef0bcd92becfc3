/**
 * The one API client (ARCHITECTURE.md, STYLE: Web): bearer token, JSON or FormData bodies, the
 * `{ statusCode, message, data }` envelope and the error catalogue of packages/shared/src/messages.ts.
 */
import { Fragment, createElement, type ReactNode } from 'react';
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { MSG, accountEndpoints, fillPath, plainText, type Endpoint } from '@jsbn/shared/core';
import type { ApiErrorReply, ApiReply, CallInput, ContractOf, CurrentUser, LoginInput, ModelType, ReplyData } from '@jsbn/shared';
import { clearSession, getSession, setToken, setUser } from './session';
import { chooseLanguage, currentLanguage, i18n, messageText, storedLanguage } from '../i18n';

export const API_BASE = '/api';

export type FieldError = { field: string; message: string };

/** A failed call. `handled` means the client already told the user (toast / redirect). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: FieldError[];
  readonly handled: boolean;
  /** The server's own message, when the reply carried one. */
  readonly serverMessage: string | undefined;
  /** The request id the reply's `X-Request-Id` header gave: what support finds the request's log lines by. */
  readonly requestId: string | undefined;
  /** An operator's first sign-in: the authenticator secret to enrol (401 TOTP_ENROLMENT, decision 041). */
  readonly totpEnrolment: ApiErrorReply['totpEnrolment'];
  /** The facts an error reply carries beside its message (a withdrawn book's 410, decision 043). */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    message: string,
    status: number,
    options: {
      code?: string;
      details?: FieldError[];
      handled?: boolean;
      serverMessage?: string;
      requestId?: string;
      totpEnrolment?: ApiErrorReply['totpEnrolment'];
      data?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.details = options.details ?? [];
    this.handled = options.handled ?? false;
    this.serverMessage = options.serverMessage;
    this.requestId = options.requestId;
    this.totpEnrolment = options.totpEnrolment;
    this.data = options.data;
  }
}

/**
 * What a person reads out to support of a request id: a UUID's first 8 characters (enough to
 * find its log lines, `"reqId":"<reference>`), any other id (a proxy's) whole.
 */
export function referenceOf(requestId: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(requestId) ? requestId.slice(0, 8) : requestId;
}

/** An error toast's text: the message, and under it 'Reference: …' when the reply named its request. */
function withReference(message: string, requestId: string | undefined): ReactNode {
  if (!requestId) return message;
  return createElement(Fragment, null, message, createElement('br'), i18n.t('toast.reference', { id: referenceOf(requestId) }));
}

/** How long an error toast with a reference stays, ms (time to note it down). */
const REFERENCE_TOAST_MS = 15_000;

/**
 * The same failure with a screen's own fallback text (packages/shared/src/messages.ts: "the error or '<fallback>'"):
 * the server's message when it sent one, otherwise `fallback`.
 */
export function withFallbackMessage(error: unknown, fallback: string): unknown {
  if (!(error instanceof ApiError) || error.handled || error.serverMessage) return error;
  return new ApiError(fallback, error.status, { code: error.code, details: error.details, requestId: error.requestId });
}

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/** The router registers its navigate function here, so the client can redirect. */
export function setNavigator(navigate: Navigate) {
  navigateTo = navigate;
}

/**
 * Fetches cut off by a reload or by leaving the page fail like a network error; they must
 * not clear the session, so the client notes when the page is going away.
 */
let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    unloading = true;
  });
  window.addEventListener('pagehide', () => {
    unloading = true;
  });
  window.addEventListener('pageshow', () => {
    unloading = false;
  });
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart; a Blob (a chosen file) as itself, typed by `headers['Content-Type']` or its own type. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The query's client (a query function's `client`): a server render's carries the render's transport. */
  client?: QueryClient;
}

/** Builds `/api/<path>?<query>`, leaving out empty values; arrays repeat the key. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

/** How requests reach the API: the browser's `fetch`, or in the server's render the API itself (decision 011). */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
const browserTransport: Transport = (url, init) => fetch(url, init);

/**
 * The query client of one server render (decision 065): the requests of its queries go through
 * the render's own `transport` (the API in-process, with the signed-in user's token). The
 * transport belongs to the render, never to the module: two renders at once, for two accounts,
 * each ask with their own.
 */
export class RenderQueryClient extends QueryClient {
  constructor(
    readonly transport: Transport,
    config?: QueryClientConfig,
  ) {
    super(config);
  }
}

/** The transport of a query's client: a server render's own, else the browser's `fetch`. */
const transportOf = (client: QueryClient | undefined): Transport =>
  client instanceof RenderQueryClient ? client.transport : browserTransport;

/**
 * Sends a request; returns the response when it succeeded (2xx) and throws the mapped
 * `ApiError` of the error catalogue otherwise. `request` reads JSON from it, `requestBlob` bytes.
 */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { token } = getSession();
  // the API answers its messages in the language asked for (decision 016): the interface's, not
  // whatever the browser would send on its own
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': currentLanguage(), ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body instanceof Blob) {
    body = options.body;
    headers['Content-Type'] ??= options.body.type || 'application/octet-stream';
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transportOf(options.client)(apiUrl(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (unloading) throw new ApiError(messageText(MSG.somethingWrong), 0, { handled: true });
    // The browser knows it has no connection (a store room without signal): the session stays,
    // the page stays, and the caller decides (the scan page keeps its scans; decision 075).
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      throw new ApiError(messageText(MSG.offline), 0, { code: 'OFFLINE', handled: true });
    // Network failure or connection refused.
    clearSession();
    navigateTo('/');
    enqueueSnackbar(messageText(MSG.maintenance), { variant: 'error', preventDuplicate: true });
    throw new ApiError(messageText(MSG.maintenance), 0, { handled: true });
  }

  if (response.ok) return response;
  const payload = await readJson(response);
  const errorReply = (payload ?? {}) as Partial<ApiErrorReply>;
  const serverMessage = typeof errorReply.message === 'string' && errorReply.message ? errorReply.message : undefined;

  if (response.status === 401 && token) {
    clearSession();
    // an operator whose session ended (8 hours, or suspended) signs in again at the back office's door (decision 041)
    navigateTo(typeof window !== 'undefined' && window.location.pathname.startsWith('/operator') ? '/operator/login' : '/');
    const message = serverMessage ?? messageText(MSG.unauthorized);
    enqueueSnackbar(message, { variant: 'error', preventDuplicate: true });
    throw new ApiError(message, 401, { code: errorReply.error, handled: true });
  }
  if (response.status === 503) {
    navigateTo('/404', { replace: true });
    throw new ApiError(messageText(MSG.serviceUnavailable), 503, { code: errorReply.error, handled: true });
  }
  throw new ApiError(serverMessage ?? messageText(MSG.somethingWrong), response.status, {
    code: errorReply.error,
    serverMessage,
    requestId: response.headers.get('x-request-id') ?? undefined,
    details: Array.isArray(errorReply.details) ? errorReply.details : [],
    totpEnrolment: errorReply.totpEnrolment,
    ...(errorReply.data && typeof errorReply.data === 'object' ? { data: errorReply.data } : {}),
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Sends a request and returns the whole envelope (message and data); `call` is its typed door. */
async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
  const response = await send(path, options, 'application/json');
  const reply = ((await readJson(response)) ?? {}) as Partial<ApiReply<T>>;
  return { statusCode: reply.statusCode ?? response.status, message: reply.message ?? '', data: reply.data as T };
}

/** A file the API sent: its bytes and the name from Content-Disposition (when the server gave one). */
export interface ApiFile {
  blob: Blob;
  fileName: string | undefined;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` preferred, then `filename="…"`). */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1]?.trim() || undefined;
}

/** Sends a request (bearer token, error catalogue as `request`) and returns the file of a binary reply. */
async function requestBlob(path: string, options: RequestOptions = {}): Promise<ApiFile> {
  const response = await send(path, options, '*/*');
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** What `call` answers for an endpoint of contract `C`: its reply's envelope (JSON), or the file it sent. */
export type CallResult<C> = C extends { file: unknown } ? ApiFile : ApiReply<ReplyData<C>>;

/**
 * A call's input: the contract's `params`, `query` and `body`, and the request's own `signal` and
 * `headers`; a query passes its `client`, whose transport a server render sets (decision 065).
 */
export type CallOptions<C> = CallInput<C> & {
  readonly signal?: AbortSignal;
  readonly headers?: Record<string, string>;
  readonly client?: QueryClient;
};

/** The input is optional when the endpoint needs none. */
type CallArgs<C> = Partial<CallOptions<C>> extends CallOptions<C> ? [input?: CallOptions<C>] : [input: CallOptions<C>];

/**
 * Calls `endpoint` of the endpoint table (decision 046): its method, its path with `params`
 * filled in, `query` and `body` typed by its contract; resolves to the reply's envelope (its
 * `data` typed by the contract's reply schema) or, for an endpoint answering a file, the file.
 * Errors as `request`: the error catalogue's `ApiError`.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<ContractOf<E>>): Promise<CallResult<ContractOf<E>>> {
  const { params, query, body, signal, headers, client } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    client?: QueryClient;
  };
  const path = fillPath(endpoint.path, params);
  const options: RequestOptions = { method: endpoint.method, query, body, signal, headers, client };
  return (endpoint.reply === 'file' ? requestBlob(path, options) : request(path, options)) as Promise<CallResult<ContractOf<E>>>;
}

/**
 * The address of `endpoint` with its `params` and `query` (a file a plain link downloads or
 * shows: a public PDF, a QR code, the Excel template), e.g.
 * `endpointUrl(bookEndpoints.qrJpeg, { params: { jsbnNo } })`.
 */
export function endpointUrl<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<ContractOf<E>>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, QueryValue> };
  return apiUrl(fillPath(endpoint.path, params), query);
}

/** Shows a failed call in a toast, unless the client already did (packages/shared/src/messages.ts: every failure is toasted). */
export function toastError(error: unknown) {
  if (error instanceof ApiError) {
    if (!error.handled)
      enqueueSnackbar(withReference(error.message, error.requestId), {
        variant: 'error',
        ...(error.requestId ? { autoHideDuration: REFERENCE_TOAST_MS } : {}),
      });
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  enqueueSnackbar(messageText(error instanceof Error && error.message ? error.message : MSG.somethingWrong), { variant: 'error' });
}

export function toastSuccess(message: string | undefined, fallback?: string) {
  enqueueSnackbar(messageText(message || fallback || i18n.t('toast.done')), { variant: 'success' });
}

/** GET /api/user/me and store it as the session user. */
export async function refreshCurrentUser(): Promise<CurrentUser> {
  const { data: user } = await call(accountEndpoints.me);
  setUser(user);
  return user;
}

/** Login (docs/api.md): store the access token, then fetch the current user. */
export async function loginAndLoadUser(body: LoginInput) {
  return signedIn(await call(accountEndpoints.login, { body }));
}

/**
 * POST /api/user/verify-email with the code of a new account: its reply is a login's (decision 072), so the person
 * is signed in at once as `loginAndLoadUser` signs them in.
 * @returns the server's message
 */
export async function verifyAndLoadUser(body: { email: string; otp: string; modelType: ModelType }) {
  return signedIn(await call(accountEndpoints.verifyEmail, { body }));
}

/** After a login's reply: the token kept, the current user read, the account's language and this browser's made one. */
async function signedIn(reply: { message: string; data: { message: string; accessToken: { access_token: string } } }) {
  setToken(reply.data.accessToken.access_token);
  let user: CurrentUser;
  try {
    user = await refreshCurrentUser();
  } catch (error) {
    clearSession();
    throw error;
  }
  // the language chosen in this browser becomes the account's (its e-mails follow it); without
  // a choice here, the account's language is the interface's
  const chosen = storedLanguage();
  if (chosen && chosen !== user.preferred_language)
    await call(accountEndpoints.language, { body: { preferred_language: chosen } }).catch(() => undefined);
  else if (!chosen && user.preferred_language !== currentLanguage()) await chooseLanguage(user.preferred_language);
  return reply.data.message || reply.message;
}

/** Builds multipart FormData: skips undefined/null/'' values, stringifies the rest. */
export function toFormData(fields: Record<string, unknown>, files: Record<string, File | null | undefined> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(key, plainText(value));
  }
  for (const [key, file] of Object.entries(files)) if (file) form.append(key, file);
  return form;
}
