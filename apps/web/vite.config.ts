import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const preactRoot = dirname(createRequire(import.meta.url).resolve('preact/package.json'));
const preactFile = (path: string) => join(preactRoot, path);

// The API serves the built app from dist/ (one process, one port); in `vite` dev mode the
// API runs on :3000 and /api is proxied to it. Every built file above 1 KiB also gets a
// brotli (.br, quality 11) and a gzip (.gz, level 9) twin, which the API's static server sends
// to browsers that accept them (issue 10; decision 008).
export default defineConfig({
  plugins: [
    react(),
    compression({
      include: /\.(js|css|html|svg|json|woff)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
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
  // the manifest tells the server which chunks the book page needs (modulepreload, decision 008)
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 1500 },
});
