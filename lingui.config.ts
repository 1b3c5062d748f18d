import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import type { FeatureCatalog } from './src/web/shared/i18n/feature-catalogs.ts';

/**
 * Sources whose messages are never on a storefront's first screen, by feature: each feature has a
 * catalog of its own per language (`i18n/features/<feature>/<locale>.po`), loaded with the feature
 * (`useFeatureCatalog('<feature>')`). The first screen downloads only the storefront's messages, and
 * a screen that waits for its feature's messages waits for those alone, not for every feature's.
 * A message used by two features is in both catalogs.
 */
const MODEL_SOURCES = '<rootDir>/machines/**/*.model.ts';
const root = dirname(fileURLToPath(import.meta.url));

/**
 * Files of a feature that are a first screen of their own (the sign-in form, issue 11): their
 * messages are the storefront's, so the page does not wait for the feature's catalog.
 */
const FIRST_SCREEN_FILES = ['src/web/features/account/sign-in-screen.tsx', 'src/web/features/account/google-button.tsx'];

/** A feature folder's source files but its first-screen ones (read at each extraction, so a new file is in). */
function folderBut(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !FIRST_SCREEN_FILES.includes(file))
    .map((file) => `<rootDir>/${file}`);
}
/** The refusals of a guest's lookup fields (shared/forms): a booking's and an order's lookup show them, no first screen does. */
const LOOKUP_FIELD_ERRORS = '<rootDir>/src/web/shared/forms/lookup-field-errors.ts';
/** What a refused contact or address field says (shared/forms): checkout, booking, the lookups and the account forms say the same words, no first screen does. */
const CONTACT_FIELD_MESSAGES = '<rootDir>/src/web/shared/forms/contact-field-messages.ts';
const FEATURE_SOURCES: Readonly<Record<FeatureCatalog, readonly string[]>> = {
  account: [...folderBut('src/web/features/account'), '<rootDir>/machines/account', CONTACT_FIELD_MESSAGES],
  // The bag screen and its machines.
  bag: ['<rootDir>/src/web/features/bag', '<rootDir>/machines/bag'],
  // What the shared "Add to bag" buttons load at their first press (their live part), with their messages.
  'add-to-bag': ['<rootDir>/src/web/shared/bag/add-to-bag'],
  // The happening screens (the list, an activity's page and booking, cancel, reschedule, My bookings) and the booking machines' view-models.
  booking: ['<rootDir>/src/web/features/booking', '<rootDir>/machines/booking', LOOKUP_FIELD_ERRORS, CONTACT_FIELD_MESSAGES],
  // Catalogue parts loaded after the first screen: the filters and sort, the listing's data and URL
  // codec. The listing screens (home, category, brand, sale, search results) are first screens:
  // their messages are the storefront's, so none of them waits for a second catalog.
  catalog: ['<rootDir>/src/web/features/catalog/listing-controls.tsx', '<rootDir>/src/web/features/catalog/listing.tsx', '<rootDir>/src/web/features/catalog/listing-url.ts'],
  // What the product page loads after its first paint.
  product: [
    '<rootDir>/src/web/features/product/after-first-paint.ts',
    '<rootDir>/src/web/features/product/product-api.ts',
    '<rootDir>/src/web/features/product/product-live.tsx',
    '<rootDir>/src/web/features/product/review-form.tsx',
    '<rootDir>/src/web/features/product/reviews-section.tsx',
    '<rootDir>/src/web/features/product/stock-actions.tsx',
  ],
  // The header search box.
  search: ['<rootDir>/src/web/features/search', '<rootDir>/machines/search'],
  loyalty: ['<rootDir>/src/web/features/loyalty', '<rootDir>/machines/loyalty'],
  // The machine visualizer, with the machine models it describes.
  sandbox: ['<rootDir>/src/web/features/sandbox', MODEL_SOURCES],
  // Legal texts: pages of their own, never part of another page's first screen.
  legal: ['<rootDir>/src/web/features/legal/privacy-screen.tsx', '<rootDir>/src/web/features/legal/terms-screen.tsx'],
  // The wish list screen and the notices of failed heart changes (the hearts themselves are on first screens).
  wishlist: ['<rootDir>/src/web/features/wishlist', '<rootDir>/machines/wishlist'],
  // The checkout screen and its machine's view-model.
  checkout: ['<rootDir>/src/web/features/checkout', '<rootDir>/machines/checkout', CONTACT_FIELD_MESSAGES],
  // A member's order history and order pages, and a guest's order lookup.
  orders: ['<rootDir>/src/web/features/orders', LOOKUP_FIELD_ERRORS, CONTACT_FIELD_MESSAGES],
  // The e-gift cards screen (buying a card, checking a balance) and its purchase machine's rules.
  'gift-cards': ['<rootDir>/src/web/features/gift-cards', '<rootDir>/machines/gift-cards'],
  // Find a store (`/stores`): hours, open now, services and store events.
  stores: ['<rootDir>/src/web/features/stores'],
};
const NOT_SOURCES = ['**/node_modules/**', '**/*.test.*'];

/** A folder's sources are everything under it; a file or a glob stands for itself. */
const underSource = (source: string) => (/\.[a-z]+$/.test(source) ? source : `${source}/**`);

// Per language: i18n/{locale}.po (storefront), i18n/features/{feature}/{locale}.po and i18n/mail/{locale}.po (the server's
// emails). The source strings are English and live in the code.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-Hant', 'id', 'th'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/i18n/{locale}',
      include: ['<rootDir>/src/web', '<rootDir>/machines'],
      exclude: [...NOT_SOURCES, ...Object.values(FEATURE_SOURCES).flat().map(underSource)],
    },
    ...Object.entries(FEATURE_SOURCES).map(([feature, include]) => ({
      path: `<rootDir>/i18n/features/${feature}/{locale}`,
      include: [...include],
      // A machine's model describes it to the visualizer only: its messages are the sandbox's.
      exclude: feature === 'sandbox' ? NOT_SOURCES : [...NOT_SOURCES, MODEL_SOURCES],
    })),
    // The server's emails, in the recipient's language: never loaded by the SPA. The server imports
    // them compiled (i18n/mail/<locale>.json, `npm run i18n:compile`; src/server/mail/i18n.ts).
    {
      path: '<rootDir>/i18n/mail/{locale}',
      include: ['<rootDir>/src/server/mail', '<rootDir>/src/server/checkout/email.ts'],
      exclude: NOT_SOURCES,
    },
  ],
  // Origins without line numbers: a translator sees where a message is used, and moving code
  // around does not rewrite every catalog.
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
