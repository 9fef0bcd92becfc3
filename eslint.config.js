// Lint for the whole monorepo: typescript-eslint recommended (type-aware) + React hooks rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'var/**', 'e2e/artifacts/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X } from 'm'` keeps `import 'm'` in the output (verbatimModuleSyntax): a page would load m
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
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
            include: ['label', 'title', 'subtitle', 'placeholder', 'alt', 'aria-label', 'aria-roledescription', 'helperText', 'primary', 'secondary', 'heading', 'message', 'text', 'confirmText', 'cancelText', 'submitLabel', 'searchLabel', 'messageLabel', 'tooltip'],
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
