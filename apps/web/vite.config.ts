import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { keepRecentAssets } from '../../scripts/web-assets';

const preactRoot = dirname(createRequire(import.meta.url).resolve('preact/package.json'));
const preactFile = (path: string) => join(preactRoot, path);

/**
 * `index.html` preloads the app's start module and every chunk it imports: on a page the
 * server did not render, the app starts without a second round trip after the small entry
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
        return {
          html,
          tags: [...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/**
 * `app-modules.json` beside `index.html`: what else a page rendered on the server needs once the
 * app starts, beyond the start module's own chunks (index.html's module preloads), for the
 * page's entry to fetch in the background once the page has loaded (decision 031):
 * - `app`: the chunks the start module loads lazily that are neither a page (of the site's or a
 *   feature's routes: the back office's pages are pages too) nor a language (the menus of the
 *   app bar);
 * - `pages`: by the name of each page a route loads lazily (`lazyNamed`'s export name), the
 *   chunks of that page;
 * - `later`: by the same names, the chunks of what the page loads lazily itself (its dialogs,
 *   the gallery), not other pages' or languages': fetched after the others;
 * - `languages`: the catalogue chunk of each language loaded when chosen (`gu`, `hi`).
 * Paths are as in index.html (`/assets/…`). The server adds these to the page's preloads
 * (`apps/api/src/modules/web/app-pages.ts`).
 */
function appModules(): Plugin {
  return {
    name: 'jsbn-app-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byFacade = new Map(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [])));
      const moduleOf = (suffix: string) => [...this.getModuleIds()].find((id) => id.endsWith(suffix));
      const start = byFacade.get(moduleOf('/src/app/start.tsx') ?? '');
      const routes = this.getModuleInfo(moduleOf('/src/app/routes.tsx') ?? '');
      const i18n = this.getModuleInfo(moduleOf('/src/i18n/index.ts') ?? '');
      if (!start || !routes || !i18n)
        throw new Error('the build has no chunk for src/app/start.tsx, or no src/app/routes.tsx or src/i18n/index.ts');
      // every page a route loads lazily: the site's (app/routes.tsx) and a feature's own routes
      // (the back office's, features/operator/routes.tsx), which a visitor's first tap never needs
      const routeModules = [...this.getModuleIds()]
        .filter((id) => /\/src\/(app|features\/[^/]+)\/routes\.tsx$/.test(id))
        .map((id) => this.getModuleInfo(id)!);
      const pageChunks = [...new Set(routeModules.flatMap((module) => module.dynamicallyImportedIds))].flatMap((id) =>
        byFacade.has(id) ? [byFacade.get(id)!] : [],
      );
      const languageChunks = i18n.dynamicallyImportedIds.flatMap((id) => (byFacade.has(id) ? [byFacade.get(id)!] : []));
      const apart = new Set([...pageChunks, ...languageChunks].map((chunk) => chunk.fileName));
      // the start module's own chunks (preloaded by index.html) are never listed again
      const started = new Set<string>();
      const visitStatic = (file: string) => {
        const chunk = byFile.get(file);
        if (!chunk || chunk.isEntry || started.has(file)) return;
        started.add(file);
        chunk.imports.forEach(visitStatic);
      };
      visitStatic(start.fileName);
      /** `from`'s chunks and everything they load, statically or lazily, but no page or language other than `from`. */
      const reach = (from: Rollup.OutputChunk, lazily: boolean) => {
        const files = new Set<string>();
        const visit = (file: string, root: boolean) => {
          const chunk = byFile.get(file);
          if (!chunk || chunk.isEntry || files.has(file) || (!root && apart.has(file))) return;
          files.add(file);
          chunk.imports.forEach((next) => visit(next, false));
          if (lazily) chunk.dynamicImports.forEach((next) => visit(next, false));
        };
        visit(from.fileName, true);
        return [...files].filter((file) => !started.has(file)).map((file) => `/${file}`);
      };
      const pages: Record<string, string[]> = {};
      const later: Record<string, string[]> = {};
      for (const chunk of pageChunks) {
        const now = reach(chunk, false);
        for (const name of chunk.exports) {
          pages[name] = now;
          later[name] = reach(chunk, true).filter((file) => !now.includes(file));
        }
      }
      const languages: Record<string, string[]> = {};
      for (const chunk of languageChunks) languages[/([a-z]+)\.ts$/.exec(chunk.facadeModuleId!)![1]!] = reach(chunk, false);
      const app = reach(start, true).filter((file) => file !== `/${start.fileName}`);
      this.emitFile({
        type: 'asset',
        fileName: 'app-modules.json',
        source: `${JSON.stringify({ app, pages, later, languages }, null, 1)}\n`,
      });
    },
  };
}

/**
 * Fewer, larger chunks for the app's start (decision 059): without groups the bundler splits
 * the start module's static imports into some thirty chunks by which pages share them, and a
 * page rendered on the server fetches them (beside its own) as module preloads in the background
 * — on a phone's link over HTTP/1.1's six connections, each a 150 ms round trip, and each a
 * task of its own. What the start needs is always needed whole, so it goes into one chunk
 * (`app-start`, beside the start module's own); the app bar's lazy parts, fetched with it on every rendered page, into another
 * (`app-bar`). Neither takes a module the entry (`main.tsx`) imports: those stay in the entry's
 * few kB. The sets are read from the module graph once it is
 * built (`buildEnd`), before the chunks are made.
 */
