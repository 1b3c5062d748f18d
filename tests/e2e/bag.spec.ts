import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { amountOf, findProduct } from './fixtures/bag.ts';

/*
 * The bag in Singapore (issue 12): add from a listing card and from the product page (adding →
 * added, the header's count moves first), the order summary (S$, GST 9%, Atome, free-shipping
 * progress), the stepper, removing, an out-of-stock line blocking checkout, samples up to the limit,
 * and one flow by keyboard alone. Every page visited is checked with axe at phone and desktop widths.
 * Other countries, the merge at sign-in and a second tab: bag-across.spec.ts.
 */

/**
 * SG: S$35 for free shipping, Atome from S$10 (src/config): a card's product of S$10–18 and another
 * of S$12.50–16 stay under the threshold, and two of the second pass it.
 */
const CARD = { minPrice: 10, maxPrice: 18, singleVariant: true };
const CHEAP = { minPrice: 12.5, maxPrice: 16 };
/** Each test takes its products from its own price band: the server (and its stock) is shared by the whole run. */
const band = (from: number) => ({ minPrice: from, maxPrice: Number((from + 4.99).toFixed(2)) });
const sgd = (amount: number) => `S$${amount.toFixed(2)}`;
/** Sums of prices in cents, as money is (0.1 + 0.2 is not 0.3 in floating point). */
const cents = (amount: number) => Math.round(amount * 100);

/** Holds the bag's line writes until released: what the page shows while an add is on its way. */
async function holdAdds(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pending: Promise<void>[] = [];
  await page.route('**/api/web/v1/cart/line-items', (route) => {
    const answered = held.then(() => route.continue());
    pending.push(answered);
    return answered;
  });
  return async () => {
    release();
    await Promise.all(pending);
    await page.unroute('**/api/web/v1/cart/line-items');
  };
}

