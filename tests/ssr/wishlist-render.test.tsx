// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import type { WishlistItem } from '../../src/contract/cart.ts';
import { SESSION_COOKIES } from '../../src/contract/session-constants.ts';
import { renderPage, type PageRequest } from '../../src/web/app/entry-server.tsx';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * The wish list's server render (issue 12): hearts are neutral (the server knows no shopper's
 * list), a guest's /wishlist is its heading alone (their list is on their device), a member's is
 * rendered from `GET wishlist` with the snapshot the browser restores. `GET wishlist` is answered
 * here in the contract's shape: the server's route is another change's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 20 });
});
afterAll(() => t.close());

const ITEMS: WishlistItem[] = [
  { productId: 3, slug: 'glow-serum', variantId: null, name: 'Glow <Serum>', brand: 'Luma', imageUrl: '/images/glow.jpg', price: { currency: 'SGD', amount: 58 }, salePrice: { currency: 'SGD', amount: 46.4 }, inStock: true, badges: [], addedAt: '2026-11-01T10:00:00.000Z' },
];

function render(path: string, cookie = '') {
  const errors: unknown[] = [];
  const asked: string[] = [];
  const fetchApi: PageRequest['fetchApi'] = async (input, init) => {
    const request = new Request(input, init);
    const apiPath = new URL(request.url).pathname.slice(API_PREFIX.length);
    asked.push(`${request.method} ${apiPath}`);
    if (apiPath === '/wishlist' && request.method === 'GET') return Response.json({ data: ITEMS });
    return t.app.fetch(request);
  };
  return renderPage({ url: new URL(path, 'http://store.test'), cookie, fetchApi, onError: (error) => errors.push(error) }).then((page) => {
    expect(errors).toEqual([]);
    return { ...page, asked };
  });
}

describe('wish list server render', () => {
  test('cards carry a neutral heart, and the page asks nothing of the wish list', async () => {
    const page = await render('/');
    expect(page.html).toMatch(/<button type="button" class="wishlist-heart wishlist-heart--card" data-state="unknown" aria-pressed="false" aria-label="Add [^"]+ to wish list" data-product-action="heart" data-product-id="\d+"><\/button>/);
    expect(page.html).toContain('href="/wishlist"');
    expect(page.asked.filter((call) => call.includes('wishlist'))).toEqual([]);
  });

  test('a guest’s /wishlist: the heading and the device note, no list and no spinner', async () => {
    const page = await render('/wishlist');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Your wish list</h1>');
    expect(page.html).not.toContain('wishlist__items');
    expect(page.html).not.toContain('aria-busy');
    expect(page.modules).toContain('src/web/features/wishlist/wishlist-screen.tsx');
  });

  test('a member’s /wishlist is rendered from GET wishlist, with its snapshot for the browser', async () => {
    const page = await render('/wishlist', `${SESSION_COOKIES.data}=e30`);
    expect(page.html).toContain('Glow &lt;Serum&gt;');
    expect(page.html).toContain('S$46.40');
    expect(page.state.snapshots.wishlist).toMatchObject({ value: 'success' });
    expect(page.asked).toContain('GET /wishlist');
  });
});
