import type { Page } from '@playwright/test';
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
