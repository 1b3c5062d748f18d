import { API, HEADERS } from './fixtures/api.ts';
import { expect, test } from './fixtures.ts';

test('a typo in the header box still offers foundations; choosing one opens the product', async ({ page, store, search: box, expectAccessible }) => {
  await store.open('/');
  await box.typeInHeader('fundation');
  await expect(box.combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(box.form).toHaveAttribute('data-state', 'open.ready');
  const options = box.listbox().getByRole('option');
  // Foundation products among the suggestions (with their picture), whatever the spelling typed.
  const product = options.filter({ has: page.locator('img') }).filter({ hasText: /foundation/i }).first();
  await expect(product).toBeVisible();
  // The open suggestions are part of the page: checked as the shopper sees them.
  await expectAccessible();

  // Down the list with the keyboard until the product is the active option.
  const productId = (await product.getAttribute('id')) ?? 'missing';
  const count = await options.count();
  for (let i = 0; i < count && (await box.combobox.getAttribute('aria-activedescendant')) !== productId; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(box.combobox).toHaveAttribute('aria-activedescendant', productId);
  await expect(product).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/foundation/i);
});

test('Enter searches the typed text and remembers it; the recent search can be removed', async ({ page, store, search: box, expectAccessible }) => {
  await store.open('/');
  await box.typeInHeader('fundation');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=fundation$/);

  await box.combobox.fill('');
  const recent = box.listbox().getByRole('option', { name: 'fundation' });
  await expect(recent).toBeVisible();
  await expectAccessible();
  // The remove buttons sit beside the listbox, each a Tab stop.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(recent).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('beautypass.recentSearches.sg'))).toBeNull();
});

test('on a phone the box has its own row and the suggestions fit the screen', async ({ page, store, search: box, expectAccessible }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await store.open('/');
  await box.typeInHeader('fundation');
  const popup = await box.listbox().boundingBox();
  expect(popup).not.toBeNull();
  expect((popup?.x ?? -1) >= 0 && (popup?.x ?? 0) + (popup?.width ?? 0) <= 375).toBe(true);
  await expectAccessible();
});

test('popular searches list what several shoppers searched, not what one shopper repeated, at phone and desktop widths', async ({ page, request, store, search: box, expectAccessible }) => {
  // Three shoppers (three addresses behind the trusted proxy) search "serum"; one searches "mascara" again and again.
  const searchAs = async (address: string, q: string) => {
    const response = await request.get(`${API}/search?q=${q}`, { headers: { ...HEADERS, 'X-Site-Country': 'sg', 'X-Forwarded-For': address } });
    expect(response.ok()).toBe(true);
  };
  for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await searchAs(address, 'serum');
  for (let i = 0; i < 6; i++) await searchAs('198.51.100.4', 'mascara');

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await store.open('/');
    await box.typeInHeader('s');
    await box.combobox.fill('');
    const popular = box.listbox().getByRole('group', { name: 'Popular searches' });
    await expect(popular.getByRole('option', { name: 'serum', exact: true })).toBeVisible();
    await expect(popular.getByRole('option', { name: 'mascara', exact: true })).toHaveCount(0);
    await expectAccessible();
  }
});

