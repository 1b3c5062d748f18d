// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../../src/server/db/schema.ts';
import { BOOT_SCRIPT, MODULE_LIST_ID } from '../../src/server/render/boot-script.ts';
import type { PageRenderer } from '../../src/server/render/pages.ts';
import * as entry from '../../src/web/app/entry-server.tsx';
import { PAGE_STATE_ID, parsePageState } from '../../src/contract/page-state.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/** The built index.html's shape: the server fills its head, root and state. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Template description" />
    <meta property="og:image" content="/social.svg" />
    <title>Beauty Pass</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Beauty Pass needs JavaScript to show the store.</noscript>
  </body>
</html>`;

let dir: string;
let t: TestApp;
let failing: TestApp;
/** The main app's page cache budget: a few pages, so a test can walk past it. */
const PAGE_CACHE_BYTES = 64 * 1024;
/** Renders counted by path: a page the cache answers is not rendered again. */
const renders: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bp-pages-'));
  writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  const counted: PageRenderer = {
    renderPage: (request) => {
      renders.push(request.url.pathname);
      return entry.renderPage(request);
    },
  };
  t = await createTestApp({ seedProducts: 40, staticDir: dir, pages: counted, pageCacheBytes: PAGE_CACHE_BYTES });
  const broken: PageRenderer = { renderPage: () => Promise.reject(new Error('renderer exploded')), renderErrorPage: entry.renderErrorPage };
  failing = await createTestApp({ seedProducts: 0, staticDir: dir, pages: broken });
});
afterAll(async () => {
  await Promise.all([t.close(), failing.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const stateOf = (html: string) => parsePageState(new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">(.*?)</script>`, 's').exec(html)?.[1]);

