// The second half of `npm run lint` (decision 068): oxlint (.oxlintrc.json) runs eslint's and
// typescript-eslint's recommended rules, the type-aware ones, React's hooks rules and no-cycle;
// ESLint runs what oxlint lacks — the import boundary zones (decision 045), i18next's
// no-literal-string (decision 017) and no-octal — with no type information. eslint-plugin-oxlint,
// last, turns off here every rule .oxlintrc.json turns on.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import oxlint from 'eslint-plugin-oxlint';
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
    target: ['apps/web/src/components', 'apps/web/src/api', 'apps/web/src/i18n', 'apps/web/src/lib'],
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'the shared parts of the web app import no feature and nothing of app/ (decision 045)',
  },
  {
    // app/ (the routes, the layout, the start) imports the features: a feature imports nothing of
    // it. Allowed until the early answers go (decision 066): the tap marks and the layout's
    // language button
    target: 'apps/web/src/features',
    from: 'apps/web/src/app',
    except: ['./early-marks.ts', './layout/app-layout.tsx'],
    message: 'a web feature imports nothing of app/, which imports the features: move what it needs to lib/ or components/ (decision 045)',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'var/**',
      'e2e/artifacts/**',
      'e2e/screenshots/**',
      'apps/api/src/db/migrations/**',
      // TypeScript files no ESLint rule here applies to: the zones target the web app and the
      // API's own code, i18next the web app; no-octal is refused there by the parser (a module
      // is strict code) and by the compiler (TS1121) anyway. Not parsing them halves ESLint's CPU.
      'packages/**/*.ts',
      'e2e/**/*.ts',
      'scripts/**/*.ts',
      'tools/**/*.ts',
      '*.ts',
      'apps/api/*.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/test/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    // the disable comments name rules oxlint runs: it reports the unused ones (--report-unused-disable-directives)
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  {
    // the import boundaries (decision 045): the layers below depend on nothing above them
    // (no-cycle runs in oxlint)
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
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
    plugins: { i18next },
    rules: {
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
  // last: every rule oxlint runs is off here
  ...oxlint.buildFromOxlintConfigFile('./.oxlintrc.json'),
);
