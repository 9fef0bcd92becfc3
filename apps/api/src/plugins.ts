/**
 * What every request goes through, whatever its route (ARCHITECTURE.md and docs/api.md): Fastify's options (the
 * JSON log lines, request ids, TRUST_PROXY, the body limit), the hooks (request id header,
 * refused input, the caller's language, closing keep-alive connections while shutting down,
 * request metrics), the security headers, compression, ETags, the API's cache policy,
 * multipart bodies and the OpenAPI document. `app.ts` calls them in this order.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_PDF_BYTES } from '@jsbn/shared';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type AppError, ThrottledError, errorHandler, inputError, inputProblem, isUnavailable } from './lib/errors.js';
import { requestLanguage, translateReply } from './lib/i18n.js';
import { requireOperator } from './lib/auth.js';
import type { Metrics } from './lib/metrics.js';
import { REVALIDATE } from './lib/reply.js';
import { replySerializerCompiler } from './lib/serializer.js';

/** Replies smaller than this many bytes are sent uncompressed (compressing them saves nothing). */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * TRUST_PROXY as Fastify takes it: a hop count becomes the function proxy-addr would make of it
 * (trust the nearest `hops` addresses), which Fastify's types do not accept as a number.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** A request id from the caller's `x-request-id` when it is a sane token, else a new UUID. */
export function requestId(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && /^[A-Za-z0-9._:-]{1,100}$/.test(value) ? value : randomUUID();
}

/**
 * Fastify's request logging without the two lines every request writes ('incoming request',
 * 'request completed'); a request that failed, a route not found and the rest are logged as before.
 */
class QuietRequests extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(...[error, ...rest]: Parameters<LogController['requestCompleted']>): void {
    if (error) super.requestCompleted(error, ...rest);
  }
}

/**
 * Fastify's options for `config` (all but the server factory, which `app.ts` gives).
 * @param logStream where the JSON log lines go instead of stdout (tests read them)
 */
export function fastifyOptions(config: Config, logStream?: NodeJS.WritableStream): FastifyServerOptions {
  return {
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    // structured JSON lines (pino) with the request id (`reqId`) on every line of a request
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // query strings can carry reset tokens and signed-link signatures: never log them;
            // headers (Authorization, cookies) are not logged at all
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: request.url.split('?')[0],
                ip: request.ip,
              }),
            },
            redact: {
              paths: ['password', '*.password', 'token', '*.token', 'otp', '*.otp', 'authorization', '*.authorization'],
              censor: '[redacted]',
            },
            ...(logStream ? { stream: logStream } : {}),
          },
    // 'incoming request' and 'request completed' lines: in production, or when REQUEST_LOGS=on
    ...(config.requestLogs ? {} : { logController: new QuietRequests() }),
    genReqId: (request) => requestId(request.headers['x-request-id']),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  };
}

/** Counts what `error` refused in the metrics: a rate limit, or the database or storage unavailable. */
function countRefusal(metrics: Metrics, error: FastifyError | AppError): void {
  if (error instanceof ThrottledError) metrics.rateLimitRefusals.inc({ limit: error.limit });
  else if (isUnavailable(error)) metrics.dbErrors.inc({ kind: 'unavailable' });
}

/**
 * The validator, the serializer, the error table and the hooks every request passes.
 * @returns `closing()`: true once the app has started to close
 */
export function addRequestHooks(app: FastifyInstance, ctx: AppContext): { closing: () => boolean } {
  const { config } = ctx;
  // while shutting down, answers to requests still in flight close their keep-alive
  // connection, so the server can finish closing as soon as they are done
  let closing = false;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(!config.isProduction));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    countRefusal(ctx.metrics, error);
    return errorHandler(error, request, reply);
  });
  // every request Fastify answers, by its route template (never the raw path: no user data in
  // a label); the cached-page responder reports its own answers the same way
  const timeRequests = config.METRICS_REQUESTS === 'on';
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    if (timeRequests && route !== '/metrics')
      ctx.metrics.http.observe({ method: request.method, route: route ?? 'unmatched', status }, reply.elapsedTime / 1000);
    // a file too big or of the wrong type, whichever part refused it (a route, a body parser)
    if (status === 413 || status === 415) ctx.metrics.uploadRefusals.inc({ route: route ?? 'unmatched' });
    done();
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // the back office (every `/api/operator/` route) answers 401/403 before it reads a body or a
  // query: a caller of no role or another role learns nothing of its schema (decision 063)
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/operator/')) await requireOperator(ctx, request);
  });
  // before validation and before any route looks at it (authentication included): a NUL
  // anywhere, or a body nested deeper than 32 levels, is a 400 naming the field
  app.addHook('preValidation', async (request) => {
    for (const [value, root] of [
      [request.params, 'params'],
      [request.query, 'query'],
      [request.body, 'body'],
    ] as const) {
      const problem = inputProblem(value, root);
      if (problem) throw inputError(problem);
    }
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    // a signed-in request's logger names the account (lib/auth.ts); the line Fastify writes
    // when the request completes is the reply's, so it gets the same one
    if (reply.log !== request.log) reply.log = request.log;
  });
  // API messages in the caller's language (decision 016): every JSON reply object on
  // its way to the serializer; cached replies (strings) carry no message to translate
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    const lng = requestLanguage(request);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language').header('content-language', lng);
    return translateReply(payload, lng);
  });
  return { closing: () => closing };
}

/**
 * Security headers by helmet on every reply Fastify sends, made once: @fastify/helmet builds
 * helmet's middleware (and parses the policy) again for every request, a tenth of a cached QR
 * scan's time.
 * @returns the middleware, for the cached-page responder's own replies
 */
export function addSecurityHeaders(app: FastifyInstance, config: Config): ReturnType<typeof helmet> {
  // with S3, browsers PUT to and read from the bucket's public endpoint
  const s3Origin =
    config.useS3 && (config.S3_PUBLIC_URL ?? config.S3_ENDPOINT) ? [new URL((config.S3_PUBLIC_URL ?? config.S3_ENDPOINT)!).origin] : [];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...s3Origin],
        mediaSrc: ["'self'", ...s3Origin],
        objectSrc: ["'none'"],
        frameSrc: ["'self'", ...s3Origin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // WebAssembly compiled from our own files (the scan page's barcode reader, decision 075); no eval of JavaScript
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'", ...s3Origin],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.isProduction,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  return securityHeaders;
}

/**
 * Compression, ETags, the API's cache policy, multipart bodies and the OpenAPI document
 * (/api/docs).
 */
export async function registerPlugins(app: FastifyInstance): Promise<void> {
  // Replies above 1 KiB are compressed for browsers that ask (brotli at a quality that costs
  // little CPU, or gzip); files already compressed (the built assets' twins, images, PDFs) are
  // left alone. Every GET reply gets an ETag so a revalidating browser or proxy gets a 304.
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(etag);
  // API replies are revalidated, never reused blind; routes that may be cached longer
  // (share images) say so themselves. Replies to a signed-in caller are for that browser only.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return;
    reply.header('cache-control', request.headers.authorization ? `private, ${REVALIDATE}` : REVALIDATE);
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_PDF_BYTES, files: 10, fields: 300, fieldSize: 100_000, parts: 310 },
  });

  await app.register(swagger, {
    openapi: { info: { title: 'JSBN API', version: '0.1.0', description: 'Spec: ../shared/spec; reference: docs/api.md' } },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
