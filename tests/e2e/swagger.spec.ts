import { test, expect } from './fixtures.ts';
import { DESKTOP } from './fixtures/accessibility.ts';

/**
 * `/swagger`: the API reference as a developer reads it. Swagger UI (from npm, served by our server)
 * renders the generated OpenAPI document: every operation is there, opens from the keyboard, the
 * page passes axe at both widths, and nothing is fetched from another origin (the page policy stays
 * as strict as every other page's; the content security fixture fails the test on any refusal).
 */

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId: string }>>;
}

test('the API reference shows every operation of the document, opens one from the keyboard and loads nothing from elsewhere', async ({ page, request, baseURL }) => {
  const document = (await (await request.get('/api/web/v1/openapi.json', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()) as OpenApiDocument;
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
  expect(operations.length).toBeGreaterThan(90);

  const origins = new Set<string>();
  page.on('request', (sent) => origins.add(new URL(sent.url()).origin));

  // Swagger UI draws an operation once it scrolls into view: a window as tall as the whole list shows them all at once.
  await page.setViewportSize({ width: 1280, height: 30_000 });
  await page.goto('/swagger');
  await expect(page.getByRole('heading', { level: 1, name: 'Beauty Pass API reference' })).toBeVisible();
  await expect(page.locator('.opblock')).toHaveCount(operations.length, { timeout: 15_000 });
  const shown = await page.locator('.opblock-summary-path').evaluateAll((paths) => paths.map((path) => path.getAttribute('data-path')));
  expect(new Set(shown)).toEqual(new Set(Object.keys(document.paths)));
  await page.setViewportSize(DESKTOP);

  // The first Tab lands on the skip link, which leads to the reference itself.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // An operation's summary is a button: focus it and open it with Enter, as a keyboard user does.
  // The product listing: its parameters are choices and fields, each named for a screen reader.
  const listing = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/api/web/v1/products"]') });
  await listing.locator('.opblock-summary-control').focus();
  await page.keyboard.press('Enter');
  await expect(listing).toHaveClass(/is-open/);
  await expect(listing.locator('.opblock-body')).toBeVisible();
  await expect(listing.getByRole('combobox', { name: 'sort' })).toBeVisible();

  expect([...origins]).toEqual([new URL(baseURL ?? 'http://127.0.0.1').origin]);
});