describe('server-rendered pages', () => {
  test('a page path answers its rendered HTML, head and state', async () => {
    const response = await t.app.request('/categories/makeup');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<title>Makeup | Beauty Pass Singapore</title>');
    expect(html).not.toContain('<title>Beauty Pass</title>');
    expect(html).not.toContain('Template description');
    expect(html).not.toContain('<noscript>');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost\/social.svg">/);
    expect(html).toMatch(/<div id="root"><div class="layout layout--default"/);
    // React's preloads of the eager images go into the head, where the browser finds them first.
    expect(html.indexOf('<link rel="preload" as="image"')).toBeLessThan(html.indexOf('</head>'));
    const state = stateOf(html);
    expect(Object.keys(state?.snapshots ?? {})).toEqual(expect.arrayContaining(['layouts', 'categories', 'listing:category:makeup']));
    // The entry leaves the head: the boot script at the end of the body loads it, the one script that runs inline.
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('<script');
    const modules = JSON.parse(new RegExp(`<script type="application/json" id="${MODULE_LIST_ID}">(.*?)</script>`).exec(html)?.[1] ?? 'null') as unknown;
    expect(modules).toEqual(['/assets/index-test.js']);
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script>`);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  test('`{path}/_payload.json` answers the same snapshots alone', async () => {
    const page = stateOf(await (await t.app.request('/categories/makeup')).text());
    const response = await t.app.request('/categories/makeup/_payload.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(page);
    expect((await t.app.request('/products/no-such-product/_payload.json')).status).toBe(404);
  });

  test('unknown paths are 404 pages; a file path is not a page', async () => {
    const response = await t.app.request('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found: /no/such/page');
    expect((await t.app.request('/robots.txt')).status).toBe(404);
  });

  test('a crawler gets the same full page as a shopper', async () => {
    const shopper = await (await t.app.request('/sale', { headers: { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36' } })).text();
    const crawler = await (await t.app.request('/sale', { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } })).text();
    expect(crawler).toBe(shopper);
    expect(crawler).toContain('class="product-card');
  });

  test('hostile text in the embedded state cannot end the script or open a comment', async () => {
    const [row] = await t.db.select({ slug: products.slug }).from(products).limit(1);
    const slug = row?.slug ?? '';
    const hostile = '</script><script>alert(1)</script><!--';
    await t.db.update(products).set({ description: { en: hostile, zh: hostile, id: hostile, th: hostile } }).where(eq(products.slug, slug));
    const html = await (await t.app.request(`/products/${slug}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    // Nowhere as markup: neither in the rendered page nor in the embedded state.
    expect(html).not.toContain('alert(1)</script><!--');
    const state = stateOf(html);
    expect((state?.snapshots[`product:${slug}`] as { context: { data: { description: string } } }).context.data.description).toBe(hostile);
  });

  test('the sandbox’s developer pages stay the browser’s (the shell, no render)', async () => {
    const response = await t.app.request('/sandbox/machines');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(PAGE_STATE_ID);
  });

  test('a render that fails answers a 500 page in the shopper’s language with the reference id, and logs it', async () => {
    const response = await failing.app.request('/?country_code=th&language=th');
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<html lang="th"');
    expect(html).toMatch(/[\u0E00-\u0E7F]/);
    const referenceId = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(html)?.[1] ?? 'none';
    expect(referenceId).not.toBe('none');
    // No script: the SPA would only fail the same way in place of the error page.
    expect(html).not.toContain('<script');
    expect(failing.logs.some((line) => line.includes(referenceId) && line.includes('renderer exploded'))).toBe(true);
    const payload = await failing.app.request('/_payload.json');
    expect(payload.status).toBe(500);
  });

  test('anonymous pages are kept per site and catalogue version; a member’s page is rendered each time and private', async () => {
    renders.length = 0;
    const first = await t.app.request('/privacy');
    const again = await t.app.request('/privacy');
    expect(await again.text()).toBe(await first.text());
    expect(renders.filter((path) => path === '/privacy')).toHaveLength(1);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(first.headers.get('vary')).toContain('Cookie');
    // Another country is another page.
    const thai = await t.app.request('/privacy', { headers: { Cookie: 'locale=th' } });
    expect(await thai.text()).toContain('lang="th"');
    expect(renders.filter((path) => path === '/privacy')).toHaveLength(2);
    // A member's page is theirs: rendered again, never shared.
    const member = await t.app.request('/privacy', { headers: { Cookie: 'jwt-data=e30' } });
    expect(member.headers.get('cache-control')).toBe('private, no-cache');
    await t.app.request('/privacy', { headers: { Cookie: 'jwt-data=e30' } });
    expect(renders.filter((path) => path === '/privacy')).toHaveLength(4);
  });

  test('a guest’s bag is theirs: /cart is rendered for each request and sent private, page and payload', async () => {
    renders.length = 0;
    const first = await t.app.request('/cart');
    const again = await t.app.request('/cart');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    const payload = await t.app.request('/cart/_payload.json');
    expect(payload.headers.get('cache-control')).toBe('private, no-cache');
    expect(renders.filter((path) => path === '/cart')).toHaveLength(3);
  });

  test('a kept page goes out as the brotli it is kept in, compressed once; a client without brotli gets gzip or the text', async () => {
    renders.length = 0;
    const url = '/categories/makeup?sort=newest';
    const first = await t.app.request(url, { headers: { 'Accept-Encoding': 'br' } });
    const again = await t.app.request(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    const bytes = [Buffer.from(await first.arrayBuffer()), Buffer.from(await again.arrayBuffer())];
    expect([first, again].map((response) => response.headers.get('content-encoding'))).toEqual(['br', 'br']);
    // The same bytes: kept as brotli once, not compressed again per request.
    expect(bytes[1]?.equals(bytes[0] ?? Buffer.alloc(0))).toBe(true);
    expect(again.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    const html = brotliDecompressSync(bytes[1] ?? Buffer.alloc(0)).toString();
    expect(html).toContain('<title>Makeup | Beauty Pass Singapore</title>');
    const gzip = await t.app.request(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
    expect(await (await t.app.request(url)).text()).toBe(html);
    const payload = await t.app.request('/categories/makeup/_payload.json?sort=newest', { headers: { 'Accept-Encoding': 'br' } });
    expect(payload.headers.get('content-type')).toMatch(/^application\/json/);
    expect(stateOf(html)).toEqual(JSON.parse(payload.headers.get('content-encoding') === 'br' ? brotliDecompressSync(Buffer.from(await payload.arrayBuffer())).toString() : await payload.text()));
    expect(renders.filter((path) => path === '/categories/makeup')).toHaveLength(2);
  });

  test('a member’s page is encoded whole as the client asks: brotli, gzip or the text', async () => {
    const member = (acceptEncoding: string | null) => t.app.request('/categories/makeup', { headers: { Cookie: 'jwt-data=e30', ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) } });
    const [br, gzip, plain] = await Promise.all([member('br'), member('gzip'), member(null)]);
    expect([br, gzip, plain].map((response) => response.headers.get('content-encoding'))).toEqual(['br', 'gzip', null]);
    expect(br.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    const title = '<title>Makeup | Beauty Pass Singapore</title>';
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(title);
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain(title);
    expect(await plain.text()).toContain(title);
  });

  test('kept pages stay within the configured bytes, as brotli: past them, the least recently used is rendered again', async () => {
    renders.length = 0;
    const ask = (n: number) => t.app.request(`/privacy?n=${n}`, { headers: { 'Accept-Encoding': 'br' } });
    let size = 0;
    for (let n = 0; size * n <= 2 * PAGE_CACHE_BYTES; n++) size = (await (await ask(n)).arrayBuffer()).byteLength;
    const asked = renders.length;
    // From the newest back, each asked again is answered from the cache until the first one evicted.
    let kept = 0;
    while (kept < asked && renders.length === asked) {
      await ask(asked - 1 - kept);
      if (renders.length === asked) kept++;
    }
    expect(kept).toBeLessThan(asked);
    // As many as their brotli bytes (and keys) allow: kept as the text, a tenth as many would fit.
    expect(kept).toBeGreaterThanOrEqual(Math.floor(PAGE_CACHE_BYTES / (size + 1_024)));
    expect(kept).toBeLessThanOrEqual(Math.floor(PAGE_CACHE_BYTES / size));
  });
});
