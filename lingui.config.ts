import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Sources whose messages are never on a storefront's first screen: the machine visualizer (with
 * the machine models it describes) and features not on the first screens (booking, loyalty tier).
 * Their messages live in a second catalog per language, loaded with the feature
 * (`useFeatureCatalog()`), so the first screen downloads only the storefront's messages.
 */
const FEATURE_SOURCES = [
  '<rootDir>/src/web/account',
  '<rootDir>/src/web/booking',
  // Catalogue features loaded after the first screen: filters, search, product reviews and waitlist.
  '<rootDir>/src/web/catalog',
  '<rootDir>/src/web/search',
  '<rootDir>/src/web/product',
  '<rootDir>/machines/search',
  '<rootDir>/src/web/loyalty',
  '<rootDir>/src/web/sandbox',
  // Legal texts and the API reference: pages of their own, never part of another page's first screen.
  '<rootDir>/src/web/screens/PrivacyScreen.tsx',
  '<rootDir>/src/web/screens/SwaggerScreen.tsx',
  '<rootDir>/src/web/screens/TermsScreen.tsx',
  '<rootDir>/machines/account',
  '<rootDir>/machines/booking',
  '<rootDir>/machines/tier',
];
const MODEL_SOURCES = '<rootDir>/machines/**/*.model.ts';
const NOT_SOURCES = ['**/node_modules/**', '**/*.test.*'];

// Per language: i18n/{locale}.po (storefront) and i18n/features/{locale}.po. The source strings are English and live in the code.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-Hant', 'id', 'th'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/i18n/{locale}',
      include: ['<rootDir>/src/web', '<rootDir>/machines'],
      exclude: [...NOT_SOURCES, ...FEATURE_SOURCES.map((source) => `${source}/**`), MODEL_SOURCES],
    },
    {
      path: '<rootDir>/i18n/features/{locale}',
      include: [...FEATURE_SOURCES, MODEL_SOURCES],
      exclude: NOT_SOURCES,
    },
  ],
  // Origins without line numbers: a translator sees where a message is used, and moving code
  // around does not rewrite every catalog.
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
