import { expect, test, type Page } from '@playwright/test';
import { storefront } from './fixtures.ts';

/**
 * The header search box, found by role only: the search landmark, its combobox and the options
 * the server suggests (product names come from the seed, so no label text is assumed).
 */
function searchBox(page: Page) {
  const form = page.getByRole('search');
  const combobox = form.getByRole('combobox');
  return {
    form,
    combobox,
    async typeInHeader(text: string) {
      // The first screen has a plain field; focusing it loads the combobox, which takes the text over.
      await form.getByRole('textbox').or(combobox).click();
      await page.keyboard.type(text, { delay: 30 });
      await expect(combobox).toHaveValue(text);
    },
    listbox: () => page.getByRole('listbox'),
  };
}

test('a typo in the header box still offers foundations; choosing one opens the product', async ({ page }) => {
  const store = storefront(page);
  await store.open('/');
  const box = searchBox(page);
  await box.typeInHeader('fundation');
  await expect(box.combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(box.form).toHaveAttribute('data-state', 'open.ready');
  const options = box.listbox().getByRole('option');
  // Foundation products among the suggestions (with their picture), whatever the spelling typed.
  const product = options.filter({ has: page.locator('img') }).filter({ hasText: /foundation/i }).first();
  await expect(product).toBeVisible();

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

test('Enter searches the typed text and remembers it; the recent search can be removed', async ({ page }) => {
  const store = storefront(page);
  await store.open('/');
  const box = searchBox(page);
  await box.typeInHeader('fundation');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=fundation$/);

  await box.combobox.fill('');
  const recent = box.listbox().getByRole('option', { name: 'fundation' });
  await expect(recent).toBeVisible();
  // The remove buttons sit beside the listbox, each a Tab stop.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(recent).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('beautypass.recentSearches.sg'))).toBeNull();
});

test('on a phone the box has its own row and the suggestions fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const store = storefront(page);
  await store.open('/');
  const box = searchBox(page);
  await box.typeInHeader('fundation');
  const popup = await box.listbox().boundingBox();
  expect(popup).not.toBeNull();
  expect((popup?.x ?? -1) >= 0 && (popup?.x ?? 0) + (popup?.width ?? 0) <= 375).toBe(true);
});
