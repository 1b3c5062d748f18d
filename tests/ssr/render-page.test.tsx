// @vitest-environment node
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_PREFIX, COUNTRY_COOKIE } from '../../src/config/constants.ts';
import { SESSION_COOKIES } from '../../src/contract/session-constants.ts';
import { products } from '../../src/server/db/schema.ts';
import { renderPage, type PageRequest } from '../../src/web/app/entry-server.tsx';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * The server render of pages (issue 11) against the real API, answered in process: what a crawler
 * or a browser without JavaScript gets, the machines' snapshots the browser restores, the status.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 60 });
});
afterAll(() => t.close());

interface Options {
  cookie?: string;
  /** Wraps the in-process API: a test makes one endpoint fail. */
  api?: (request: Request, next: () => Promise<Response>) => Promise<Response>;
}

const apiPaths: string[] = [];

function render(path: string, { cookie = '', api }: Options = {}) {
  const errors: unknown[] = [];
  const fetchApi: PageRequest['fetchApi'] = async (input, init) => {
    const request = new Request(input, init);
    apiPaths.push(new URL(request.url).pathname.slice(API_PREFIX.length));
    const next = () => Promise.resolve(t.app.fetch(request));
    return api ? api(request, next) : next();
  };
  return renderPage({ url: new URL(path, 'http://store.test'), cookie, fetchApi, onError: (error) => errors.push(error) }).then((page) => {
    expect(errors).toEqual([]);
    // No inline script of React's (moved boundaries): the Content Security Policy allows our files only.
    expect(page.html).not.toContain('<script');
    return page;
  });
}

