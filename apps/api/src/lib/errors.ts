/**
 * The one error table (STYLE "One error table"): AppError codes map to HTTP statuses here,
 * and `errorHandler` turns every failure into `{ statusCode, message, error, details? }`.
 * A 5xx reply never carries internals.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { MSG } from '@jsbn/shared';

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  /** A suspended account: its sign-in and every token it holds are refused (decision 041). */
  ACCOUNT_SUSPENDED: 401,
  /** An operator's sign-in without the code of the authenticator app (decision 041). */
  TOTP_REQUIRED: 401,
  /** An operator's sign-in with a wrong or stale code. */
  TOTP_INVALID: 401,
  /** An operator's sign-in with a code that already signed it in (RFC 6238 §5.2). */
  TOTP_REUSED: 401,
  /** An operator's first sign-in: enrol the secret of `totpEnrolment`, then send its first code. */
  TOTP_ENROLMENT: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A record that was there and was withdrawn (decision 043): the reply says when and why. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  /** A document made in the background failed (asking again tries anew). */
  DOCUMENT_FAILED: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
}

/** A failure the user can act on; `code` decides the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
    /** More fields of the reply beside `message` and `details` (`totpEnrolment`, decision 041). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * A 429 from a rate limit (lib/rate-limit.ts), with Retry-After in seconds; the error handler
 * logs which limit refused whom (`subject`: the address, account or e-mail counted).
 */
export class ThrottledError extends AppError {
  constructor(
    readonly limit: string,
    readonly subject: string,
    message: string,
    /** Seconds until the limit's window ends (the Retry-After header, at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });
    this.name = 'ThrottledError';
  }
}

/**
 * A 400 naming each field in `details`; its `message` — what a person reads — is the distinct
 * messages joined, without the wire field names ('token: …' is for machines).
 */
export function validationError(details: FieldError[]): AppError {
  const message = [...new Set(details.map((detail) => detail.message))].map((message) => sentence(message)).join(' ');
  return new AppError('VALIDATION_FAILED', message || 'Validation failed', details);
}

/**
 * `text` ending in a full stop (or its own ?, ! or danda), so joined messages read as sentences.
 * @param stop the full stop of the language ('।' in Hindi)
 */
export const sentence = (text: string, stop = '.') => (/[.?!।]$/.test(text) ? text : `${text}${stop}`);

/** The field errors of a zod failure, with dotted paths (`authors.0.author_name`). */
export function zodDetails(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
}

/**
 * A 410 for a record withdrawn from the public (decision 043), whose reply carries `data`
 * (when, why, what to see instead) beside its message.
 */
export class GoneError extends AppError {
  constructor(
    message: string,
    readonly data: Record<string, unknown>,
  ) {
    super('GONE', message);
    this.name = 'GoneError';
  }
}

/** A 404 for a record that does not exist or belongs to another account. */
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** The sentence of every 503 (spec: the maintenance message). */
export const UNAVAILABLE_MESSAGE = MSG.maintenance;

/**
 * SQLSTATEs and socket codes meaning "the database (or storage) cannot answer now"; every
 * `08xxx` (connection exception) counts too.
 */
const UNAVAILABLE_CODES = new Set([
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '57P04', // database_dropped
  '3D000', // invalid_catalog_name: the database does not exist (dropped, wrong fail-over target)
  '28000', // invalid_authorization_specification
  '28P01', // invalid_password (credentials rotated under a running copy)
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** node-postgres failures that carry no code (pool wait, client read timeout, dead connection). */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /cannot use a pool after calling end/i,
  /connection error/i,
  /query read timeout/i,
  /^timeout expired$/i,
  /client was closed and is not queryable/i,
];

/** The `code`s along the `cause` chain of `error` (Drizzle wraps driver errors). */
function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 5;
    current = current.cause as typeof current, depth++
  ) {
    if (typeof current.code === 'string') codes.push(current.code);
  }
  return codes;
}

/**
 * True when `error` (or a cause) says the database or storage is unreachable, overloaded or
 * too slow: a statement timeout, a refused or dropped connection, a full pool. Such failures
 * answer 503 `UNAVAILABLE` with no internals.
 */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'UNAVAILABLE';
  for (
    let current = error as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown } | undefined, depth = 0;
    current && depth < 5;
    current = current.cause as typeof current, depth++
  ) {
    if (typeof current.code === 'string' && (UNAVAILABLE_CODES.has(current.code) || current.code.startsWith('08'))) return true;
    if (current.name === 'TimeoutError') return true;
    if (typeof current.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current.message as string))) return true;
  }
  return false;
}

