/**
 * Builds the Fastify instance: plugins, the error table, every route under /api, the dev
 * mailbox outside production and the built web app with history fallback (DESIGN §1–§3).
 * `server.ts` only listens.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_PDF_BYTES } from '@jsbn/shared';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { AppError, errorHandler, hasNul } from './lib/errors.js';
import { loadSecrets } from './lib/secrets.js';
import { LocalStorage } from './lib/storage.js';
import { authRoutes } from './modules/auth/routes.js';
import { bookRoutes } from './modules/books/routes.js';
import { devApiRoutes, devPageRoutes } from './modules/dev/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { documentRoutes } from './modules/documents/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { libraryRoutes } from './modules/libraries/routes.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { publisherRoutes } from './modules/publishers/routes.js';

/** Where the built web app is (apps/web/dist), from apps/api/src or apps/api/dist. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
}

/**
 * Opens the database (migrating it), the file storage and the secrets of `config` — what the
 * server, the importer and the tests share.
 */
export async function openContext(config: Config, clock: () => Date = () => new Date()): Promise<{ ctx: AppContext; database: Database }> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: join(config.dataDir, 'db'),
  });
  const secrets = loadSecrets(config);
  const ctx: AppContext = {
    config,
    db: database.db,
    storage: new LocalStorage(join(config.dataDir, 'files'), secrets.fileSigningSecret),
    secrets,
    clock,
  };
  return { ctx, database };
}

/**
 * Builds the app on a freshly opened context; the app's `onClose` hook closes the database.
 * @param options.webDist folder of the built web app; null to serve none (API tests)
 * @param options.clock     the time source (tests move it)
 */
export async function buildApp(config: Config, options: { webDist?: string | null; clock?: () => Date } = {}): Promise<BuiltApp> {
  const { ctx, database } = await openContext(config, options.clock);
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // query strings can carry reset tokens and signed-link signatures: never log them
            serializers: { req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: request.url.split('?')[0], ip: request.ip }) },
          },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.query) || hasNul(request.body) || hasNul(request.params)) {
      throw new AppError('BAD_REQUEST', 'Text may not contain NUL characters');
    }
  });
  app.addHook('onClose', async () => database.close());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.isProduction,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_PDF_BYTES, files: 10, fields: 300, fieldSize: 100_000, parts: 310 },
  });

  await app.register(swagger, {
    openapi: { info: { title: 'JSBN API', version: '0.1.0', description: 'Spec: ../shared/spec; reference: docs/api.md' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      authRoutes(api, ctx);
      publisherRoutes(api, ctx);
      libraryRoutes(api, ctx);
      lookupRoutes(api);
      bookRoutes(api, ctx);
      orderRoutes(api, ctx);
      fileRoutes(api, ctx);
      documentRoutes(api, ctx);
      contactRoutes(api, ctx);
      siteRoutes(api, ctx);
      if (!config.isProduction) devApiRoutes(api, ctx);
      api.get('/health', async () => ({ statusCode: 200, message: 'ok', data: null }));
    },
    { prefix: '/api' },
  );
  if (!config.isProduction) devPageRoutes(app, ctx);

  const webDist = options.webDist === undefined ? WEB_DIST : options.webDist;
  const serveWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (serveWeb && request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ statusCode: 404, message: 'Not found', error: 'NOT_FOUND' });
  });
  return { app, ctx, database };
}
