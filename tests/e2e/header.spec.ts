import type { Page } from '@playwright/test';
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

test.describe('every phone width from 360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  /** How many rows the header's bar lays its visible parts out in (a part starting below a row's bottom starts a new row). */
  async function headerRows(page: Page): Promise<number> {
    return page.evaluate(() => {
      const bar = document.querySelector('.site-header__bar');
      if (!bar) throw new Error('no header bar');
      const boxes = [...bar.children]
        .filter((child) => getComputedStyle(child).position !== 'absolute' && getComputedStyle(child).position !== 'fixed')
        .map((child) => child.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0)
        .sort((a, b) => a.top - b.top);
      const rows: { bottom: number }[] = [];
      for (const box of boxes) {
        const row = rows.at(-1);
        if (row && box.top < row.bottom - 1) row.bottom = Math.max(row.bottom, box.bottom);
        else rows.push({ bottom: box.bottom });
      }
      return rows.length;
    });
  }

  test('the header is two rows at 360, 375 and 390 px in every language, and nothing is wider than the screen', async ({ page, store }, testInfo) => {
    const notes: string[] = [];
    // English (Singapore), Traditional Chinese (Hong Kong), Indonesian, Thai: the longest words of the row.
    for (const site of ['/?country_code=sg', '/?country_code=hk&language=zh', '/?country_code=id', '/?country_code=th']) {
      await page.setViewportSize({ width: 360, height: 800 });
      await store.open(site);
      for (const width of [360, 375, 390]) {
        await page.setViewportSize({ width, height: 800 });
        const rows = await headerRows(page);
        const header = await store.header().boundingBox();
        notes.push(`${site} at ${width}: ${rows} rows, ${Math.round(header?.height ?? 0)} px`);
        expect(rows, `${site} at ${width} px`).toBe(2);
        // Two rows of 44 px targets with their padding and gap.
        expect(header?.height ?? Infinity, `${site} at ${width} px`).toBeLessThanOrEqual(120);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${site} at ${width} px: wider than the screen`).toBe(true);
      }
    }
    testInfo.annotations.push({ type: 'phone header rows', description: notes.join('; ') });
  });

  test('the Menu offers Beauty Pass, the services and the stores; following one opens its page and closes the menu', async ({ page, store, expectAccessible }) => {
    await store.open('/');
    const button = store.header().getByRole('button', { name: 'Menu', exact: true });
    await button.click();
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    const more = menu.getByRole('navigation', { name: 'Beauty Pass and services' });
    await expect(more.getByRole('link')).toHaveText(['Rewards boutique', 'Beauty Pass offers', 'Services, classes and events', 'Find a store']);
    // Below the categories, reached by Tab after them.
    const lastCategory = store.navigation().getByRole('link').last();
    const [categoryBox, moreBox] = [await lastCategory.boundingBox(), await more.boundingBox()];
    expect(moreBox?.y ?? 0).toBeGreaterThan(categoryBox?.y ?? Infinity);
    await more.getByRole('link', { name: 'Find a store' }).click();
    await expect(page).toHaveURL(/\/stores$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expectAccessible();
  });
});

test('the desktop header keeps its rows: categories, country and language in view, no Menu button', async ({ page, store }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await store.open('/?country_code=hk');
  await expect(store.header().getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  // Beauty Pass, the services and the stores are the footer's on a desktop, not the header row's.
  await expect(page.getByRole('navigation', { name: 'Beauty Pass and services' })).toBeHidden();
  await expect(store.navigation().getByRole('link', { name: 'Makeup', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Country' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
});
