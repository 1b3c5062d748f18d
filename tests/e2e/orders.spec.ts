import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { API, HEADERS } from './fixtures/api.ts';
import { findProduct, type Bag } from './fixtures/bag.ts';

/*
 * Orders (issue 13): a member's history and order page, another member's number, and a guest's
 * lookup. Orders are placed through the API (`POST checkout/orders` with the test card): what is
 * under test here is what the shopper reads afterwards. Every page visited is checked with axe at
 * phone and desktop widths by the fixtures.
 */

const SG = { ...HEADERS, 'X-Site-Country': 'sg' };
const ADDRESS = { fullName: 'Tan Mei Ling', phone: '9123 4567', line1: '2 Orchard Turn', line2: '#03-21', city: '', state: '', postcode: '238801' };
const TEST_CARD = { method: 'card', card: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', name: 'Tan Mei Ling' } };

const member = (tag: string) => ({ email: `e2e.orders.${tag}.${Date.now()}@example.com`, password: 'Char kway teow 8', firstName: 'Mei Ling', lastName: 'Tan', country: 'SG' });

/**
 * One item of a product of its own price band (the run shares one server and its stock) into this
 * browser's bag, then the bag placed as an order, standard delivery, paid by the test card.
 */
async function placeOrder(request: APIRequestContext, bag: Bag, email: string): Promise<{ number: string; productName: string }> {
  const product = await findProduct(request, { country: 'sg', minPrice: 50, maxPrice: 58 });
  await bag.addByApi(product.slug);
  const current = await request.get(`${API}/cart/bag`, { headers: SG });
  expect(current.ok()).toBe(true);
  const { version } = ((await current.json()) as { data: { version: number } }).data;
  const placed = await request.post(`${API}/checkout/orders`, {
    headers: { ...SG, 'Idempotency-Key': randomUUID() },
    data: { bagVersion: version, email, delivery: { method: 'standard', storeId: null, address: ADDRESS }, payment: TEST_CARD },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { number: ((await placed.json()) as { data: { number: string } }).data.number, productName: product.name };
}

/**
 * What the page logged as errors: a hydration that disagreed with the server's HTML, or a failed
 * render. The browser's own line for an answer it was given as 404 (the not-found page, a lookup's
 * miss) is what those pages are meant to get.
 */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded with a status of 404')) errors.push(message.text());
  });
  return errors;
}

test('a Beauty Pass member finds a placed order in My orders with its points and opens it; another member gets the not-found page for its number', async ({ page, account, bag, expectAccessible }) => {
  const errors = pageErrors(page);
  const buyer = { ...member('buyer'), beautyPass: true };
  await account.register(buyer);
  const { number, productName } = await placeOrder(page.request, bag, buyer.email);

  // Server-rendered: the page's HTML already lists the order (and its snapshot, which the browser restores).
  const html = await (await page.request.get('/account/orders')).text();
  expect(html).toContain(`>Order ${number}</a>`);

  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expectAccessible();
  await page.getByRole('link', { name: 'My orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  const row = page.getByRole('list', { name: 'My orders' }).getByRole('listitem').filter({ hasText: number });
  await expect(row.getByRole('link', { name: `Order ${number}` })).toBeVisible();
  await expect(row).toContainText('1 item');
  await expect(row).toContainText(/S\$\d+\.\d{2}/);
  // S$50–58 at one point per S$ (src/config/cart.ts): the order earned 50 to 58 points.
  await expect(row.getByText('Points earned').locator('xpath=following-sibling::dd[1]')).toHaveText(/^5\d$/);
  await expectAccessible();

  await row.getByRole('link', { name: `Order ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${number}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('list', { name: 'Items' }).getByRole('link', { name: productName })).toBeVisible();
  await expect(main.getByText(/^Includes GST 9%: S\$\d+\.\d{2}$/)).toBeVisible();
  await expect(main.getByTestId('payment-method')).toContainText('Visa •••• ending in 4242');
  await expect(main.getByRole('region', { name: 'Delivery' })).toContainText('2 Orchard Turn');
  await expect(main.getByRole('region', { name: 'Order status' }).getByRole('listitem').first()).toContainText('Placed');
  await expect(main.getByTestId('points-earned')).toHaveText(/^Beauty Pass points earned: 5\d$/);
  await expectAccessible();

  // Another member asks for the same number: not theirs, so not found (404, never 403).
  await account.leaveBrowser();
  await account.register(member('other'));
  const response = await page.goto(`/account/orders/${number}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: `Page Not Found: /account/orders/${number}` })).toBeVisible();
  await expectAccessible();
  expect(errors).toEqual([]);
});

test('a guest finds an order by its number and email at /orders/lookup', async ({ page, bag, expectAccessible }) => {
  const errors = pageErrors(page);
  const email = `e2e.orders.guest.${Date.now()}@example.com`;
  const { number, productName } = await placeOrder(page.request, bag, email);

  // A guest's /account/orders is the note with the sign-in link that comes back to it (the browser then goes to sign in).
  expect(await (await page.request.get('/account/orders')).text()).toContain(`href="/sign_in?return_to=${encodeURIComponent('/account/orders')}"`);

  await page.goto('/orders/lookup');
  await expect(page.getByRole('heading', { level: 1, name: 'Find your order' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Find your order' });
  await expectAccessible();

  await form.getByRole('button', { name: 'Find order' }).click();
  await expect(form.getByLabel('Order number')).toHaveAccessibleDescription(/Enter the order number from your order confirmation email\.$/);
  await form.getByLabel('Order number').fill(number);
  await form.getByLabel('Email').fill('someone.else@example.com');
  await form.getByRole('button', { name: 'Find order' }).click();
  await expect(form.getByRole('alert')).toHaveText('We could not find an order with this number and email.');
  await expect(form.getByRole('alert')).toBeFocused();
  await expectAccessible();

  await form.getByLabel('Email').fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Find order' }).click();
  const heading = page.getByRole('heading', { level: 2, name: `Order ${number}` });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('main').getByRole('link', { name: productName })).toBeVisible();
  await expect(page.getByRole('main').getByTestId('payment-method')).toContainText('Visa •••• ending in 4242');
  await expectAccessible();
  expect(errors).toEqual([]);
});
