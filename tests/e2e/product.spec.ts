import type { Page } from '@playwright/test';
import { findProduct } from './fixtures/bag.ts';
import { tabTo } from './fixtures/keyboard.ts';
import { expect, test } from './fixtures.ts';

const SCRIPT = '<script>alert(1)</script>';

/** A new Singapore member, registered through the API: the page's context shares its session cookies. */
const member = (tag: string) => ({ email: `e2e.${tag}.${Date.now()}@example.com`, password: 'Kaya toast 77', firstName: 'Mei', lastName: 'Lim', country: 'SG' });

/** Dialogs the page opened (an `alert(1)` that ran would be one). */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test('a member writes a review with a <script> in it: it shows as text, before and after a reload, and nothing runs', async ({ page, store, account, catalogue, expectAccessible }) => {
  const dialogs = recordDialogs(page);
  await account.register(member('review'));
  const slug = await catalogue.productWhere({ inStock: true });

  await store.openProduct(slug);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.scrollIntoViewIfNeeded();
  const form = reviews.locator('form.review-form');
  await form.getByRole('radio', { name: '5 stars' }).check();
  await form.getByLabel('Title').fill(`Worth it ${SCRIPT}`);
  await form.getByLabel('Your review').fill(`Lovely texture. ${SCRIPT}`);
  await expect(form.getByText(`${`Lovely texture. ${SCRIPT}`.length} of 2000 used.`)).toBeVisible();
  await form.getByRole('button', { name: 'Post review' }).click();

  await expect(reviews.getByText('Thank you! Your review is posted.')).toBeVisible();
  const mine = reviews.getByRole('article').first();
  await expect(mine.getByText(`Lovely texture. ${SCRIPT}`, { exact: true })).toBeVisible();
  await expect(mine.getByRole('heading', { name: `Worth it ${SCRIPT}` })).toBeVisible();
  await expect(mine.getByText('Mei L.', { exact: false })).toBeVisible();
  expect(await page.locator('main script').count()).toBe(0);
  await expectAccessible();

  await page.reload();
  await expect(reviews.getByText('You have reviewed this product. Thank you!')).toBeVisible();
  await expect(reviews.getByRole('article').first().getByText(`Lovely texture. ${SCRIPT}`, { exact: true })).toBeVisible();
  expect(await page.locator('main script').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('a member waitlists an out-of-stock product: "Waitlist me" becomes "Waitlisted", the badge shows and stays after a reload', async ({ page, store, account, catalogue, expectAccessible }) => {
  await account.register(member('waitlist'));
  const slug = await catalogue.productWhere({ inStock: false });

  await store.openProduct(slug);
  const product = page.locator('main article.product');
  await expect(product.locator('.stock')).toHaveText('Out of stock');
  const join = product.getByRole('button', { name: 'Waitlist me' });
  await expect(join).toBeEnabled();
  await join.click();

  // One way to hear of it again: a member's waitlist, no "Notify me" beside it.
  await expect(product.getByRole('button', { name: 'Notify me' })).toHaveCount(0);

  const joined = product.getByRole('button', { name: 'Waitlisted' });
  await expect(joined).toHaveAttribute('aria-pressed', 'true');
  const badge = product.locator('.badges [data-badge="waitlisted"]');
  await expect(badge).toHaveText('Waitlisted');
  await expectAccessible();

  await page.reload();
  await expect(badge).toHaveText('Waitlisted');
  await expect(product.getByRole('button', { name: 'Waitlisted' })).toHaveAttribute('aria-pressed', 'true');

  // Undone: the badge goes.
  await product.getByRole('button', { name: 'Waitlisted' }).click();
  await expect(product.getByRole('button', { name: 'Waitlist me' })).toBeVisible();
  await expect(badge).toHaveCount(0);
});

test('a guest on a sold-out product gets the email form only, not a waitlist link beside it', async ({ page, store, catalogue, expectAccessible }) => {
  const slug = await catalogue.productWhere({ inStock: false });
  await store.openProduct(slug);
  const product = page.locator('main article.product');
  await expect(product.locator('.stock')).toHaveText('Out of stock');
  await expect(product.getByLabel('Email address')).toBeVisible();
  await expect(product.getByRole('button', { name: 'Notify me' })).toBeVisible();
  await expect(product.getByRole('link', { name: 'Waitlist me' })).toHaveCount(0);
  await expectAccessible();
});

test('a coming-soon product says it is not on sale yet: no "In stock", no "Add to bag"', async ({ page, store, catalogue, expectAccessible }) => {
  const slug = await catalogue.productWhere({ inStock: true, comingSoon: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await store.openProduct(slug);
    const product = page.locator('main article.product');
    await expect(product).toHaveAttribute('data-state', 'coming-soon');
    await expect(product.locator('.stock')).toHaveText('Not on sale yet');
    await expect(product.locator('.badges [data-badge="coming_soon"]')).toBeVisible();
    await expect(product.getByText('In stock', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: 'Add to bag' })).toHaveCount(0);
    // Its one way to hear of it: the waitlist, through signing in.
    await expect(product.getByRole('link', { name: 'Waitlist me' })).toBeVisible();
    await expectAccessible();
  }
});

test('by keyboard alone the focus is never lost: choosing a shade keeps it on the shade, "Add to bag" keeps it on the button', async ({ page, store, bag }) => {
  const product = await findProduct(page.request, { severalVariants: true });
  // Every shade in stock: whichever is chosen can be added.
  await bag.stockUp(product.slug);
  let count = 0;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await store.openProduct(product.slug);
    const main = page.getByRole('main');
    const checked = main.getByRole('radiogroup').getByRole('radio', { checked: true });
    await tabTo(page, checked);
    const first = await checked.getAttribute('aria-label');
    await page.keyboard.press('ArrowRight');
    await expect(checked).not.toHaveAttribute('aria-label', first ?? '');
    await expect(checked).toBeFocused();

    const add = main.getByRole('button', { name: 'Add to bag' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    count += 1;
    const added = main.getByRole('button', { name: 'Added' });
    await expect(added).toBeVisible();
    await bag.expectCount(count);
    // The live button took the pressed one's place: the focus went with it, not to the page's body.
    await expect(added).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('add-to-bag__button') ?? false)).toBe(true);
    // …so the next key press goes on from there: Enter adds again.
    await expect(main.getByRole('button', { name: 'Add to bag' })).toBeVisible();
    await page.keyboard.press('Enter');
    count += 1;
    await bag.expectCount(count);
    await expect(main.locator('.add-to-bag__button')).toBeFocused();
  }
});

