import { expect, test } from './fixtures.ts';
import { PHONE } from './fixtures/accessibility.ts';

test.describe('the compact phone header', () => {
  test.use({ viewport: PHONE });

  test('leaves the first screen to the products: the first card of a listing starts above the fold', async ({ page, store }, testInfo) => {
    await store.openListing('/categories/makeup');
    const header = await store.header().boundingBox();
    const card = await store.productCards().first().boundingBox();
    if (!header || !card) throw new Error('no header or no product card on the page');
    const note = `header ${Math.round(header.height)} px of ${PHONE.height}; first product card at ${Math.round(card.y)} px`;
    console.log(`phone header: ${note}`);
    testInfo.annotations.push({ type: 'phone header', description: note });
    // One row (logo, account, Menu) and the search box: it was 288 px with the selects and categories.
    expect(header.height).toBeLessThanOrEqual(120);
    expect(card.y).toBeLessThan(PHONE.height);
    // The categories, country and language are behind the Menu button, not in the header's rows.
    await expect(store.navigation()).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Country' })).toBeHidden();
  });

  test('the Menu button opens the categories, country and language from the keyboard; Escape closes it and focus returns', async ({ page, store, expectAccessible }) => {
    await store.open('/?country_code=hk');
    const button = store.header().getByRole('button', { name: 'Menu', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const box = await button.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(menu).toBeVisible();
    await expect(store.navigation().getByRole('link', { name: 'Makeup', exact: true })).toBeVisible();
    await expect(store.navigation().getByRole('link', { name: 'Face' })).toBeVisible();
    await expect(menu.getByRole('combobox', { name: 'Country' })).toBeVisible();
    await expect(menu.getByRole('combobox', { name: 'Language' })).toBeVisible();

    // Tab goes from the button into the menu: its first category.
    await page.keyboard.press('Tab');
    await expect(store.navigation().getByRole('link', { name: 'Makeup', exact: true })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expectAccessible();
  });

  test('the open menu passes axe, and following a category in it closes it on the new page', async ({ page, store, expectAccessible }) => {
    await store.open('/');
    const button = store.header().getByRole('button', { name: 'Menu', exact: true });
    await button.click();
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(menu).toBeVisible();
    // Checked open at the phone width (axe then checks the desktop row, which closes the drawer).
    await expectAccessible();

    await button.click();
    await expect(menu).toBeVisible();
    await store.navigation().getByRole('link', { name: 'Eyes' }).click();
    await expect(page).toHaveURL(/\/categories\/makeup\/eyes$/);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1, name: 'Eyes' })).toBeVisible();
    await expectAccessible();
  });

  test('the Menu button stays in view over the open menu and closes it', async ({ page, store }) => {
    await store.open('/');
    const button = store.header().getByRole('button', { name: 'Menu', exact: true });
    await button.click();
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(menu).toBeVisible();
    const [buttonBox, menuBox] = [await button.boundingBox(), await menu.boundingBox()];
    expect((buttonBox?.y ?? Infinity) + (buttonBox?.height ?? 0)).toBeLessThanOrEqual(menuBox?.y ?? 0);
    await page.mouse.click((buttonBox?.x ?? 0) + 10, (buttonBox?.y ?? 0) + 10);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the desktop header keeps its rows: categories, country and language in view, no Menu button', async ({ page, store }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await store.open('/?country_code=hk');
  await expect(store.header().getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  await expect(store.navigation().getByRole('link', { name: 'Makeup', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Country' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
});
