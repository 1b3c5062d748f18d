import { expect, test } from './fixtures.ts';
import { findProduct } from './fixtures/bag.ts';

/*
 * The bag's offers and its way to the wish list (issue 12, spec §3 Offer, §8 'Offer not found'):
 * in Singapore, with products from price bands no other bag spec uses (the run shares one server).
 */

const sgd = (amount: number) => `S$${amount.toFixed(2)}`;
const cents = (amount: number) => Math.round(amount * 100);

test('SG: offers with and without a minimum spend; an unknown or expired code is "Offer not found"; applying one discounts the total, removing it undoes that', async ({ page, bag, expectAccessible }) => {
  // Between S$60 and S$75: the no-minimum offer applies, the S$80 one needs more.
  const product = await findProduct(page.request, { minPrice: 60, maxPrice: 74.99 });
  await bag.addByApi(product.slug);
  await bag.open();
  const offers = page.getByRole('region', { name: 'Offers' });
  const welcome = offers.getByRole('listitem').filter({ hasText: '10% off your order' });
  await expect(welcome).toContainText('No minimum spend · Valid till 31 Dec 2030');
  const spend80 = offers.getByRole('listitem').filter({ hasText: 'S$15.00 off orders over S$80.00' });
  await expect(spend80).toContainText('Minimum spend S$80.00');
  await expect(spend80).toContainText(`Spend ${sgd((8000 - cents(product.pays)) / 100)} more to use this offer.`);
  await expect(spend80.getByRole('button')).toHaveCount(0);
  // The expired summer offer is not listed.
  await expect(offers.getByText('Summer sale: 20% off')).toHaveCount(0);

  const code = offers.getByLabel('Offer code');
  // Every refusal names its reason: an unknown code, one that has ended.
  for (const [refused, reason] of [['NOSUCHCODE', 'Offer not found'], ['SUMMER24', 'This offer has ended.']] as const) {
    await code.fill(refused);
    await offers.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(offers.getByRole('alert')).toHaveText(reason);
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(reason);
  }
  await expectAccessible();

  await welcome.getByRole('button', { name: 'Apply the offer 10% off your order' }).click();
  const summary = bag.summary();
  const discount = Math.round(cents(product.pays) / 10);
  await expect(summary.getByRole('term').filter({ hasText: 'Discount (10% off your order)' })).toBeVisible();
  await expect(summary.getByText(`−${sgd(discount / 100)}`, { exact: true })).toBeVisible();
  await expect(summary.locator('.bag-summary__total dd')).toHaveText(sgd((cents(product.pays) - discount) / 100));
  await expect(offers.getByRole('alert')).toHaveCount(0);
  await expectAccessible();

  await welcome.getByRole('button', { name: 'Remove the offer 10% off your order' }).click();
  await expect(summary.getByRole('term').filter({ hasText: 'Discount' })).toHaveCount(0);
  await expect(summary.locator('.bag-summary__total dd')).toHaveText(sgd(product.pays));
  await expect(welcome.getByRole('button', { name: 'Apply the offer 10% off your order' })).toBeEnabled();
});

test('SG: "Move to wish list" takes a line out of the bag and onto the wish list', async ({ page, store, bag, expectAccessible }) => {
  const product = await findProduct(page.request, { minPrice: 75, maxPrice: 89.99 });
  await bag.addByApi(product.slug);
  await bag.open();
  await bag.expectCount(1);
  await bag.line(product.name).getByRole('button', { name: `Move ${product.name} to your wish list` }).click();
  await expect(page.getByText('Your bag is empty.')).toBeVisible();
  await bag.expectCount(0);
  expect(await bag.serverLines()).toEqual([]);
  await expectAccessible();

  await store.header().getByRole('link', { name: 'Wish list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your wish list' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your wish list' }).getByText(product.name, { exact: true })).toBeVisible();
});
