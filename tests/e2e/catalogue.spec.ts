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

test.describe('on a phone of 360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('two product columns from 360 px: the first two cards share a row at 360, 375 and 390 px; a desktop has more', async ({ page, store, listing: view }) => {
    await store.openListing('/categories/makeup');
    const boxes = async () => Promise.all([0, 1, 2, 3].map(async (index) => (await view.cards.nth(index).boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 }));
    for (const width of [360, 375, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const [first, second, third] = await boxes();
      if (!first || !second || !third) throw new Error('fewer than three cards');
      expect(Math.abs(second.y - first.y), `${width} px: the second card beside the first`).toBeLessThanOrEqual(1);
      expect(second.x, `${width} px`).toBeGreaterThanOrEqual(first.x + first.width);
      expect(third.y, `${width} px: the third card starts the second row`).toBeGreaterThanOrEqual(first.y + first.height);
      // Each column has room for a card: half the screen less the margins and the gap.
      expect(first.width, `${width} px`).toBeGreaterThan(width / 2 - 40);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width} px: wider than the screen`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const [first, , third] = await boxes();
    expect(Math.abs((third?.y ?? 0) - (first?.y ?? Infinity))).toBeLessThanOrEqual(1);
  });

  test('the filters open in a sheet: a filter changes the listing behind it, and "Show N results" shows them', async ({ page, store, listing: view, expectAccessible }) => {
    await store.openListing('/categories/makeup');
    const total = await view.total();
    // Folded: the filters are a button above the products, not a column.
    await expect(view.group('Categories')).toBeHidden();
    const opener = page.getByRole('button', { name: 'Filters', exact: true });
    await opener.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Close filters' })).toBeFocused();
    await expect(sheet.getByRole('button', { name: `Show ${total} results` })).toBeVisible();
    // A sheet from the bottom, over the page: as wide as the screen, its button in view.
    const box = await sheet.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(340);
    expect(Math.abs((box?.y ?? 0) + (box?.height ?? 0) - 800)).toBeLessThanOrEqual(1);

    const choice = await view.largestChoice('Categories');
    expect(choice.count).toBeLessThan(total);
    await choice.box.click();
    await expect(choice.box).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`/categories/makeup\\?categories=${choice.value}$`));
    // N is the listing's own count for the filters chosen.
    const show = sheet.getByRole('button', { name: `Show ${choice.count} results` });
    await expect(show).toBeVisible();
    await show.click();
    await expect(sheet).toBeHidden();
    await expect(view.range).toHaveText(`1 to 24 of ${choice.count}`);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();

    // Open, it passes axe at the phone widths (the desktop width, a column again, closes it).
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await expect(sheet).toBeVisible();
    await expectAccessible();
  });
});

for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px, Back after Show More and a product page returns to the same place with the same products`, async ({ page, store, listing: view, expectAccessible }) => {
    await page.setViewportSize(viewport);
    await store.openListing('/categories/makeup');
    const total = await view.total();
    const shown = Math.min(48, total);
    // The scroll keeper starts once the page is idle after hydration: it takes over the browser's restoration.
    await page.waitForFunction(() => history.scrollRestoration === 'manual');
    await view.showMore();
    await expect(view.cards).toHaveCount(shown);
    // Down the second page, then into a product.
    const index = shown - 6;
    await page.evaluate((top) => window.scrollTo(0, top), (await view.cards.nth(index).evaluate((card) => card.getBoundingClientRect().top + window.scrollY)) - 200);
    await page.waitForTimeout(100);
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1000);
    const name = (await view.cards.nth(index).getByRole('link').textContent()) ?? '';
    await view.openCard(index);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A new page opens at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAccessible();

    await page.goBack();
    await expect(view.cards).toHaveCount(shown);
    await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - before), { timeout: 10_000 }).toBeLessThanOrEqual(4);
    // The same card under the same place: the shopper's eyes find it where they left it.
    await expect(view.cards.nth(index).getByRole('link')).toHaveText(name);
    const top = await view.cards.nth(index).evaluate((card) => card.getBoundingClientRect().top);
    expect(Math.abs(top - 200)).toBeLessThanOrEqual(4);
    await expectAccessible();
  });
}
