import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Sources whose messages are never on a storefront's first screen: the machine visualizer (with
 * the machine models it describes) and features not on the first screens (booking, loyalty tier).
 * Their messages live in a second catalog per language, loaded with the feature
 * (`useFeatureCatalog()`), so the first screen downloads only the storefront's messages.
 */
const FEATURE_SOURCES = [
  '<rootDir>/src/web/features/account',
  '<rootDir>/src/web/features/booking',
  // Catalogue parts loaded after the first screen: filters, brand, sale and search listings, the
  // listing's URL codec; the home and category screens and the listing view are storefront.
  '<rootDir>/src/web/features/catalog/brand-screen.tsx',
  '<rootDir>/src/web/features/catalog/listing-controls.tsx',
  '<rootDir>/src/web/features/catalog/listing.tsx',
  '<rootDir>/src/web/features/catalog/listing-url.ts',
  '<rootDir>/src/web/features/catalog/sale-screen.tsx',
  '<rootDir>/src/web/features/catalog/search-screen.tsx',
  // The header search box, and what the product page loads after its first paint.
  '<rootDir>/src/web/features/search',
  '<rootDir>/src/web/features/product/after-first-paint.ts',
  '<rootDir>/src/web/features/product/product-api.ts',
  '<rootDir>/src/web/features/product/product-live.tsx',
  '<rootDir>/src/web/features/product/review-form.tsx',
  '<rootDir>/src/web/features/product/reviews-section.tsx',
  '<rootDir>/src/web/features/product/stock-actions.tsx',
  '<rootDir>/machines/search',
  '<rootDir>/src/web/features/loyalty',
  '<rootDir>/src/web/features/sandbox',
  // Legal texts: pages of their own, never part of another page's first screen.
  '<rootDir>/src/web/features/legal/privacy-screen.tsx',
  '<rootDir>/src/web/features/legal/terms-screen.tsx',
  '<rootDir>/machines/account',
  '<rootDir>/machines/booking',
  '<rootDir>/machines/loyalty',
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
