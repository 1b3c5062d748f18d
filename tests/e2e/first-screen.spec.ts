import type { Page } from '@playwright/test';
import { COUNTRIES, COUNTRY_CODES } from '../../src/config/countries.ts';
import { expect, test } from './fixtures.ts';

/*
 * The first screen arrives rendered (issue 11): without JavaScript a shopper reads the listing and
 * the product page; with it, the browser hydrates what the server sent without a warning and
 * without asking the API again for what the HTML carried.
 */

test.describe('without JavaScript', () => {
  // None of the store's scripts load (axe, which the fixture runs on every page, still can).
  test.beforeEach(async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
  });

  test('a listing shows its products, prices in the country’s currency and the range', async ({ page, expectAccessible }) => {
    await page.goto('/categories/makeup?country_code=au');
    await expect(page.getByRole('heading', { level: 1, name: 'Makeup' })).toBeVisible();
    const cards = page.locator('.product-card');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(page.getByText(/^1 to \d+ of \d+$/)).toBeVisible();
    const range = (await page.getByText(/^1 to \d+ of \d+$/).textContent()) ?? '';
    expect(Number(/^1 to (\d+)/.exec(range)?.[1])).toBe(await cards.count());
    await expect(cards.first()).toContainText(/\$\d/);
    await expect(cards.first()).not.toContainText('S$');
    // The filters come whole: their counts are part of the page.
    await expect(page.locator('aside.filters')).toHaveAttribute('data-state', 'loaded');
    await expectAccessible();
  });

  test('a product page shows its name, price, shades and reviews; Thai for TH, Chinese for HK', async ({ page, catalogue, expectAccessible }) => {
    const slug = await catalogue.someProductSlug('sg');
    await page.goto(`/products/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.locator('.product__info')).toContainText('S$');
    await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
    await expectAccessible();
    await page.goto(`/products/${slug}?country_code=th&language=th`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.locator('main')).toContainText(/[\u0E00-\u0E7F]/);
    await expect(page.locator('.product__info')).toContainText('฿');
    await expectAccessible();
    await page.goto(`/products/${slug}?country_code=hk&language=zh`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
    await expect(page.locator('main')).toContainText(/[\u4E00-\u9FFF]/);
    await expectAccessible();
  });

  test('with JavaScript turned off in the browser, the same listing and product read the same', async ({ browser, baseURL, catalogue }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) });
    const off = await context.newPage();
    await off.goto('/categories/makeup?country_code=th&language=th');
    await expect(off.locator('.product-card').first()).toContainText('฿');
    await expect(off.getByText(/^1 to \d+ of \d+$/)).toHaveCount(0);
    await expect(off.locator('.listing__range')).toContainText(/\d/);
    const slug = await catalogue.someProductSlug('sg');
    await off.goto(`/products/${slug}`);
    await expect(off.locator('.product__info')).toContainText('S$');
    await context.close();
  });
});

/** The API reads a page's HTML already carries (its screen machines' data). */
const CARRIED = [/\/api\/web\/v1\/layouts$/, /\/api\/web\/v1\/categories$/, /\/api\/web\/v1\/products\?/, /\/api\/web\/v1\/featured-products$/, /\/api\/web\/v1\/search\?/];

function watch(page: Page) {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  return { problems, requests };
}

const PAIRS = COUNTRY_CODES.flatMap((country) => COUNTRIES[country].languages.map((language) => ({ country, language })));

test('the store’s 11 country-language pairs', () => {
  expect(PAIRS).toHaveLength(11);
});

for (const { country, language } of PAIRS) {
  test(`${country}/${language}: the page hydrates without a warning and asks nothing it already has`, async ({ page, expectAccessible }) => {
    const { problems, requests } = watch(page);
    const query = `?country_code=${country.toLowerCase()}&language=${language}`;
    for (const path of ['/', '/categories/makeup']) {
      requests.length = 0;
      await page.goto(`${path}${query}`, { waitUntil: 'networkidle' });
      // Hydrated: the header's search box has become the interactive one.
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-Hant' : language);
      const repeated = requests.filter((url) => CARRIED.some((pattern) => pattern.test(url)));
      expect(repeated, `${path}: data requests the HTML already answered`).toEqual([]);
      await expectAccessible();
    }
    expect(problems).toEqual([]);
  });
}

test('a client-side navigation costs one data request: the next page’s payload', async ({ page, store, expectAccessible }) => {
  const { problems, requests } = watch(page);
  await store.open('/');
  await page.waitForLoadState('networkidle');
  requests.length = 0;
  await page.getByRole('navigation', { name: 'Shop by category' }).getByRole('link', { name: 'Makeup' }).click();
  await expect(page).toHaveURL(/\/categories\/makeup$/);
  await expect(page.getByText(/^1 to \d+ of \d+$/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const data = requests.filter((url) => url.endsWith('_payload.json') || CARRIED.some((pattern) => pattern.test(url)));
  expect(data.map((url) => new URL(url).pathname)).toEqual(['/categories/makeup/_payload.json']);
  // Still the same document: the SPA navigated, the server did not send a new page.
  expect(requests.some((url) => new URL(url).pathname === '/categories/makeup')).toBe(false);
  expect(problems).toEqual([]);
  await expectAccessible();
});

test('the first screen’s images come before the scripts, and the inlined stylesheet is never fetched again', async ({ page }) => {
  const finished = new Map<string, number>();
  const started = new Map<string, number>();
  const begin = Date.now();
  page.on('request', (request) => started.set(new URL(request.url()).pathname, Date.now() - begin));
  page.on('requestfinished', (request) => finished.set(new URL(request.url()).pathname, Date.now() - begin));
  await page.goto('/categories/makeup', { waitUntil: 'networkidle' });
  const images = await page.locator('img[fetchpriority="high"]').evaluateAll((elements) => elements.map((element) => new URL((element as HTMLImageElement).src).pathname));
  expect(images.length).toBeGreaterThan(0);
  const scripts = [...started.keys()].filter((path) => path.startsWith('/assets/') && path.endsWith('.js'));
  // The entry and the route's chunks did load, all of them.
  expect(scripts.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.every((path) => finished.has(path))).toBe(true);
  const lastImage = Math.max(...images.map((path) => finished.get(path) ?? Infinity));
  const firstScript = Math.min(...scripts.map((path) => started.get(path) ?? -Infinity));
  expect(firstScript, `scripts ${scripts.join(', ')} started before the images ${images.join(', ')} arrived`).toBeGreaterThanOrEqual(lastImage);
  expect([...started.keys()].filter((path) => path.endsWith('.css'))).toEqual([]);
});
