import { expect, test } from './fixtures.ts';
import { TEST_CARD } from '../helpers/checkout-screen.ts';
import { findProduct } from './fixtures/bag.ts';
import { tabTo } from './fixtures/keyboard.ts';

/*
 * Checkout (issue 13): a guest in Singapore buys with the test card (S$, the GST line, free
 * shipping over S$35), a declined card keeps every field, a reload in the middle resumes at the
 * same step, an AU member sees Afterpay and Klarna and a PH shopper neither. Every page visited is
 * checked with axe at phone and desktop widths.
 */

const SG_ADDRESS = { fullName: 'Tan Mei Ling', phone: '9123 4567', line1: '2 Orchard Turn', postcode: '238801' };
const DECLINED_CARD = '4000 0000 0000 0002';
/** Each test takes its products from its own price band: the server (and its stock) is shared by the whole run. */
const band = (from: number) => ({ minPrice: from, maxPrice: Number((from + 4.99).toFixed(2)) });

test('a guest in Singapore buys with a test card: S$, the GST line, free shipping over S$35', async ({ page, request, bag, checkout, expectAccessible }) => {
  const product = await findProduct(request, band(20));
  await bag.stockUp(product.slug);
  await bag.addByApi(product.slug, 2);
  await bag.open();
  await bag.summary().getByRole('button', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(checkout.step()).toContainText('Contact');
  await checkout.ready();
  await expectAccessible();

  await checkout.contact('mei.ling@example.com');
  await checkout.expectStep('Address', 2);
  // The country's rules: a Singapore postcode is six digits, the phone a Singapore number.
  await page.getByLabel('Postcode').fill('12345');
  // Continue says why it cannot go on yet; trying anyway (Enter in a field) marks the fields.
  await expect(page.getByText('Complete the address: the fields marked below need your attention.')).toBeVisible();
  await page.getByLabel('Postcode').press('Enter');
  // Says what to type, in the country's format, and only that under the field.
  await expect(page.getByLabel('Postcode')).toHaveAccessibleDescription('Enter a 6-digit postcode, like 238801.');
  await expectAccessible();
  await checkout.address(SG_ADDRESS);

  await checkout.expectStep('Delivery', 3);
  const standard = page.getByRole('radio', { name: /Standard delivery/ });
  await expect(page.getByText(/Standard delivery\s*Free/)).toBeVisible();
  await standard.check();
  await expectAccessible();
  await checkout.continue();
  await checkout.expectStep('Samples and offers', 4);
  await checkout.continue();

  await checkout.expectStep('Payment', 5);
  // Atome is offered in Singapore (within its amounts).
  await expect(page.getByRole('radio', { name: /Atome/ })).toBeVisible();
  await checkout.card();
  await expectAccessible();
  await checkout.continue();

  await checkout.expectStep('Review', 6);
  const summary = checkout.summary();
  await expect(summary.getByText(/Includes GST 9%/)).toBeVisible();
  await expect(summary.getByText('Free', { exact: true })).toBeVisible();
  await expect(summary.getByText(/^S\$\d+\.\d{2}$/).first()).toBeVisible();
  await expect(page.getByText('Credit or debit card •••• 4242')).toBeVisible();
  await expectAccessible();
  await checkout.place();
  const number = await checkout.expectPlaced();
  expect(number).toMatch(/^SG\d+$/);
  await expect(page.getByText('We sent the confirmation to mei.ling@example.com.')).toBeVisible();
  await bag.expectCount(0);
});

test('a declined card keeps every field: the shopper tries another card and places the order', async ({ page, request, bag, checkout, expectAccessible }) => {
  const product = await findProduct(request, band(25));
  await bag.stockUp(product.slug);
  await bag.addByApi(product.slug);
  await checkout.open();
  await checkout.contact('declined@example.com');
  await checkout.address(SG_ADDRESS);
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await checkout.continue();
  await checkout.continue();
  await checkout.card({ number: DECLINED_CARD });
  await checkout.continue();
  await checkout.place();

  await checkout.expectStep('Payment', 5);
  await expect(checkout.failure()).toHaveText('Your card was declined. Try another card or payment method.');
  await expect(page.getByLabel('Card number')).toHaveValue(DECLINED_CARD);
  await expect(page.getByLabel('Name on card')).toHaveValue('Tan Mei Ling');
  await expectAccessible();
  // Every earlier step kept its inputs.
  await page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('button', { name: 'Address' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue(SG_ADDRESS.fullName);
  await expect(page.getByLabel('Postcode')).toHaveValue(SG_ADDRESS.postcode);
  await page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('button', { name: 'Contact' }).click();
  await expect(page.getByLabel('Email address')).toHaveValue('declined@example.com');

  for (let step = 0; step < 4; step += 1) await checkout.continue();
  await checkout.expectStep('Payment', 5);
  await page.getByLabel('Card number').fill(TEST_CARD.number);
  await checkout.continue();
  await checkout.place();
  await checkout.expectPlaced();
});

test('a reload in the middle of checkout resumes at the same step with the same inputs', async ({ page, request, bag, checkout, expectAccessible }) => {
  const product = await findProduct(request, band(30));
  await bag.stockUp(product.slug);
  await bag.addByApi(product.slug);
  await checkout.open();
  await checkout.contact('reload@example.com');
  await checkout.address(SG_ADDRESS);
  await checkout.expectStep('Delivery', 3);
  await page.getByRole('radio', { name: /Express delivery/ }).check();

  await page.reload();
  await checkout.ready();
  await checkout.expectStep('Delivery', 3);
  await expect(page.getByRole('radio', { name: /Express delivery/ })).toBeChecked();
  await expectAccessible();
  await page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('button', { name: 'Address' }).click();
  await expect(page.getByLabel('Address line 1')).toHaveValue(SG_ADDRESS.line1);

  // A new tab resumes the same checkout.
  const tab = await page.context().newPage();
  await tab.goto('/checkout');
  await expect(tab.locator('.checkout [data-state="loading"]')).toHaveCount(0);
  await expect(tab.locator('#checkout-step-heading')).toContainText('Address');
  await expect(tab.getByLabel('Email address')).toHaveCount(0);
  await tab.close();
});

test('an AU member sees Afterpay and Klarna; a PH shopper sees neither', async ({ page, request, bag, checkout, account, baseURL }) => {
  await bag.shopIn('au', baseURL ?? '');
  await account.register({ email: `au.${Date.now()}@example.com`, password: 'Pandan cake 42', firstName: 'Olivia', lastName: 'Smith', country: 'AU' });
  const au = await findProduct(request, { country: 'au', minPrice: 20, maxPrice: 60 });
  await bag.stockUp(au.slug);
  await bag.addByApi(au.slug);
  await checkout.open();
  // A member's email is filled from the account.
  await expect(page.getByLabel('Email address')).not.toHaveValue('');
  await checkout.continue();
  await checkout.address({ fullName: 'Olivia Smith', phone: '0412 345 678', line1: '1 George St', city: 'Sydney', state: 'New South Wales', postcode: '2000' });
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await checkout.continue();
  await checkout.continue();
  await expect(page.getByRole('radio', { name: /Afterpay/ })).toBeEnabled();
  await expect(page.getByRole('radio', { name: /Klarna/ })).toBeEnabled();

  await account.leaveBrowser();
  await bag.shopIn('ph', baseURL ?? '');
  const ph = await findProduct(request, { country: 'ph', minPrice: 500, maxPrice: 3000 });
  await bag.stockUp(ph.slug);
  await bag.addByApi(ph.slug);
  await checkout.open();
  await checkout.contact('maria@example.com');
  await checkout.address({ fullName: 'Maria Santos', phone: '0917 123 4567', line1: '12 Ayala Ave', city: 'Makati', state: 'Metro Manila', stateLabel: 'Province', postcode: '1226' });
  // No express delivery in the Philippines.
  await expect(page.getByRole('radio', { name: /Express delivery/ })).toHaveCount(0);
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await checkout.continue();
  await checkout.continue();
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /Credit or debit card/ })).toBeVisible();
});

