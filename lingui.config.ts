import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

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
  // Origins without line numbers: a translator sees where a message is used, and moving code
  // around does not rewrite every catalog.
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
