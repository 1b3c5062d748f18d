import { expect, test } from './fixtures.ts';

test('filter and sort a listing, Show More, visit a product, and Back finds the same view', async ({ page, store, listing: view, expectAccessible }) => {
  await store.openListing('/categories/makeup');
  await expect(view.range).toHaveText(/^1 to 24 of \d+$/);
  const total = await view.total();

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
  await expect(view.activeFilters()).toHaveCount(1);
  await expectAccessible();

  // Sort: lowest price first.
  await view.sortBy('Price: low to high');
  await expect(page).toHaveURL(/[?&]sort=price_asc$/);
  await expect(view.sort).toHaveAttribute('data-state', 'price_asc');
  await expect(view.range).toHaveText(`1 to 24 of ${choice.count}`);
  await expect.poll(async () => {
    const prices = await view.prices();
    return prices.length === 24 && prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) <= price);
  }).toBe(true);
  await expectAccessible();

  // Show More appends the next page and moves focus to its first product; the URL keeps the page.
  await view.showMore();
  const shown = Math.min(48, choice.count);
  await expect(view.range).toHaveText(`1 to ${shown} of ${choice.count}`);
  await expect(view.cards).toHaveCount(shown);
  await expect(view.cards.nth(24).getByRole('link')).toBeFocused();
  await expect(page).toHaveURL(/[?&]sort=price_asc&page=2$/);
  await expectAccessible();
  const listingUrl = page.url();
  const thirtieth = (await view.cards.nth(29).getByRole('link').textContent()) ?? '';

  // A product, then Back: the same filters, order and products.
  await view.openCard(29);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible();
  await page.goBack();
  expect(page.url()).toBe(listingUrl);
  await expect(view.range).toHaveText(`1 to ${shown} of ${choice.count}`);
  await expect(view.cards.nth(29).getByRole('link')).toHaveText(thirtieth);
  await expect(view.group('Categories').getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(view.sort).toHaveValue('price_asc');
  await expectAccessible();

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

test('a shared link opens the same view: filters, sort and two pages', async ({ page, store, listing: view }) => {
  await store.openListing('/categories/makeup?on_sale=true&sort=price_desc&page=2');
  await expect(view.range).toHaveText(/^1 to \d+ of \d+$/);
  const total = await view.total();
  await expect(view.cards).toHaveCount(Math.min(48, total));
  await expect(view.group('On sale').getByRole('checkbox')).toBeChecked();
  await expect(view.sort).toHaveValue('price_desc');
  // On sale: every card shows a sale price next to the struck-through regular one.
  await expect(page.getByRole('list', { name: 'Products' }).locator('.price[data-state="regular"]')).toHaveCount(0);
  const prices = await view.prices();
  expect(prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) >= price)).toBe(true);
});

test('the sale lists products on sale only, with the listing\'s filters and sort', async ({ page, store, listing: view }) => {
  await store.openListing('/sale');
  await expect(page.getByRole('heading', { level: 1, name: 'On sale' })).toBeVisible();
  await expect(view.range).toHaveText(/^1 to \d+ of \d+$/);
  await expect(view.group('Brands').getByRole('checkbox').first()).toBeVisible();
  await expect(view.sort).toBeVisible();
  // Every card shows a sale price next to the struck-through regular one.
  await expect(page.getByRole('list', { name: 'Products' }).locator('.price[data-state="regular"]')).toHaveCount(0);
});

test('brand page and search results use the same listing', async ({ page, store, catalogue, listing: view }) => {
  const brand = await catalogue.firstBrand();
  await store.openListing(`/brands/${brand.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: brand.name })).toBeVisible();
  await expect(view.range).toHaveText(/^1 to \d+ of \d+$/);
  await expect(view.group('Categories')).toBeVisible();
  await expect(view.group('Brands')).toHaveCount(0);

  await store.openListing('/search?q=lipstick');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “lipstick”' })).toBeVisible();
  await expect(view.range).toHaveText(/^1 to \d+ of \d+$/);
  await expect(view.group('Brands').getByRole('checkbox').first()).toBeVisible();

  await store.open('/search?q=qqqqqqqqzzzz', page.getByText('Sorry, we found no products for “qqqqqqqqzzzz”.'));
  await expect(page.getByText('Sorry, we found no products for “qqqqqqqqzzzz”.')).toBeVisible();
  await expect(page.getByText('Check the spelling.')).toBeVisible();
});