test('a member in Indonesia pays with a card whose bank asks for a challenge: rupiah, PPN, Indonesian', async ({ page, request, bag, account, baseURL, expectAccessible }) => {
  await bag.shopIn('id', baseURL ?? '');
  await account.register({ email: `id.${Date.now()}@example.com`, password: 'Pandan cake 42', firstName: 'Siti', lastName: 'Rahma', country: 'ID' });
  const product = await findProduct(request, { country: 'id', minPrice: 100000, maxPrice: 600000 });
  await bag.stockUp(product.slug);
  await bag.addByApi(product.slug);
  await page.goto('/checkout');
  await expect(page.locator('#checkout-step-heading')).toContainText('Langkah 1 dari 6');
  await expect(page.locator('.checkout [data-state="loading"]')).toHaveCount(0);
  const next = page.getByRole('button', { name: 'Lanjutkan', exact: true });
  await next.click();
  await page.getByLabel('Nama lengkap').fill('Siti Rahma');
  await page.getByLabel('Nomor telepon').fill('0812-3456-7890');
  await page.getByLabel('Alamat baris 1').fill('Jl. M.H. Thamrin No. 1');
  await page.getByLabel('Kota/kabupaten').fill('Jakarta Pusat');
  await page.getByLabel('Provinsi', { exact: true }).selectOption('ID-JK');
  await page.getByLabel('Kode pos').fill('10310');
  await next.click();
  await page.getByRole('radio', { name: /Pengiriman standar/ }).check();
  await next.click();
  await next.click();
  await page.getByRole('radio', { name: /Kartu kredit atau debit/ }).check();
  await page.getByLabel('Nomor kartu').fill('4000 0000 0000 3220');
  await page.getByLabel('Nama pada kartu').fill('Siti Rahma');
  await page.getByLabel('Bulan kedaluwarsa (MM)').fill('12');
  await page.getByLabel('Tahun kedaluwarsa (YYYY)').fill('2031');
  await page.getByLabel('Kode keamanan (CVC)').fill('123');
  await next.click();
  const summary = page.getByRole('complementary');
  await expect(summary.getByText(/Termasuk PPN 11%/)).toBeVisible();
  await expect(summary.getByText(/^Rp\s?[\d.]+$/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Buat pesanan' }).click();
  // The bank's challenge: the test processor's code.
  await expect(page.getByLabel('Kode sekali pakai (OTP)')).toBeVisible();
  await expectAccessible();
  await page.getByLabel('Kode sekali pakai (OTP)').fill('123456');
  await page.getByRole('button', { name: 'Konfirmasi pembayaran' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Terima kasih! Pesanan ID\d+ Anda telah dibuat\./ })).toBeVisible();
  await expectAccessible();
});

test('a shopper checks out with the keyboard alone', async ({ page, request, bag, checkout }) => {
  const product = await findProduct(request, band(35));
  await bag.stockUp(product.slug);
  await bag.addByApi(product.slug);
  await bag.open();
  await tabTo(page, bag.summary().getByRole('button', { name: 'Check out' }));
  await page.keyboard.press('Enter');
  await checkout.ready();
  await tabTo(page, page.getByLabel('Email address'));
  await page.keyboard.type('keys@example.com');
  await page.keyboard.press('Enter');
  await checkout.expectStep('Address', 2);
  // The new step's heading has the focus: the next Tab is its first field.
  await expect(checkout.step()).toBeFocused();
  for (const [label, value] of [['Full name', SG_ADDRESS.fullName], ['Phone number', SG_ADDRESS.phone], ['Address line 1', SG_ADDRESS.line1], ['Postcode', SG_ADDRESS.postcode]] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await checkout.expectStep('Delivery', 3);
  await tabTo(page, page.getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /Standard delivery/ })).toBeChecked();
  await page.keyboard.press('Enter');
  await checkout.expectStep('Samples and offers', 4);
  await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await checkout.expectStep('Payment', 5);
  await tabTo(page, page.getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /Credit or debit card/ })).toBeChecked();
  for (const [label, value] of [['Card number', TEST_CARD.number], ['Name on card', 'Keys'], ['Expiry month (MM)', '12'], ['Expiry year (YYYY)', '2031'], ['Security code (CVC)', '123']] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await checkout.expectStep('Review', 6);
  await tabTo(page, page.getByRole('button', { name: 'Place order' }));
  await page.keyboard.press('Enter');
  await checkout.expectPlaced();
});