function startChunks() {
  const start = new Set<string>();
  const appBar = new Set<string>();
  const plugin: Plugin = {
    name: 'jsbn-start-chunks',
    apply: 'build',
    buildEnd() {
      if (this.environment.config.build.ssr) return;
      const ids = [...this.getModuleIds()];
      const moduleOf = (suffix: string) => {
        const id = ids.find((module) => module.endsWith(suffix));
        if (!id) throw new Error(`the build has no ${suffix}`);
        return id;
      };
      const closure = (from: string[], without = new Set<string>()) => {
        const found = new Set<string>();
        const visit = (id: string) => {
          if (found.has(id) || without.has(id)) return;
          found.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        from.forEach(visit);
        return found;
      };
      const entry = closure([moduleOf('/src/main.tsx')]);
      // the start module itself stays the dynamic entry the page's entry imports (its chunk is named after it)
      const startModule = moduleOf('/src/app/start.tsx');
      closure([startModule], entry).forEach((id) => start.add(id));
      start.delete(startModule);
      // what the start loads lazily that is neither a page (of a routes module) nor a language
      const apart = new Set(
        ids
          .filter((id) => /\/src\/(app|features\/[^/]+)\/routes\.tsx$|\/src\/i18n\/index\.ts$/.test(id))
          .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
      );
      const lazy = [...start].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []).filter((id) => !apart.has(id));
      closure(lazy, new Set([...entry, ...start, ...apart])).forEach((id) => appBar.add(id));
    },
  };
  return {
    plugin,
    groups: [
      // the modules' own imports are in the same set, or the entry's: nothing to add (and the entry's must stay in it)
      { name: 'app-start', test: (id: string) => start.has(id), priority: 2, includeDependenciesRecursively: false },
      { name: 'app-bar', test: (id: string) => appBar.has(id), priority: 1, includeDependenciesRecursively: false },
    ],
  };
}

/**
 * Builds write beside the previous ones (`emptyOutDir: false`) and keep the hashed assets of the
 * last few builds (`scripts/web-assets.ts`, decision 065): a page a running server sent before a
 * deploy, and the server's own render, still find the chunks they name.
 */
function keepAssets(outDir: string): Plugin {
  const built: string[] = [];
  return {
    name: 'jsbn-keep-assets',
    apply: 'build',
    writeBundle(_options, bundle) {
      built.push(...Object.keys(bundle).flatMap((file) => (file.startsWith('assets/') ? [file.slice('assets/'.length)] : [])));
    },
    closeBundle() {
      keepRecentAssets(fileURLToPath(new URL(`./${outDir}/assets`, import.meta.url)), built);
    },
  };
}

/**
 * The files of this build (not the earlier builds `keepAssets` leaves in dist/): what the service
 * worker precaches, when it also matches its patterns.
 */
function thisBuild() {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'jsbn-this-build',
    apply: 'build',
    writeBundle(_options, bundle) {
      if (!this.environment.config.build.ssr) Object.keys(bundle).forEach((file) => files.add(file));
    },
  };
  return { plugin, files };
}

/**
 * The web manifest and the service worker (decision 075): the app installable on a phone, the
 * scan page usable offline. `src/sw.ts` is built with this build's precache list (its shell,
 * scripts, styles and the barcode reader's WebAssembly; not the fonts nor the images), written
 * as `sw.js` at the root; the scan page registers it (nothing registers it on visitors' pages).
 */
function offlineApp(built: Set<string>) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['index.html', 'assets/*.{js,css,wasm}'],
      // the reader's WebAssembly is about 1 MB
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => built.has(entry.url)), warnings: [] })],
    },
    manifest: {
      name: 'JSBN — Jain Standard Book Number',
      short_name: 'JSBN',
      description: 'Jain Standard Book Numbers, QR codes and book ordering between publishers and Gyan Bhandars',
      start_url: '/shelves/scan',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#e64a19',
      icons: [
        { src: '/icons/jsbn-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/jsbn-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/jsbn-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}

// The API serves the built app from dist/ (one process, one port); in `vite` dev mode the
// API runs on :3000 and /api is proxied to it. Every built file above 1 KiB also gets a
// brotli (.br, quality 11) and a gzip (.gz, level 9) twin, which the API's static server sends
// to browsers that accept them (decision 008).
const chunks = startChunks();
const built = thisBuild();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    preloadStart(),
    appModules(),
    chunks.plugin,
    keepAssets(isSsrBuild ? 'dist-server' : 'dist'),
    ...(isSsrBuild
      ? []
      : [
          built.plugin,
          offlineApp(built.files),
          compression({
            include: /\.(js|css|html|svg|json|woff|wasm|webmanifest)$/,
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
      {
        find: /^(react\/jsx-runtime|react\/jsx-dev-runtime|preact\/jsx-runtime)$/,
        replacement: preactFile('jsx-runtime/dist/jsxRuntime.module.js'),
      },
      { find: /^preact\/hooks$/, replacement: preactFile('hooks/dist/hooks.module.js') },
      { find: /^preact$/, replacement: preactFile('dist/preact.module.js') },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev/mailbox': 'http://localhost:3000' } },
  // `vite build --ssr src/entry-server.tsx`: the server's render of public pages (decision 011),
  // one bundle with every dependency inside, so React's names resolve to Preact there too
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? { outDir: 'dist-server', sourcemap: true, emptyOutDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: false,
        sourcemap: true,
        chunkSizeWarningLimit: 1500,
        // the entry's import of the start module preloads nothing itself: index.html preloads the
        // start's chunks, a server-made page its template does (decision 031); Vite's helper
        // checking its 27 chunks again cost a slow phone's first tap tens of ms; the helper and the
        // list would be bytes of every page's first load
        modulePreload: {
          resolveDependencies: (filename, deps, { hostType }) =>
            hostType === 'js' && /(^|\/)start-[\w-]+\.js$/.test(filename) ? [] : deps,
        },
        rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
      },
}));
