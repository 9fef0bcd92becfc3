/**
 * The floor of an uncached request (`npm run bench:profile -- --first --floor <mode>`; plain JavaScript so that bare Node runs it, as the baseline must): a bare Node http server on PORT that answers
 * GET /jsbn/:jsbn with the bytes of PAGE_FILE (a book page as the API rendered it), doing per request
 * only what MODE says — `bytes`: sends the page's brotli made once (as the cached-page responder sends a
 * cached page); `brotli`: compresses the page as the public page cache does (brotli quality 5,
 * SHA-1 ETag) and sends it; `read`: first reads the book as the API does (`bookByJsbn` of the
 * built API, its SQL, authors and QR code, on DATABASE_URL), then as `brotli`. No Fastify, no
 * render: what is left of an uncached request when the app's rendering costs nothing.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib } from 'node:zlib';

const { MODE, PORT, PAGE_FILE } = process.env;
const page = readFileSync(PAGE_FILE);
const compress = (bytes) => ({
  br: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  etag: `"${createHash('sha1').update(bytes).digest('base64')}"`,
});
const cached = compress(page);
let read = null;
if (MODE === 'read') {
  const { loadConfig } = await import('../../../apps/api/dist/config.js');
  const { openContext } = await import('../../../apps/api/dist/open-context.js');
  const { bookByJsbn } = await import('../../../apps/api/dist/modules/books/book-reads.js');
  const { ctx } = await openContext(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
  read = (jsbn) => bookByJsbn(ctx, jsbn);
}
createServer(async (request, response) => {
  const jsbn = decodeURIComponent(request.url.slice('/jsbn/'.length));
  if (read) await read(jsbn);
  // a book's own page differs from the next: compressed anew each time (brotli keeps nothing between calls)
  const { br, etag } = MODE === 'bytes' ? cached : compress(page);
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-encoding': 'br',
    'cache-control': 'no-cache',
    vary: 'Accept-Language, Cookie, accept-encoding',
    etag,
    'content-length': br.length,
  });
  response.end(br);
}).listen(Number(PORT), '127.0.0.1', () => process.send?.('ready'));
// stopped by the benchmark: exit so that the profiler writes its profile
process.on('SIGTERM', () => process.exit(0));
