import { expect, test, type Page } from '@playwright/test';
import { storefront } from './fixtures.ts';

/** The listing as a shopper sees it: range, filters, sort, cards. */
function listing(page: Page) {
  const filters = page.getByRole('complementary', { name: 'Filters' });
  return {
    range: page.getByText(/^1 to \d+ of \d+$/),
    filters,
    group: (legend: string) => filters.getByRole('group', { name: legend }),
    sort: page.getByRole('combobox', { name: 'Sort by' }),
    cards: page.getByRole('list', { name: 'Products' }).getByRole('article'),
    /** What each card asks the shopper to pay, in card order. */
    async prices(): Promise<number[]> {
      const texts = await page.getByRole('list', { name: 'Products' }).locator('.price__current').allTextContents();
      return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
    },
    /** The choice of a filter with the most products, and that count (read from its accessible name). */
    async largestChoice(legend: string) {
      const boxes = filters.getByRole('group', { name: legend }).getByRole('checkbox');
      let best = { index: -1, count: -1, name: '' };
      for (let index = 0; index < (await boxes.count()); index += 1) {
        const label = (await boxes.nth(index).getAttribute('value')) ?? '';
        const name = (await boxes.nth(index).evaluate((box) => box.closest('label')?.textContent ?? '')).trim();
        const count = Number(name.match(/\((\d[\d,]*)\)$/)?.[1]?.replace(/,/g, '') ?? -1);
        if (count > best.count) best = { index, count, name: label };
      }
      return { box: boxes.nth(best.index), count: best.count, value: best.name };
    },
  };
}

test('filter and sort a listing, Show More, visit a product, and Back finds the same view', async ({ page }) => {
  const store = storefront(page);
  const view = listing(page);
  await store.open('/categories/makeup');
  await expect(view.range).toHaveText(/^1 to 24 of \d+$/);
  const total = Number((await view.range.textContent())?.match(/of (\d+)/)?.[1]);

  // Filter: the sub-category with the most products (the seed is fixed, so it has more than a page).
  await expect(view.group('Categories').getByRole('checkbox').first()).toBeVisible();
  const choice = await view.largestChoice('Categories');
  expect(choice.count).toBeGreaterThan(24);
  expect(choice.count).toBeLessThan(total);
  // The box follows the URL: it reads checked once the listing has taken the new query, which a
  // loaded machine may show a frame later than the click, so wait for it instead of `check()`.
  await choice.box.click();
  await expect(choice.box).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`/categories/makeup\\?categories=${choice.value}$`));
  await expect(view.range).toHaveText(`1 to 24 of ${choice.count}`);
  await expect(view.filters.getByRole('group', { name: 'Active filters' }).getByRole('button', { name: /^Remove filter/ })).toHaveCount(1);

  // Sort: lowest price first.
  await view.sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/[?&]sort=price_asc$/);
  await expect(view.sort).toHaveAttribute('data-state', 'price_asc');
  await expect(view.range).toHaveText(`1 to 24 of ${choice.count}`);
  await expect.poll(async () => {
    const prices = await view.prices();
    return prices.length === 24 && prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) <= price);
  }).toBe(true);

  // Show More appends the next page and moves focus to its first product; the URL keeps the page.
  await page.getByRole('button', { name: 'Show More' }).click();
  const shown = Math.min(48, choice.count);
  await expect(view.range).toHaveText(`1 to ${shown} of ${choice.count}`);
  await expect(view.cards).toHaveCount(shown);
  await expect(view.cards.nth(24).getByRole('link')).toBeFocused();
  await expect(page).toHaveURL(/[?&]sort=price_asc&page=2$/);
  const listingUrl = page.url();
  const thirtieth = (await view.cards.nth(29).getByRole('link').textContent()) ?? '';

  // A product, then Back: the same filters, order and products.
  await view.cards.nth(29).getByRole('link').click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await page.goBack();
  expect(page.url()).toBe(listingUrl);
  await expect(view.range).toHaveText(`1 to ${shown} of ${choice.count}`);
  await expect(view.cards.nth(29).getByRole('link')).toHaveText(thirtieth);
  await expect(view.group('Categories').getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(view.sort).toHaveValue('price_asc');

  // Back again takes off the sort (Show More made no entry of its own), then the filter.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/categories/makeup\\?categories=${choice.value}$`));
  await expect(view.range).toHaveText(`1 to 24 of ${choice.count}`);
  await expect(view.sort).toHaveValue('featured');
  await page.goBack();
  await expect(page).toHaveURL(/\/categories\/makeup$/);
  await expect(view.range).toHaveText(`1 to 24 of ${total}`);
  await expect(view.group('Categories').getByRole('checkbox', { checked: true })).toHaveCount(0);
});

test('a shared link opens the same view: filters, sort and two pages', async ({ page }) => {
  const view = listing(page);
  await page.goto('/categories/makeup?on_sale=true&sort=price_desc&page=2');
  await expect(view.range).toHaveText(/^1 to \d+ of \d+$/);
  const total = Number((await view.range.textContent())?.match(/of (\d+)/)?.[1]);
  await expect(view.cards).toHaveCount(Math.min(48, total));
  await expect(view.group('On sale').getByRole('checkbox')).toBeChecked();
  await expect(view.sort).toHaveValue('price_desc');
  // On sale: every card shows a sale price next to the struck-through regular one.
  await expect(page.getByRole('list', { name: 'Products' }).locator('.price[data-state="regular"]')).toHaveCount(0);
  const prices = await view.prices();
  expect(prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) >= price)).toBe(true);
});

test('brand page and search results use the same listing', async ({ page, request }) => {
  const view = listing(page);
  const brands = (await (await request.get('/api/web/v1/brands')).json()) as { data: { slug: string; name: string }[] };
  const brand = brands.data[0];
  if (!brand) throw new Error('the seed has no brand');
  await page.goto(`/brands/${brand.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: brand.name })).toBeVisible();
  await expect(view.range).toHaveText(/^1 to \d+ of \d+$/);
  await expect(view.group('Categories')).toBeVisible();
  await expect(view.group('Brands')).toHaveCount(0);

  await page.goto('/search?q=lipstick');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “lipstick”' })).toBeVisible();
  await expect(view.range).toHaveText(/^1 to \d+ of \d+$/);
  await expect(view.group('Brands').getByRole('checkbox').first()).toBeVisible();

  await page.goto('/search?q=qqqqqqqqzzzz');
  await expect(page.getByText('Sorry, we found no products for “qqqqqqqqzzzz”.')).toBeVisible();
  await expect(page.getByText('Check the spelling.')).toBeVisible();
});