const text = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('server render', () => {
  test('the home page: header categories, featured products and the snapshots of both machines', async () => {
    const page = await render('/');
    expect(page.status).toBe(200);
    expect(page.head?.title).toBe('Makeup, skincare and fragrance | Beauty Pass Singapore');
    expect(page.lang).toBe('en');
    expect(text(page.html)).toContain('Makeup');
    expect(page.html).toContain('class="product-card');
    expect(Object.keys(page.state.snapshots).sort()).toEqual(['featured:home', 'layouts']);
    expect(page.state.snapshots['featured:home']).toMatchObject({ status: 'active', value: 'success' });
    // A persisted snapshot survives JSON: what the page embeds is what the browser restores.
    expect(JSON.parse(JSON.stringify(page.state))).toEqual(page.state);
    expect(page.state.signedIn).toBe(false);
  });

  test('every layout starts with the skip link to its focusable <main>: no control comes before it', async () => {
    // The default layout (home), and the blank one (the happening list).
    for (const path of ['/', '/happening/services']) {
      const page = await render(path);
      const firstControl = /<(?:a|button|input|select|textarea)\b[^>]*>/.exec(page.html)?.[0] ?? '';
      expect(firstControl, path).toMatch(/class="skip-link"/);
      expect(firstControl, path).toMatch(/href="#main"/);
      expect(page.html, path).toMatch(/<main id="main"[^>]*tabindex="-1"/);
    }
  });

  test('the phone menu is in the page before any script: the categories, then Beauty Pass, the services and the stores', async () => {
    const page = await render('/');
    // The menu is the header's last part: from its popover to the header's end.
    const menu = page.html.slice(page.html.search(/<div[^>]*class="site-menu"[^>]*popover="auto"/), page.html.indexOf('</header>'));
    expect(menu).toContain('aria-label="Categories"');
    const more = /<nav class="store-nav" aria-label="Beauty Pass and services">([\s\S]*?)<\/nav>/.exec(menu)?.[1] ?? '';
    expect([...more.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual(['/beauty-pass/rewards', '/beauty-pass/offers', '/happening/services', '/stores']);
    expect(menu.indexOf('aria-label="Categories"')).toBeLessThan(menu.indexOf('class="store-nav"'));
  });

  test('a category listing: names, prices in the country’s currency and the count, with the filter counts', async () => {
    const sg = await render('/categories/makeup');
    // The filter panel waits for its feature messages, then for its counts: both come in the page.
    expect(sg.html).toMatch(/<aside class="filters"[^>]*data-state="loaded"/);
    expect(sg.html).not.toContain('aria-busy="true"');
    // On a phone the filters are a button that opens a dialog: closed in the page, so no dialog is sent.
    expect(sg.html).toMatch(/<button[^>]*class="button button--secondary filters__toggle"[^>]*aria-haspopup="dialog"[^>]*aria-expanded="false"/);
    expect(sg.html).not.toContain('<dialog');
    const listing = sg.state.snapshots['listing:category:makeup'] as { value: string; context: { products: { name: string }[]; total: number } };
    expect(listing.value).toBe('loaded');
    const names = listing.context.products.map((product) => product.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names.slice(0, 5)) expect(text(sg.html)).toContain(name);
    expect(text(sg.html)).toMatch(/S\$\s?\d/);
    expect(text(sg.html)).toContain(`1 to ${names.length} of ${listing.context.total}`);
    const au = await render('/categories/makeup', { cookie: `${COUNTRY_COOKIE}=au` });
    expect(text(au.html)).toMatch(/A\$\s?\d|\$\d/);
    expect(text(au.html)).not.toMatch(/S\$\s?\d/);
  });

  test('a product page: name, price and shades; Thai for TH, Chinese for HK', async () => {
    const home = await render('/');
    const slug = (home.state.snapshots['featured:home'] as { context: { data: { slug: string }[] } }).context.data[0]?.slug ?? '';
    const page = await render(`/products/${slug}`);
    // The first page of reviews comes with the page (crawlers, shoppers without scripts).
    expect(page.state.snapshots[`reviews:${slug}`]).toMatchObject({ status: 'active' });
    expect(page.html).not.toContain('aria-busy="true"');
    const detail = page.state.snapshots[`product:${slug}`] as { value: string; context: { data: { name: string; variants: unknown[] } } };
    expect(detail.value).toBe('success');
    expect(text(page.html)).toContain(detail.context.data.name);
    expect(page.head?.title).toContain(detail.context.data.name);
    const th = await render(`/products/${slug}?country_code=th&language=th`);
    expect(th.lang).toBe('th');
    expect(th.html).toMatch(/[\u0E00-\u0E7F]/);
    const hk = await render(`/products/${slug}?country_code=hk&language=zh`);
    expect(hk.lang).toBe('zh-Hant');
    expect(hk.html).toMatch(/[\u4E00-\u9FFF]/);
    expect(text(hk.html)).toMatch(/HK\$\s?\d/);
  });

  test('a coming-soon product is rendered not on sale: no "In stock", no "Add to bag", whatever its stock', async () => {
    const [row] = await t.db
      .select({ slug: products.slug, badges: products.badges, totalStock: products.totalStock })
      .from(products)
      .where(sql`'coming_soon' = any(${products.badges}) and ${products.totalStock} > 0`)
      .orderBy(products.id)
      .limit(1);
    expect(row, 'the seed has a coming-soon product in stock').toBeDefined();
    const page = await render(`/products/${row?.slug ?? ''}`);
    const shown = text(page.html);
    expect(shown).toContain('Not on sale yet');
    expect(shown).not.toContain('In stock');
    expect(page.html).toContain('data-state="coming-soon"');
    expect(page.html).not.toContain('add-to-bag__button');
    // A product on sale and in stock still offers both.
    const [onSale] = await t.db
      .select({ slug: products.slug })
      .from(products)
      // Its first shade (the one the page shows chosen) in stock.
      .where(sql`not ('coming_soon' = any(${products.badges})) and (select v.stock from variants v where v.product_id = ${products.id} order by v.position, v.id limit 1) > 0`)
      .orderBy(products.id)
      .limit(1);
    const buyable = await render(`/products/${onSale?.slug ?? ''}`);
    expect(text(buyable.html)).toContain('In stock');
    expect(buyable.html).toContain('add-to-bag__button');
  });

  test('404s: an unknown path, a failed validator and an unknown product', async () => {
    const unknown = await render('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(text(unknown.html)).toContain('Page not found: /no/such/page');
    const invalid = await render('/products/NOT_A_SLUG!');
    expect(invalid.status).toBe(404);
    expect(text(invalid.html)).toContain('Page Not Found: /products/NOT_A_SLUG!');
    const missing = await render('/products/no-such-product');
    expect(missing.status).toBe(404);
    expect(text(missing.html)).toContain('Page Not Found: /products/no-such-product');
  });

  test('a failed data read renders the screen’s error state, with its retry, not a crash', async () => {
    const page = await render('/', {
      api: (request, next) => (new URL(request.url).pathname.endsWith('/featured-products') ? Promise.resolve(new Response('{"message":"down","status":503}', { status: 503, headers: { 'Content-Type': 'application/json' } })) : next()),
    });
    expect(page.status).toBe(200);
    expect(text(page.html)).toContain('Featured products could not be loaded.');
    expect(page.html).toContain('>Retry</button>');
    expect(page.state.snapshots['featured:home']).toMatchObject({ value: 'failure' });
  });

  test('a signed-in request renders the account link', async () => {
    const guest = await render('/');
    expect(guest.html).toContain('>Sign in<');
    const member = await render('/', { cookie: `${SESSION_COOKIES.data}=e30` });
    expect(member.state.signedIn).toBe(true);
    expect(member.html).not.toContain('>Sign in<');
  });

  test('the server asks the API once per machine, in process', async () => {
    apiPaths.length = 0;
    await render('/categories/makeup');
    expect(apiPaths.filter((path) => path === '/layouts')).toHaveLength(1);
    expect(apiPaths.filter((path) => path.startsWith('/products?'))).toHaveLength(0);
    expect(apiPaths.filter((path) => path === '/products')).toHaveLength(1);
  });

  test('hostile product text stays text', async () => {
    const home = await render('/');
    const slug = (home.state.snapshots['featured:home'] as { context: { data: { slug: string }[] } }).context.data[0]?.slug ?? '';
    const hostile = '</script><script>alert(1)</script><!-- x';
    await t.db.update(products).set({ name: { en: hostile, zh: hostile, id: hostile, th: hostile } }).where(eq(products.slug, slug));
    const page = await render(`/products/${slug}`);
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- x');
    expect((page.state.snapshots[`product:${slug}`] as { context: { data: { name: string } } }).context.data.name).toBe(hostile);
  });
});
