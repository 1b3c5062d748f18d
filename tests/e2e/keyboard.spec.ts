import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { tabTo } from './fixtures/keyboard.ts';

/*
 * The shell's flows from the keyboard alone, with `document.activeElement` read after each step:
 * the skip link on every layout, the phone's filter sheet (focus in, round, back to its button)
 * and Show More (the focus on the first new product). At a phone's width and a desktop's.
 */

/** What has the focus: its tag, id and accessible text, enough to say which control it is. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element ? { tag: element.tagName.toLowerCase(), id: element.id, name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 80) ?? '' } : null;
  });
}

for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the skip link is the first Tab stop on every layout, shows itself, and Enter puts the focus on the main content', async ({ page, store }) => {
      // The default layout (home) and the blank one (the happening pages).
      for (const path of ['/', '/happening/services']) {
        await store.open(path);
        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: 'Skip to content' });
        await expect(skip).toBeFocused();
        expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Skip to content' });
        // Shown while it has the focus: inside the screen.
        const box = await skip.boundingBox();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
        await page.keyboard.press('Enter');
        expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main' });
        // The next Tab goes on inside the page's content, past the header.
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('main') !== null && document.activeElement?.tagName !== 'MAIN')).toBe(true);
      }
    });

    test('Show More from the keyboard puts the focus on the first new product', async ({ page, store, listing: view }) => {
      await store.openListing('/categories/makeup');
      // Hydrated and idle (the scroll keeper has started): the button is the app's, not the server's HTML alone.
      await page.waitForFunction(() => history.scrollRestoration === 'manual');
      const more = page.getByRole('button', { name: 'Show More' });
      await more.focus();
      expect(await focused(page)).toMatchObject({ tag: 'button', name: 'Show More' });
      await page.keyboard.press('Enter');
      const firstNew = view.cards.nth(24).getByRole('link');
      await expect(firstNew).toBeFocused({ timeout: 10_000 });
      const name = (await firstNew.textContent())?.trim().slice(0, 80) ?? '';
      expect(await focused(page)).toMatchObject({ tag: 'a', name });
      // The address keeps the page shown (the axe check at the end reads the page it says).
      await expect(page).toHaveURL(/[?&]page=2$/);
      await expect(firstNew).toBeFocused();
    });
  });
}

test.describe('the filter sheet, at 360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the focus goes into the sheet, round inside it, stays on a filter it changes, and returns to the Filters button', async ({ page, store, listing: view, expectAccessible }) => {
    await store.openListing('/categories/makeup');
    const opener = page.getByRole('button', { name: 'Filters', exact: true });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    const close = sheet.getByRole('button', { name: 'Close filters' });
    const show = sheet.getByRole('button', { name: /^Show (\d[\d,]* )?results?$/ });
    await expect(close).toBeFocused();
    expect(await focused(page)).toMatchObject({ tag: 'button', name: 'Close filters' });

    // Round inside it: back from the first control to the last, on from the last to the first.
    await page.keyboard.press('Shift+Tab');
    await expect(show).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();

    // Escape closes it; the focus is back on the button that opened it.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await focused(page)).toMatchObject({ tag: 'button', name: 'Filters' });

    // Again: a filter chosen with Space changes the listing behind the sheet and keeps the focus.
    await page.keyboard.press('Enter');
    await expect(close).toBeFocused();
    const onSale = sheet.getByRole('group', { name: 'On sale' }).getByRole('checkbox');
    await tabTo(page, onSale);
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/[?&]on_sale=true$/);
    await expect(onSale).toBeChecked();
    await expect(onSale).toBeFocused();
    const count = Number((await onSale.evaluate((box) => box.closest('label')?.textContent ?? '')).match(/\((\d[\d,]*)\)/)?.[1]?.replace(/,/g, ''));
    await expect(sheet.getByRole('button', { name: `Show ${count} results` })).toBeVisible();
    await tabTo(page, show);
    await page.keyboard.press('Enter');
    await expect(sheet).toBeHidden();
    await expect(view.range).toHaveText(`1 to ${Math.min(24, count)} of ${count}`);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();
    await expectAccessible();
  });
});