/** Presses Tab until `target` has the focus (keyboard only), failing after `most` presses. */
async function tabTo(page: Page, target: Locator, most = 80) {
  for (let press = 0; press < most; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(target)} never took the focus in ${most} presses of Tab`);
}

test('SG: adds from a listing card and the product page, then the bag shows S$, GST 9%, Atome and the free-shipping progress; the stepper and remove follow', async ({ page, store, bag, expectAccessible }) => {
  // A card of a one-variant product has its own "Add to bag": one on its brand's listing, in the price range.
  const cardProduct = await findProduct(page.request, CARD);
  await store.openListing(`/brands/${cardProduct.brandSlug}?price_max=${CARD.maxPrice}`);
  await bag.expectCount(0);
  const card = page.getByRole('list', { name: 'Products' }).getByRole('article').filter({ has: page.getByRole('link', { name: cardProduct.name }) });
  const cardPrice = cardProduct.pays;
  const release = await holdAdds(page);
  await card.getByRole('button', { name: 'Add to bag' }).click();
  // adding → added (spec §4): the count moves before the server answers.
  await expect(card.getByRole('button', { name: 'Adding…' })).toBeVisible();
  await bag.expectCount(1);
  await release();
  await expect(card.getByRole('button', { name: 'Added' })).toBeVisible();
  await expect(card.getByRole('status')).toHaveText(`${cardProduct.name} was added to your bag.`);
  await expectAccessible();

  const product = await findProduct(page.request, { ...CHEAP, not: [cardProduct.slug] });
  await bag.stockUp(product.slug);
  await store.openProduct(product.slug);
  await bag.expectCount(1);
  await page.getByRole('main').getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Added' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'was added to your bag.' })).toContainText(product.name);
  await bag.expectCount(2);
  await expectAccessible();

  await bag.link().click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(bag.lines()).toHaveCount(2);
  await expectAccessible();
  const summary = bag.summary();
  const subtotal = (cents(cardPrice) + cents(product.pays)) / 100;
  await expect(summary.getByRole('definition').first()).toHaveText(sgd(subtotal));
  // Prices include GST: the summary says which part of the total it is (9/109), as the contract rounds it.
  await expect(summary.getByRole('term').filter({ hasText: 'Includes GST 9%' })).toBeVisible();
  const taxText = (await summary.locator('.bag-summary__tax dd').textContent()) ?? '';
  expect(taxText).toMatch(/^S\$\d+\.\d{2}$/);
  expect(Math.abs(amountOf(taxText) - (subtotal * 9) / 109)).toBeLessThanOrEqual(0.005);
  await expect(summary.getByText(`or 3 payments of ${sgd(Math.ceil(cents(subtotal) / 3) / 100)} with Atome`)).toBeVisible();
  await expect(summary.getByText(`Spend ${sgd((3500 - cents(subtotal)) / 100)} more for free shipping`)).toBeVisible();
  const progress = summary.getByRole('progressbar', { name: 'Progress to free shipping' });
  await expect(progress).toHaveAttribute('max', '35');
  expect(Number(await progress.getAttribute('value'))).toBeCloseTo(subtotal, 2);
  await expect(summary.getByRole('button', { name: 'Check out' })).toBeEnabled();

  // The stepper: two of the card's product pass the S$35 threshold; shipping becomes free.
  const line = bag.line(product.name);
  await line.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  await expect(line.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('2');
  await bag.expectCount(3);
  await expect(summary.getByRole('definition').first()).toHaveText(sgd((cents(subtotal) + cents(product.pays)) / 100));
  await expect(summary.getByText('Free', { exact: true })).toBeVisible();
  await expect(summary.getByRole('progressbar')).toHaveCount(0);
  await expectAccessible();
  await line.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
  await expect(line.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('1');
  await bag.expectCount(2);
  await expect(summary.getByRole('definition').first()).toHaveText(sgd(subtotal));
  await expect(line.getByRole('button', { name: `Decrease quantity of ${product.name}` })).toBeDisabled();

  // Remove: the line goes, the count and the subtotal follow, and the server agrees after a reload.
  await line.getByRole('button', { name: `Remove ${product.name} from your bag` }).click();
  await expect(bag.lines()).toHaveCount(1);
  await bag.expectCount(1);
  await expect(summary.getByRole('definition').first()).toHaveText(sgd(cardPrice));
  await store.reload();
  await expect(bag.lines()).toHaveCount(1);
  await expect(bag.line(product.name)).toHaveCount(0);
});

test('SG: a line that goes out of stock blocks checkout, with the reason, until it is removed', async ({ page, bag, expectAccessible }) => {
  const kept = await findProduct(page.request, band(20));
  const soldOut = await findProduct(page.request, { ...band(20), not: [kept.slug] });
  await bag.addByApi(kept.slug);
  await bag.addByApi(soldOut.slug);
  const line = (await bag.serverLines()).find((l) => l.product.slug === soldOut.slug);
  if (!line) throw new Error('the sold-out product is not in the bag');
  await bag.setStock(line.variant.id, 0);

  await bag.open();
  const checkout = bag.summary().getByRole('button', { name: 'Check out' });
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Out-of-stock item must be removed to proceed');
  await expect(bag.line(soldOut.name).getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(checkout).toBeDisabled();
  await expect(checkout).toHaveAccessibleDescription("Why can't I check out? Out-of-stock item must be removed to proceed");
  await expectAccessible();

  await bag.line(soldOut.name).getByRole('button', { name: `Remove ${soldOut.name} from your bag` }).click();
  await expect(bag.lines()).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(checkout).toBeEnabled();
  await expect(checkout).toHaveAccessibleDescription('');
  await bag.expectCount(1);
});

test('SG: a line with less stock than its quantity blocks checkout until it is lowered to what is left', async ({ page, bag, expectAccessible }) => {
  const product = await findProduct(page.request, band(25));
  await bag.addByApi(product.slug, 3);
  const [line] = await bag.serverLines();
  if (!line) throw new Error('the bag has no line');
  await bag.setStock(line.variant.id, 1);

  await bag.open();
  const row = bag.line(product.name);
  const checkout = bag.summary().getByRole('button', { name: 'Check out' });
  await expect(row.getByText('Only 1 left: lower the quantity to keep it.')).toBeVisible();
  await expect(checkout).toBeDisabled();
  await expect(checkout).toHaveAccessibleDescription("Why can't I check out? Out-of-stock item must be removed to proceed");
  await expectAccessible();

  const decrease = row.getByRole('button', { name: `Decrease quantity of ${product.name}` });
  await decrease.click();
  await expect(row.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('2');
  await expect(checkout).toBeDisabled();
  await decrease.click();
  await expect(row.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('1');
  await expect(checkout).toBeEnabled();
  await expect(row.getByRole('button', { name: `Increase quantity of ${product.name}` })).toBeDisabled();
  await bag.expectCount(1);
});

test('SG: a change the server refuses rolls back to the last confirmed bag and says what failed', async ({ page, bag, expectAccessible }) => {
  const product = await findProduct(page.request, band(40));
  await bag.addByApi(product.slug, 1);
  const [line] = await bag.serverLines();
  if (!line) throw new Error('the bag has no line');
  await bag.setStock(line.variant.id, 20);
  await bag.open();
  const row = bag.line(product.name);
  const quantity = row.getByRole('group', { name: `Quantity of ${product.name}` });
  await expect(quantity).toContainText('1');
  // Sold down to the one in the bag after the page was loaded: the page still offers a second.
  await bag.setStock(line.variant.id, 1);

  await row.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  const toast = page.getByRole('alert').filter({ hasText: `The quantity of ${product.name} could not be changed.` });
  await expect(toast).toContainText('There is not enough left in stock.');
  await expect(quantity).toContainText('1');
  await expect(quantity).not.toContainText('2');
  await bag.expectCount(1);
  await expect(bag.summary().getByRole('definition').first()).toHaveText(sgd(product.pays));
  expect((await bag.serverLines()).map((l) => l.quantity)).toEqual([1]);
  await expectAccessible();
});

test('SG: samples are picked up to the limit of 3; the next is refused with the reason, and the picks are kept', async ({ page, store, bag, expectAccessible }) => {
  await bag.addByApi((await findProduct(page.request, band(30))).slug);
  const { limit, choices } = await bag.sampleChoices();
  expect(limit).toBe(3);
  const inStock = choices.filter((choice) => choice.inStock);
  expect(inStock.length).toBeGreaterThan(limit);
  await bag.open();
  const samples = page.getByRole('group', { name: 'Choose your free samples' });
  const box = (name: string) => samples.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  for (const [index, choice] of inStock.slice(0, limit).entries()) {
    await box(choice.name).check();
    await expect(box(choice.name)).toBeChecked();
    await expect(samples.getByRole('status')).toHaveText(index + 1 === limit ? `${limit} of ${limit} chosen: the most you can choose.` : `${index + 1} of ${limit} chosen`);
  }
  const next = inStock[limit];
  if (!next) throw new Error('no sample beyond the limit');
  await expect(box(next.name)).toBeDisabled();
  await expect(box(next.name)).toHaveAccessibleName(`${next.name} You have chosen the most samples you can.`);
  await expectAccessible();

  // The picks are the bag's (on the server): a reload shows them; unpicking one frees the next.
  await expect(samples).not.toHaveAttribute('aria-busy', 'true');
  await store.reload();
  for (const choice of inStock.slice(0, limit)) await expect(box(choice.name)).toBeChecked();
  await box(inStock[0]?.name ?? '').uncheck();
  await expect(box(next.name)).toBeEnabled();
  await expect(samples.getByRole('status')).toHaveText(`${limit - 1} of ${limit} chosen`);
});

test('by keyboard alone: add from the product page, open the bag, raise the quantity', async ({ page, store, bag }) => {
  const product = await findProduct(page.request, band(35));
  await bag.stockUp(product.slug);
  await store.openProduct(product.slug);
  const add = page.getByRole('main').getByRole('button', { name: 'Add to bag' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('button', { name: 'Added' })).toBeVisible();
  await bag.expectCount(1);

  const link = bag.link();
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  const increase = bag.line(product.name).getByRole('button', { name: `Increase quantity of ${product.name}` });
  await tabTo(page, increase);
  await page.keyboard.press('Space');
  await expect(bag.line(product.name).getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('2');
  await bag.expectCount(2);
  // The focus stays on the stepper: another press raises it again.
  await expect(increase).toBeFocused();
  await page.keyboard.press('Space');
  await expect(bag.line(product.name).getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('3');
  await bag.expectCount(3);
});

test('an empty bag says so, with a way back to shopping, at phone and desktop widths', async ({ page, bag }) => {
  await bag.open();
  await expect(page.getByText('Your bag is empty.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  await expect(bag.summary()).toHaveCount(0);
  await bag.expectCount(0);
});
