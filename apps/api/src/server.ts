/**
 * Starts the JSBN site: API under /api and the built web app on one port (`npm start`).
 * Seeds the demo data on a fresh database (outside production) and prints the demo logins.
 */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { seedDemo } from './db/seed-demo.js';

const config = loadConfig();
const { app, ctx } = await buildApp(config);

if (config.seedDemo) {
  const logins = await seedDemo(ctx);
  if (logins.length) {
    console.log('\nDemo accounts (created on this fresh database):');
    for (const login of logins) console.log(`  ${login.role.padEnd(9)} ${login.email.padEnd(24)} ${login.password}   ${login.name}`);
  }
}

await app.listen({ port: config.PORT, host: config.HOST });
console.log(`\nJSBN is running at http://localhost:${config.PORT}  (QR codes point to ${config.publicUrl})`);
if (!config.isProduction) console.log(`Dev mailbox: http://localhost:${config.PORT}/dev/mailbox`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}
