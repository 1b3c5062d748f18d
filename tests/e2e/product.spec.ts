import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const API = '/api/web/v1';
/** The SPA's headers (spec §7): the API refuses writes without them. */
const HEADERS = { 'Content-Type': 'application/json', 'X-Platform': 'web', 'X-App-Platform': 'web_desktop', 'X-App-Version': '1.0.0', 'X-SWA': 'web', 'X-Site-Country': 'sg' };
const SCRIPT = '<script>alert(1)</script>';

interface Summary {
  slug: string;
  inStock: boolean;
}

/** A new Singapore member, registered through the API: the page's context shares its session cookies. */
async function registerMember(request: APIRequestContext, tag: string): Promise<void> {
  const created = await request.post(`${API}/user`, {
    headers: HEADERS,
    data: {
      email: `e2e.${tag}.${Date.now()}@example.com`,
      password: 'Kaya toast 77',
      firstName: 'Mei',
      lastName: 'Lim',
      country: 'SG',
      consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: false, beautyPass: false },
    },
  });
  expect(created.status()).toBe(201);
}

/** The first product of the catalogue that is (or is not) in stock, found through the API. */
async function productWhere(request: APIRequestContext, inStock: boolean): Promise<string> {
  for (let page = 1; page <= 20; page += 1) {
    const response = await request.get(`${API}/products?per_page=24&page=${page}`, { headers: HEADERS });
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: Summary[] };
    const found = data.find((product) => product.inStock === inStock);
    if (found) return found.slug;
    if (data.length === 0) break;
  }
  throw new Error(`no product with inStock=${String(inStock)} in the seeded catalogue`);
}

/** Dialogs the page opened (an `alert(1)` that ran would be one). */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test('a member writes a review with a <script> in it: it shows as text, before and after a reload, and nothing runs', async ({ page }) => {
  const dialogs = recordDialogs(page);
  await registerMember(page.request, 'review');
  const slug = await productWhere(page.request, true);

  await page.goto(`/products/${slug}`);
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

  await page.reload();
  await expect(reviews.getByText('You have reviewed this product. Thank you!')).toBeVisible();
  await expect(reviews.getByRole('article').first().getByText(`Lovely texture. ${SCRIPT}`, { exact: true })).toBeVisible();
  expect(await page.locator('main script').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('a member waitlists an out-of-stock product: "Waitlist me" becomes "Waitlisted", the badge shows and stays after a reload', async ({ page }) => {
  await registerMember(page.request, 'waitlist');
  const slug = await productWhere(page.request, false);

  await page.goto(`/products/${slug}`);
  const product = page.locator('main article.product');
  await expect(product.locator('.stock')).toHaveText('Out of stock');
  const join = product.getByRole('button', { name: 'Waitlist me' });
  await expect(join).toBeEnabled();
  await join.click();

  const joined = product.getByRole('button', { name: 'Waitlisted' });
  await expect(joined).toHaveAttribute('aria-pressed', 'true');
  const badge = product.locator('.badges [data-badge="waitlisted"]');
  await expect(badge).toHaveText('Waitlisted');

  await page.reload();
  await expect(badge).toHaveText('Waitlisted');
  await expect(product.getByRole('button', { name: 'Waitlisted' })).toHaveAttribute('aria-pressed', 'true');

  // Undone: the badge goes.
  await product.getByRole('button', { name: 'Waitlisted' }).click();
  await expect(product.getByRole('button', { name: 'Waitlist me' })).toBeVisible();
  await expect(badge).toHaveCount(0);
});
