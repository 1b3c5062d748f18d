import { test as base } from '@playwright/test';
import { guardAccessibility, type Accessibility } from './fixtures/accessibility.ts';
import { accountFixture, type Account } from './fixtures/account.ts';
import { catalogueFixture, type Catalogue } from './fixtures/api.ts';
import { bagFixture, type Bag } from './fixtures/bag.ts';
import { checkoutFixture, type Checkout } from './fixtures/checkout.ts';
import { guardContentSecurity, type ContentSecurity } from './fixtures/content-security.ts';
import { happeningFixture, type Happening } from './fixtures/happening.ts';
import { listingFixture, type Listing } from './fixtures/listing.ts';
import { mailboxFixture, type Mailbox } from './fixtures/mailbox.ts';
import { searchFixture, type Search } from './fixtures/search.ts';
import { storeFixture, type Store } from './fixtures/store.ts';
import { visualizerFixture, type Visualizer } from './fixtures/visualizer.ts';

export { expect } from './fixtures/accessibility.ts';

interface Fixtures {
  /**
   * Automatic: records every page the test's page visits, runs axe (WCAG 2.0–2.2 A and AA, at a
   * phone and a desktop width) on the final one at teardown, and fails the test when a visited
   * page was never checked. See fixtures/accessibility.ts.
   */
  accessibility: Accessibility;
  /**
   * Automatic: fails the test when the Content Security Policy refused anything (a script, a
   * style, an image) on any page it visited. See fixtures/content-security.ts.
   */
  contentSecurity: ContentSecurity;
  /** Checks the page as it is now with axe, at every width; fails on any violation. */
  expectAccessible: Accessibility['expectAccessible'];
  /** The seeded catalogue, through the API. */
  catalogue: Catalogue;
  store: Store;
  account: Account;
  /** The bag: the header's count, `/cart`, and setting it up through the API and the sandbox. */
  bag: Bag;
  /** `/checkout`, step by step. */
  checkout: Checkout;
  listing: Listing;
  search: Search;
  mailbox: Mailbox;
  visualizer: Visualizer;
  /** Happening: the booking machines' generated paths on the screens, and the API to set a test up. */
  happening: Happening;
}

/** Every e2e spec imports `test` and `expect` from here, never from @playwright/test. */
export const test = base.extend<Fixtures>({
  accessibility: [async ({ page, baseURL }, use, testInfo) => guardAccessibility(page, baseURL, testInfo, use), { auto: true, title: 'accessibility (axe)' }],
  contentSecurity: [async ({ page }, use) => guardContentSecurity(page, use), { auto: true, title: 'content security policy' }],
  expectAccessible: async ({ accessibility }, use) => use(accessibility.expectAccessible),
  catalogue: async ({ request }, use) => use(catalogueFixture(request)),
  store: async ({ page, accessibility }, use) => use(storeFixture(page, accessibility)),
  account: async ({ page, accessibility }, use) => use(accountFixture(page, accessibility)),
  bag: async ({ page, accessibility }, use) => use(bagFixture(page, accessibility)),
  checkout: async ({ page, accessibility }, use) => use(checkoutFixture(page, accessibility)),
  listing: async ({ page }, use) => use(listingFixture(page)),
  search: async ({ page }, use) => use(searchFixture(page)),
  mailbox: async ({ page, accessibility }, use) => use(mailboxFixture(page, accessibility)),
  visualizer: async ({ page, accessibility }, use) => use(visualizerFixture(page, accessibility)),
  happening: async ({ page, request, accessibility }, use) => use(happeningFixture(page, request, accessibility)),
});
