// Lint for the whole monorepo: typescript-eslint's recommendedTypeChecked, the import graph's
// rules (decision 045) and React hooks rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** The web app's features (apps/web/src/features/<feature>), each its own zone. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** apps/api's layers: lib/ and db/ under the modules, seeding and the test harness above them all. */
const apiZones = [
  {
    target: ['apps/api/src/lib', 'apps/api/src/db'],
    from: 'apps/api/src/modules',
    message: 'lib/ and db/ are the layers the modules stand on: they never import a module (decision 045)',
  },
  {
    target: 'apps/api/src/db',
    from: 'apps/api/src/lib',
    message: 'db/ is the database layer alone (decision 045)',
  },
  {
    target: ['apps/api/src/lib', 'apps/api/src/db', 'apps/api/src/modules'],
    from: ['apps/api/src/seed', 'apps/api/src/test'],
    message: 'seeding and the test harness stand on the app, never the other way round (decision 045)',
  },
];

/**
 * One web feature never imports another: what two features share goes to components/, api/ or
 * i18n/ (bulletproof-react's rule, decision 045).
 */
const featureZones = [
  ...webFeatures.map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`],
    message: 'a web feature imports no other feature: move what they share to components/ or api/ (decision 045)',
  })),
  {
    target: ['apps/web/src/components', 'apps/web/src/api', 'apps/web/src/i18n'],
    from: 'apps/web/src/features',
    message: 'the shared parts of the web app import no feature (decision 045)',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'var/**', 'e2e/artifacts/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // the two programs tsc checks (npm run typecheck): the web app first (its files are also
      // reached from the web tests the server side's program holds), then the server side with
      // the tests, scripts and e2e
      parserOptions: { project: ['apps/web/tsconfig.json', 'tsconfig.check.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X } from 'm'` keeps `import 'm'` in the output (verbatimModuleSyntax): a page would load m
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Fastify's plugins and handlers are async by contract (it awaits what they return), as are
      // the stand-ins tests give for async interfaces: an async function without await is meant
      '@typescript-eslint/require-await': 'off',
      // Suspense is told to wait by a thrown promise (the lazy parts), and rate-limiter-flexible's
      // refusal is the RateLimiterRes its callers catch; everything else thrown is an Error
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Promise' },
            { from: 'package', package: 'rate-limiter-flexible', name: 'RateLimiterRes' },
          ],
        },
      ],
    },
  },
  {
    // tests, journeys and scripts read the wire's JSON as it comes (inject's json(), fetch's) and
    // assert on it: typing every reply they read would restate the schemas they check
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/api/src/test/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // in no TypeScript program: this file, and the web build's own config (Vite loads it)
    files: ['**/*.{js,mjs,cjs}', 'apps/web/vite.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // the import graph (decision 045): no cycles anywhere, and the layers below depend on
    // nothing above them
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // the imported files are read as TypeScript too, or no-cycle sees no import in them
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.check.json', 'apps/web/tsconfig.json'],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // a cycle runs through our own files only (no package imports them back), so the rule does
      // not follow imports into node_modules: 34 → 18 s of CPU for the rule alone (decision 058)
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  {
    // tests stand on every layer; the code they test keeps to its own
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...apiZones] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // decision 017: every text a screen shows comes from the catalogues (src/locales), in JSX text
      // and in the attributes people read or hear (labels, titles, placeholders, aria-labels)
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'label',
              'title',
              'subtitle',
              'placeholder',
              'alt',
              'aria-label',
              'aria-roledescription',
              'helperText',
              'primary',
              'secondary',
              'heading',
              'message',
              'text',
              'confirmText',
              'cancelText',
              'submitLabel',
              'searchLabel',
              'messageLabel',
              'tooltip',
            ],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s]+', '[A-Z_-]+', 'JSBN', '\\+91', '©', '—', '·', '×', '…', '↑', '↓', 'Word', 'WhatsApp'] },
        },
      ],
    },
  },
  {
    // tests and the server's parts of the app show nothing to users
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: { 'i18next/no-literal-string': 'off' },
  },
);
