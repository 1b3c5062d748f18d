import { defineConfig } from '@lingui/cli';

// One catalog per language in i18n/: the source strings are English and live in the code.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-Hant', 'id', 'th'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/i18n/{locale}',
      include: ['<rootDir>/src/web', '<rootDir>/machines'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: 'po',
  compileNamespace: 'ts',
});
