import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves the built app from dist/ (one process, one port); in `vite` dev mode the
// API runs on :3000 and /api is proxied to it.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev/mailbox': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
