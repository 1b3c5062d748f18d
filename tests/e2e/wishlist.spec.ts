import { expect, test } from './fixtures.ts';

/*
 * A guest's wish list (issue 12), kept on the device: nothing here needs the server's wish list
 * (a member's list and the merge at sign-in are covered by component tests against the contract
 * until the API lands). Every page visited is checked with axe by the fixtures.
 */

test('a guest hearts a product on a listing, finds it on /wishlist, and another tab follows', async ({ page, store, expectAccessible }) => {
  await store.openListing('/categories/makeup');
  const card = page.locator('main article.product-card').first();
  const name = (await card.locator('.product-card__name').textContent()) ?? '';
  const heart = card.getByRole('button', { name: `Add ${name} to wish list` });
  await expect(heart).toHaveAttribute('data-state', 'off');
  const other = await page.context().newPage();
  await other.goto('/categories/makeup');
  await expect(other.getByRole('button', { name: `Add ${name} to wish list` })).toHaveAttribute('data-state', 'off');

  await heart.click();
  await expect(card.getByRole('button', { name: `Remove ${name} from wish list` })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible();
  // The other tab's heart follows by the storage event, without a reload.
  await expect(other.getByRole('button', { name: `Remove ${name} from wish list` })).toHaveAttribute('aria-pressed', 'true');
  await other.close();

  await page.getByRole('banner').getByRole('link', { name: 'Wish list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your wish list' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your wish list' });
  await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expectAccessible();

  await list.getByRole('button', { name: 'Remove' }).first().click();
  await expect(page.getByText('Your wish list is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  await expectAccessible();
});

test('a guest’s /wishlist loaded with items does not move once shown', async ({ page, store, expectAccessible }) => {
  await store.openListing('/categories/makeup');
  const hearts = page.locator('main .wishlist-heart');
  for (const index of [0, 1, 2]) await hearts.nth(index).click();
  await expect(page.locator('main .wishlist-heart[aria-pressed="true"]')).toHaveCount(3);
  await page.addInitScript(() => {
    (window as unknown as { __shifts: number[] }).__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __shifts: number[] }).__shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/wishlist', { waitUntil: 'networkidle' });
  await expect(page.getByRole('list', { name: 'Your wish list' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.locator('.wishlist-row--skeleton')).toHaveCount(0);
  await expectAccessible();
  const cls = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
  expect(cls).toBeLessThanOrEqual(0.02);
});
