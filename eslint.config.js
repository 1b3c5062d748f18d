// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries (DEVELOPERS.md): shared code flows one way, into the SPA and the server. */
const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'i18n/*.ts', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  boundary(
    ['machines/**/*.ts'],
    [
      { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react', 'wouter', 'wouter/*'], message: 'Machines are pure: no React, no router. Views subscribe to machines, not the reverse.' },
      { group: ['ofetch', '**/web/api/**', '**/web/api'], message: 'Machines never call the API: the app provides actors that do.' },
      { group: ['**/src/server/**', '**/server/**', '**/src/web/**', '**/web/**'], message: 'Machines may import src/contract and src/config only.' },
    ],
  ),
  boundary(
    ['src/web/**/*.{ts,tsx}'],
    [{ group: ['**/server/**', '**/server', 'hono', 'hono/*', '@hono/*', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'pg'], message: 'The SPA never imports the server: share code through src/contract or src/config.' }],
  ),
  boundary(
    ['src/server/**/*.ts'],
    [{ group: ['**/web/**', '**/web', 'react', 'react-dom', 'ofetch', '**/machines/**'], message: 'The server never imports the SPA: share code through src/contract or src/config.' }],
  ),
  boundary(
    ['src/contract/**/*.ts', 'src/config/**/*.ts'],
    [{ group: ['**/server/**', '**/web/**', '**/machines/**', 'react', 'hono', 'drizzle-orm', 'drizzle-orm/*', 'ofetch'], message: 'Contract and config are shared leaves: they import only each other and valibot.' }],
  ),
);
