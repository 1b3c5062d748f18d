import { expect, type Page } from '@playwright/test';

/** Domain helpers for the storefront: tests read like what a shopper does. */
export function storefront(page: Page) {
  return {
    async open(path = '/') {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
    },
    navigation() {
      return page.getByRole('navigation', { name: 'Categories' });
    },
    productCards() {
      return page.locator('main').getByRole('link').filter({ has: page.locator('img') });
    },
    async chooseCountry(label: string) {
      await Promise.all([page.waitForEvent('load'), page.getByLabel('Country').selectOption({ label })]);
    },
    async expectPricesIn(symbol: string) {
      const price = page.locator('main').getByText(symbol, { exact: false }).first();
      await expect(price).toBeVisible();
    },
  };
}
