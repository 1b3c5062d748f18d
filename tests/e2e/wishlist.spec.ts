import { expect, test } from './fixtures.ts';
import { PHONE } from './fixtures/accessibility.ts';

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
  // No list yet: the heart is not pressed (and stays the server's neutral heart: no list, no work).
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const other = await page.context().newPage();
  await other.goto('/categories/makeup');
  await expect(other.getByRole('button', { name: `Add ${name} to wish list` })).toHaveAttribute('aria-pressed', 'false');

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
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        const sources = (entry.sources ?? []).map(({ node }) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : (node?.nodeName ?? '?')));
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const size of [PHONE, { width: 1350, height: 940 }]) {
    await page.setViewportSize(size);
    await page.goto('/wishlist', { waitUntil: 'networkidle' });
    await expect(page.getByRole('list', { name: 'Your wish list' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.locator('.wishlist-row--skeleton')).toHaveCount(0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Read before the accessibility check, which resizes the page to check both widths.
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    console.log(`/wishlist (guest, 3 items) at ${size.width}×${size.height}: CLS ${cls.toFixed(4)}`);
    expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
  }
  await expectAccessible();
});

test('a coming-soon product on a guest’s wish list says "Not on sale yet", with no "In stock" and no "Move to bag"', async ({ page, store, catalogue, expectAccessible }) => {
  const slug = await catalogue.productWhere({ inStock: true, comingSoon: true });
  await store.openProduct(slug);
  const name = (await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.getByRole('main').getByRole('button', { name: `Add ${name} to wish list` }).click();
  await expect(page.getByRole('main').getByRole('button', { name: `Remove ${name} from wish list` })).toHaveAttribute('aria-pressed', 'true');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/wishlist');
    const row = page.getByRole('list', { name: 'Your wish list' }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toHaveAttribute('data-state', 'coming-soon');
    await expect(row.locator('.stock')).toHaveText('Not on sale yet');
    await expect(row.getByText('In stock', { exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Move to bag' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Remove' })).toBeVisible();
    await expectAccessible();
  }
});
