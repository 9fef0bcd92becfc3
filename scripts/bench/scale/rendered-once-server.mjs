/**
 * The API without its render (`npm run bench:profile -- --first --floor rendered`; plain JavaScript
 * so that Node runs it as it runs the built API): the built API on PORT, built from the same
 * settings as `server.js` builds it (no demo seed), whose server render hands every page in a language the page it rendered first in that
 * language (its HTML, styles and seeds). Everything else an uncached request does runs as ever — Fastify,
 * the book's read, head and QR code, the shell, brotli and the ETag, the page cache — so what it
 * costs is an uncached request whose rendering costs nothing: the ceiling a faster render can reach.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../../../apps/web/', import.meta.url));
// the built web app as it is, beside a server render that renders each language once
const dir = mkdtempSync(join(tmpdir(), 'jsbn-rendered-'));
symlinkSync(join(web, 'dist'), join(dir, 'dist'));
mkdirSync(join(dir, 'dist-server'));
const real = new URL('../../../apps/web/dist-server/entry-server.js', import.meta.url).href;
writeFileSync(
  join(dir, 'dist-server', 'entry-server.js'),
  `export * from ${JSON.stringify(real)};
import { renderPage as render } from ${JSON.stringify(real)};
const rendered = new Map();
export async function renderPage(url, transport, language = 'en', options = {}) {
  let page = rendered.get(language);
  if (!page) rendered.set(language, (page = await render(url, transport, language, options)));
  return { ...page };
}
`,
);

const { buildApp } = await import('../../../apps/api/dist/app.js');
const { loadConfig } = await import('../../../apps/api/dist/config.js');
const config = loadConfig();
const { app } = await buildApp(config, { webDist: join(dir, 'dist') });
await app.listen({ port: config.PORT, host: '127.0.0.1' });
// stopped by the benchmark: exit so that the profiler writes its profile
process.on('SIGTERM', () =>
  app.close().then(() => {
    rmSync(dir, { recursive: true });
    process.exit(0);
  }),
);
