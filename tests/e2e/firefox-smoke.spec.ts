import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_PATH } from '../tools/ensure-firefox.ts';
import { expect, test } from './fixtures.ts';
import { API, HEADERS } from './fixtures/api.ts';

/*
 * A second engine on every run: Debian's Firefox ESR (tests/tools/ensure-firefox.ts), driven
 * through WebDriver BiDi by puppeteer-core against the suite's own server, walks the shopper's
 * main journey: home → a product → Add to bag → the bag → checkout up to its review. Playwright
 * cannot drive Debian's Firefox (only its own patched build), so this one test launches Firefox
 * itself; its steps use the markup's names and fields, not Playwright's locators. The rest of the
 * suite (and axe) runs in Chromium.
 */

const SG_ADDRESS = { fullName: 'Tan Mei Ling', phone: '9123 4567', line1: '2 Orchard Turn', postcode: '238801' };

interface Featured {
  id: number;
  slug: string;
  inStock: boolean;
  variantCount: number;
}

/** Waits until `selector`'s text matches `pattern` (the page's own words: the step heading, the bag's count). */
async function waitForText(page: Page, selector: string, pattern: RegExp): Promise<void> {
  await page.waitForFunction(
    (css: string, source: string, flags: string) => new RegExp(source, flags).test(document.querySelector(css)?.textContent ?? ''),
    { timeout: 15_000 },
    selector,
    pattern.source,
    pattern.flags,
  );
}

/** The checkout's Continue, then the step it leads to. */
async function continueTo(page: Page, step: number, name: string): Promise<void> {
  await page.locator('button.checkout-next').click();
  await waitForText(page, '#checkout-step-heading', new RegExp(`Step ${step} of 6\\s*${name}`));
}

test('Firefox ESR (WebDriver BiDi): home → product → Add to bag → bag → checkout to its review', async ({ request, baseURL }, testInfo) => {
  // A missing Firefox fails the run rather than skipping it: the second engine is part of every run.
  if (!existsSync(FIREFOX_PATH)) throw new Error(`no Firefox at ${FIREFOX_PATH}: run npx tsx tests/tools/ensure-firefox.ts (npm run e2e does)`);
  if (!baseURL) throw new Error('no baseURL');
  // A featured product of the home page sold as one variant, with stock that the rest of the run cannot use up.
  const featured = await request.post(`${API}/featured-products`, { headers: { ...HEADERS, 'X-Site-Country': 'sg' }, data: { placement: 'home', limit: 12 } });
  expect(featured.ok(), await featured.text()).toBe(true);
  const product = ((await featured.json()) as { data: Featured[] }).data.find((item) => item.inStock && item.variantCount === 1);
  if (!product) throw new Error('no featured product of the seed is in stock with one variant');
  const variants = await request.get(`${API}/variants?product=${product.slug}`, { headers: { ...HEADERS, 'X-Site-Country': 'sg' } });
  for (const { id } of ((await variants.json()) as { data: { id: number }[] }).data) {
    const stocked = await request.patch(`${API}/sandbox/variants/${id}`, { headers: HEADERS, data: { stock: 50 } });
    expect(stocked.status(), await stocked.text()).toBe(200);
  }

  const started = Date.now();
  let browser: Browser | null = null;
  try {
    browser = await puppeteer.launch({ browser: 'firefox', protocol: 'webDriverBiDi', executablePath: FIREFOX_PATH, headless: true, timeout: 30_000 });
    const launched = Date.now();
    const version = await browser.version();
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.setViewport({ width: 1280, height: 800 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));

    // Home: rendered by the server, then hydrated (the header's bag count box fills in after hydration).
    await page.goto(new URL('/', baseURL).href, { waitUntil: 'load' });
    await page.locator(`main .product-card a[href="/products/${product.slug}"]`).click();
    // The product page, reached in-app.
    await page.waitForFunction((slug: string) => location.pathname === `/products/${slug}`, {}, product.slug);
    await page.locator('main h1').wait();
    // Its own Add to bag (the first in the page; the grids below come after it): the server takes the line, the header counts it.
    const added = page.waitForResponse((response) => response.url().includes(`${API}/cart/line-items`) && response.request().method() === 'POST');
    await page.locator(`main button[data-product-action="bag"][data-product-id="${product.id}"]`).click();
    expect((await added).status()).toBe(201);
    await waitForText(page, '.site-header__count [aria-hidden="true"]', /^1$/);

    // The bag, in-app from the header, and its Check out.
    await page.locator('a.site-header__bag').click();
    await page.waitForFunction(() => location.pathname === '/cart');
    await page.locator('button.bag-summary__checkout:not([disabled])').click();
    await page.waitForFunction(() => location.pathname === '/checkout');
    await waitForText(page, '#checkout-step-heading', /Step 1 of 6\s*Contact/);

    await page.locator('input[name="email"]').fill('firefox.smoke@example.com');
    await continueTo(page, 2, 'Address');
    for (const [field, value] of Object.entries(SG_ADDRESS)) await page.locator(`input[name="${field}"]`).fill(value);
    await continueTo(page, 3, 'Delivery');
    await page.locator('input[name="delivery"][value="standard"]').click();
    await continueTo(page, 4, 'Samples and offers');
    await continueTo(page, 5, 'Payment');
    await page.locator('input[name="payment"][value="card"]').click();
    const card = { number: '4242 4242 4242 4242', name: 'Tan Mei Ling', expMonth: '12', expYear: '2031', cvc: '123' };
    for (const [field, value] of Object.entries(card)) await page.locator(`input[name="card-${field}"]`).fill(value);
    await continueTo(page, 6, 'Review');
    // The review shows the card it will charge, and the order can be placed from here.
    await waitForText(page, 'main', /•••• 4242/);
    await page.locator('main button.checkout-place').wait();
    expect(errors).toEqual([]);

    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const note = `${version}: launch ${seconds(launched - started)} s, journey ${seconds(Date.now() - launched)} s`;
    console.log(`firefox smoke: ${note}`);
    testInfo.annotations.push({ type: 'firefox smoke', description: note });
  } finally {
    await browser?.close();
  }
});