/** Fastify error handler: maps AppError, schema validation and Fastify's own 4xx errors. */
export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error instanceof ThrottledError) request.log.warn({ limit: error.limit, subject: error.subject, ip: request.ip }, 'throttled');
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.statusCode).send({
      statusCode: error.statusCode,
      message: error.message,
      error: error.code,
      ...(error.details ? { details: error.details } : {}),
      ...error.extra,
      ...(error instanceof GoneError ? { data: error.data } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body',
      message: issue.message ?? 'is invalid',
    }));
    const failure = validationError(details);
    return reply.status(400).send({ statusCode: 400, message: failure.message, error: failure.code, details });
  }
  if (isUnavailable(error)) {
    request.log.warn({ err: { message: (error as Error).message, codes: causeCodes(error) } }, 'database or storage unavailable');
    return reply.status(503).header('retry-after', '5').send({ statusCode: 503, message: UNAVAILABLE_MESSAGE, error: 'UNAVAILABLE' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = error.code === 'FST_REQ_FILE_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    return reply.status(status).send({ statusCode: status, message: error.message, error: code });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ statusCode: 500, message: MSG.somethingWrong, error: 'INTERNAL' });
}

/**
 * Parses `data` with `schema` (used for multipart fields, which Fastify cannot validate).
 * @throws AppError 400 naming each invalid field
 */
export function parseOrThrow<T>(
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  data: unknown,
): T {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(zodDetails(result.error));
  return result.data;
}

/** True when `error` (or its cause, as Drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505' && (current.constraint === constraint || String((current as Error).message).includes(constraint)))
      return true;
  }
  return false;
}

/** How deep a request body may nest arrays and objects (5,000 levels overflowed the stack). */
export const MAX_INPUT_DEPTH = 32;

/** What is wrong with a request's input, if anything: a NUL character (and where), or too deep a nesting. */
export type InputProblem = { kind: 'nul'; field: string } | { kind: 'deep' };

/**
 * Walks `value` — strings, arrays and objects parsed from JSON, a query string or path
 * parameters (whatever their prototype: Fastify's query objects have their own) — without
 * recursion, and returns the first problem: a U+0000 in a key or a string, which PostgreSQL
 * text refuses, or arrays/objects nested deeper than MAX_INPUT_DEPTH. Streams and buffers (a
 * raw upload body) are not inspected.
 * @param root the field name reported for `value` itself (`query`, `params`, `body`)
 */
export function inputProblem(value: unknown, root: string): InputProblem | null {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length) {
    const [current, path, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', field: path || root };
      continue;
    }
    if (!current || typeof current !== 'object' || Buffer.isBuffer(current) || typeof (current as { pipe?: unknown }).pipe === 'function')
      continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'deep' };
    for (const [key, item] of Object.entries(current)) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { kind: 'nul', field: path || root };
      stack.push([item, field, depth + 1]);
    }
  }
  return null;
}

/**
 * The 400 for an input problem (see `inputProblem`), naming the field.
 */
export function inputError(problem: InputProblem): AppError {
  if (problem.kind === 'deep') {
    const message = `The request body is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;
    return new AppError('BAD_REQUEST', message, [{ field: 'body', message }]);
  }
  return new AppError('BAD_REQUEST', 'Text may not contain NUL characters', [
    { field: problem.field, message: 'may not contain NUL characters' },
  ]);
}
