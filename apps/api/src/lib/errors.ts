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
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
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
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A 400 naming each field and its message. */
export function validationError(details: FieldError[]): AppError {
  const message = details.map((detail) => `${detail.field}: ${detail.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', message || 'Validation failed', details);
}

/** The field errors of a zod failure, with dotted paths (`authors.0.author_name`). */
export function zodDetails(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
}

/** A 404 for a record that does not exist or belongs to another account. */
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** The sentence of every 503 (spec: the maintenance message). */
export const UNAVAILABLE_MESSAGE = MSG.maintenance;

/** SQLSTATEs and socket codes meaning "the database (or storage) cannot answer now". */
const UNAVAILABLE_CODES = new Set([
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** node-postgres failures that carry no code. */
const UNAVAILABLE_MESSAGES = [/timeout exceeded when trying to connect/i, /connection terminated/i, /cannot use a pool after calling end/i, /connection error/i];

/** The `code`s along the `cause` chain of `error` (Drizzle wraps driver errors). */
function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; current = current.cause as typeof current, depth++) {
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
  for (let current = error as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown } | undefined, depth = 0; current && depth < 5; current = current.cause as typeof current, depth++) {
    if (typeof current.code === 'string' && (UNAVAILABLE_CODES.has(current.code) || current.code.startsWith('08'))) return true;
    if (current.name === 'TimeoutError') return true;
    if (typeof current.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current!.message as string))) return true;
  }
  return false;
}

/** Fastify error handler: maps AppError, schema validation and Fastify's own 4xx errors. */
export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.statusCode).send({
      statusCode: error.statusCode,
      message: error.message,
      error: error.code,
      ...(error.details ? { details: error.details } : {}),
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
export function parseOrThrow<T>(schema: { safeParse(data: unknown): { success: true; data: T } | { success: false; error: ZodError } }, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(zodDetails(result.error));
  return result.data;
}

/** True when `error` (or its cause, as Drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505' && (current.constraint === constraint || String((current as Error).message).includes(constraint))) return true;
  }
  return false;
}

/**
 * True when `value` (a string, or strings nested in arrays and plain objects parsed from JSON or
 * a query string) contains U+0000, which PostgreSQL text refuses. Streams and other objects
 * (a raw upload body) are not inspected.
 */
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return false;
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item));
  }
  return false;
}
