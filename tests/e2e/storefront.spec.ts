import { expect, test } from './fixtures.ts';

test('a shopper in Singapore browses home → category → product', async ({ page, store, listing, expectAccessible }) => {
  await store.open('/');
  await expect(page).toHaveTitle(/ \| Beauty Pass Singapore$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(store.productCards().first()).toBeVisible();
  await store.expectPricesIn('S$');
  // Product images are SVGs drawn by our own server: they load with no network beyond it.
  const firstImage = store.productCards().first().locator('img');
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  const firstCategory = store.navigation().getByRole('link').first();
  const categoryName = (await firstCategory.textContent())?.trim() ?? '';
  await firstCategory.click();
  await expect(page).toHaveURL(/\/categories\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  const range = listing.range;
  await expect(range).toHaveText(/^1 to 24 of \d+$/);
  const total = await listing.total();
  expect(total).toBeGreaterThan(24);
  await expectAccessible();

  await listing.showMore();
  await expect(range).toHaveText(`1 to ${Math.min(48, total)} of ${total}`);
  // Focus moves to the first product of the appended page, so keyboard users continue from there.
  await expect(page.locator(':focus')).toBeVisible();
  await expectAccessible();

  await store.productCards().first().click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  const name = page.getByRole('heading', { level: 1 });
  await expect(name).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^.+ \\| Beauty Pass Singapore$`));
  await store.expectPricesIn('S$');
  await expect(page.getByText(/^(In stock|Out of stock|Not on sale yet)$/).first()).toBeVisible();
  await expectAccessible();

  const shades = page.getByRole('radio');
  if ((await shades.count()) > 1) {
    const image = page.locator('main img').first();
    const before = await image.getAttribute('src');
    await shades.nth(1).click();
    await expect(shades.nth(1)).toHaveAttribute('aria-checked', 'true');
    await expect(shades.nth(1)).toHaveAttribute('data-state', 'checked');
    await expect(image).not.toHaveAttribute('src', before ?? '');
    await expectAccessible();
  }
});

test('switching to Thailand shows Thai text and baht prices, then English on request', async ({ page, store }) => {
  await store.open('/');
  await store.chooseCountry('Thailand');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0E00-\u0E7F]/);
  await expect(store.productCards().first()).toBeVisible();
  await store.expectPricesIn('฿');
  expect((await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('th');

  await store.chooseLanguage('en', 'ภาษา');
  await expect(page).toHaveURL(/[?&]language=en/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await store.expectPricesIn('฿');
  expect((await page.context().cookies()).find((c) => c.name === 'language')?.value).toBe('lng_en');
});

test('an unknown path shows the 404 screen with a way home', async ({ page, store }) => {
  await store.open('/no/such/page', page.getByText('Page not found: /no/such/page'));
  await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
  await page.getByRole('link', { name: /home/i }).last().click();
  await expect(page).toHaveURL(/\/$/);
});

test('a country the store does not ship to gets the welcome screen', async ({ page, store }) => {
  await store.open('/?country_code=us', page.getByText("This site doesn't ship to your country"));
  await expect(page.getByText("This site doesn't ship to your country")).toBeVisible();
  await page.getByRole('link', { name: 'Australia' }).click();
  await expect(page).toHaveTitle(/Beauty Pass Australia$/);
  await store.expectPricesIn('$');
});

test('one process serves the API, hashed assets and the pages', async ({ request }) => {
  const missing = await request.get('/api/web/v1/no-such-resource');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ message: 'Resource not found!' });

  const index = await request.get('/');
  // A browser or CDN may keep the anonymous page but asks again before each use: prices move at any time.
  expect(index.headers()['cache-control']).toBe('public, no-cache');
  const html = await index.text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0] ?? 'no asset in index.html';
  const script = await request.get(asset);
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toContain('immutable');

  const clientRoute = await request.get('/categories/makeup');
  expect(clientRoute.headers()['content-type']).toContain('text/html');
});
