import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const preactRoot = dirname(createRequire(import.meta.url).resolve('preact/package.json'));
const preactFile = (path: string) => join(preactRoot, path);

/**
 * `index.html` preloads the app's start module and every chunk it imports: on a page the
 * server did not draw, the app starts without a second round trip after the small entry
 * (decision 011). The server's pages drop these links: there nothing loads before interaction.
 */
function preloadStart(): Plugin {
  return {
    name: 'jsbn-preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/start.tsx'));
        if (!start) throw new Error('the build has no chunk for src/app/start.tsx');
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = byFile.get(file);
          if (!chunk || chunk.isEntry || files.has(file)) return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        return { html, tags: [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })) };
      },
    },
  };
}

// The API serves the built app from dist/ (one process, one port); in `vite` dev mode the
// API runs on :3000 and /api is proxied to it. Every built file above 1 KiB also gets a
// brotli (.br, quality 11) and a gzip (.gz, level 9) twin, which the API's static server sends
// to browsers that accept them (issue 10; decision 008).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    preloadStart(),
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|css|html|svg|json|woff)$/,
            threshold: 1024,
            algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
          }),
        ]),
  ],
  resolve: {
    conditions: ['source'],
    // React's API from Preact (decision 009): every import of react, react-dom and preact —
    // ESM or CommonJS — resolves to the one ES module build, so there is a single renderer
    alias: [
      { find: /^react-dom\/client$/, replacement: preactFile('compat/client.mjs') },
      { find: /^(react|react-dom|preact\/compat)$/, replacement: preactFile('compat/dist/compat.module.js') },
      { find: /^(react\/jsx-runtime|react\/jsx-dev-runtime|preact\/jsx-runtime)$/, replacement: preactFile('jsx-runtime/dist/jsxRuntime.module.js') },
      { find: /^preact\/hooks$/, replacement: preactFile('hooks/dist/hooks.module.js') },
      { find: /^preact$/, replacement: preactFile('dist/preact.module.js') },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev/mailbox': 'http://localhost:3000' } },
  // `vite build --ssr src/entry-server.tsx`: the server's render of public pages (decision 011),
  // one bundle with every dependency inside, so React's names resolve to Preact there too
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild ? { outDir: 'dist-server', sourcemap: true, emptyOutDir: true } : { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
}));
