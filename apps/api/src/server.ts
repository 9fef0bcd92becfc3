/**
 * Starts the JSBN site: API under /api and the built web app on one port (`npm start`).
 * Seeds the demo data on a fresh database (outside production) and, on every start with demo
 * data, prints the demo logins last, below the address.
 *
 * A wrong or missing setting stops the start with a message naming it (exit code 1).
 * On SIGTERM/SIGINT it shuts down gracefully: stops taking requests (new ones get 503, the
 * listening socket closes), lets requests in flight finish, stops the outbox worker and closes
 * the database pool; if that takes longer than SHUTDOWN_TIMEOUT_MS the process exits anyway.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { demoLogins, seedDemo } from './seed/seed-demo.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const { app, ctx } = await buildApp(config).catch((error: unknown) => {
  // secrets refused in production, database unreachable, a migration failing …
  console.error(`JSBN could not start: ${(error as Error).message}`);
  process.exit(1);
});

const seeded = config.seedDemo && (await seedDemo(ctx)).length > 0;

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  { port: config.PORT, publicUrl: config.publicUrl, storage: ctx.storage.kind, smtp: config.useSmtp, whatsapp: config.useWhatsapp },
  'JSBN is running',
);
if (!config.isProduction) {
  console.log(`\nJSBN is running at http://localhost:${config.PORT}  (QR codes point to ${config.publicUrl})`);
  console.log(`Dev mailbox: http://localhost:${config.PORT}/dev/mailbox`);
}
if (config.seedDemo) {
  const logins = await demoLogins(ctx);
  if (logins.length) {
    console.log(`\nDemo accounts (${seeded ? 'created on this fresh database' : 'on this database'}):`);
    for (const login of logins) console.log(`  ${login.role.padEnd(9)} ${login.email.padEnd(24)} ${login.password}   ${login.name}`);
  }
}

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
