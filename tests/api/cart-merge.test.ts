import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartResponseSchema, WishlistResponseSchema } from '../../src/contract/cart.ts';
import type { ApiErrorBody } from '../../src/contract/site.ts';
import { createOidcVerifier } from '../../src/server/auth/oidc.ts';
import { userIdentities } from '../../src/server/db/schema.ts';
import { registration } from '../helpers/account.ts';
import { cookieHeader, cookieJar, insertUser } from '../helpers/auth.ts';
import { appTarget, cartCall, guestBag, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { startOidcIssuer, type OidcTestIssuer } from '../helpers/oidc-issuer.ts';
import { createTestApp, json, type TestApp } from '../helpers/server.ts';

/** Issue 12: the guest bag carried over at sign-in and registration, sign-out, and the wish list. */
let t: TestApp;
let target: CartTarget;
let issuer: OidcTestIssuer;
beforeAll(async () => {
  issuer = await startOidcIssuer();
  t = await createTestApp({ seedProducts: 60, idTokens: createOidcVerifier({ issuer: issuer.issuer, clientId: issuer.clientId }) });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

let offset = 0;
const fresh = (count: number, stock: number) => variantsWithStock(target, count, stock, (offset += count) - count);
const bagOf = async (cookie: string) => (await json(await cartCall(target, 'GET', '/cart/bag', { cookie }), CartResponseSchema)).data;
const quantities = (bag: { lines: { variant: { id: number }; quantity: number }[] }) => Object.fromEntries(bag.lines.map((l) => [l.variant.id, l.quantity]));
const guestCarts = async () => Number((await target.query<{ n: number }>('select count(*)::int as n from carts where guest_token_hash is not null'))[0]?.n);

/** Sign-in with the guest cookie: the session cookies, the guest cookie as the answer left it, the answer. */
async function signInWith(guestCookie: string, email: string, password: string) {
  const response = await cartCall(target, 'POST', '/sessions', { cookie: guestCookie, body: { email, password } });
  expect(response.status).toBe(201);
  const jar = cookieJar(response, cookieJar(new Response(null, { headers: guestCookie.split('; ').map((c) => ['Set-Cookie', c] as [string, string]) })));
  return { cookie: cookieHeader(jar), response };
}

describe('guest → member at sign-in', () => {
  it('sums quantities, caps them by stock and the line limit, tells what was capped once, and clears the guest cookie', async () => {
    const [a, b, c] = await fresh(3, 50);
    await target.query(`update variants set stock = 4 where id = ${b}`);
    const user = await insertUser(t.db);
    const memberCookie = cookieHeader(cookieJar(await cartCall(target, 'POST', '/sessions', { body: { email: user.email, password: user.password } })));
    await cartCall(target, 'POST', '/cart/line-items', { cookie: memberCookie, body: { variantId: b, quantity: 2 } });
    await cartCall(target, 'POST', '/cart/line-items', { cookie: memberCookie, body: { variantId: c, quantity: 8 } });

    const guest = await guestBag(target, a ?? 0);
    await cartCall(target, 'POST', '/cart/line-items', { cookie: guest, body: { variantId: a, quantity: 1 } });
    await cartCall(target, 'POST', '/cart/line-items', { cookie: guest, body: { variantId: b, quantity: 3 } });
    await cartCall(target, 'POST', '/cart/line-items', { cookie: guest, body: { variantId: c, quantity: 5 } });
    const guestsBefore = await guestCarts();

    const { cookie, response } = await signInWith(guest, user.email, user.password);
    expect(response.headers.getSetCookie().find((line) => line.startsWith('bag-token='))).toMatch(/^bag-token=; Max-Age=0;/);
    expect(cookie).not.toContain('bag-token=');
    expect(await guestCarts()).toBe(guestsBefore - 1);

    const bag = await bagOf(cookie);
    expect(quantities(bag)).toEqual({ [a ?? 0]: 2, [b ?? 0]: 4, [c ?? 0]: 10 });
    expect(bag.mergeNotice?.map((n) => [n.requested, n.kept])).toEqual([
      [5, 4],
      [13, 10],
    ]);
    expect(bag.mergeNotice?.every((n) => n.productName.length > 0 && n.variantName.length > 0)).toBe(true);
    // Shown once.
    expect((await bagOf(cookie)).mergeNotice).toBeNull();
  });

  it('a guest line of a coming-soon product comes along as it was, marked not_on_sale with checkout blocked, and adds no units to the member’s line of it', async () => {
    const [soon, held, sale] = await fresh(3, 50);
    const user = await insertUser(t.db);
    const memberCookie = cookieHeader(cookieJar(await cartCall(target, 'POST', '/sessions', { body: { email: user.email, password: user.password } })));
    await cartCall(target, 'POST', '/cart/line-items', { cookie: memberCookie, body: { variantId: held, quantity: 2 } });
    const guest = await guestBag(target, soon ?? 0);
    await cartCall(target, 'POST', '/cart/line-items', { cookie: guest, body: { variantId: soon, quantity: 2 } });
    await cartCall(target, 'POST', '/cart/line-items', { cookie: guest, body: { variantId: held, quantity: 3 } });
    await cartCall(target, 'POST', '/cart/line-items', { cookie: guest, body: { variantId: sale, quantity: 1 } });
    await target.query(`update products set badges = array_append(badges, 'coming_soon') where id in (select product_id from variants where id in (${soon}, ${held}))`);

    const { cookie } = await signInWith(guest, user.email, user.password);
    const bag = await bagOf(cookie);
    expect(quantities(bag)).toEqual({ [soon ?? 0]: 3, [held ?? 0]: 2, [sale ?? 0]: 1 });
    const state = Object.fromEntries(bag.lines.map((l) => [l.variant.id, l.inventory.state]));
    expect(state[soon ?? 0]).toBe('not_on_sale');
    expect(state[held ?? 0]).toBe('not_on_sale');
    expect(state[sale ?? 0]).not.toBe('not_on_sale');
    expect(bag.checkout).toEqual({ allowed: false, blockedBy: 'out_of_stock' });
    // The member's line kept its 2: the guest's 3 more were not added, and the notice says so.
    expect(bag.mergeNotice?.map((n) => [n.requested, n.kept])).toEqual([[5, 2]]);
  });

  it('merges at registration and at Google sign-in too', async () => {
    const [a, b] = await fresh(2, 50);
    const guest = await guestBag(target, a ?? 0);
    const registered = await cartCall(target, 'POST', '/user', { cookie: guest, body: registration() });
    expect(registered.status).toBe(201);
    expect(quantities(await bagOf(cookieHeader(cookieJar(registered))))).toEqual({ [a ?? 0]: 1 });

    const user = await insertUser(t.db);
    const subject = `merge-${user.id}`;
    await t.db.insert(userIdentities).values({ userId: user.id, issuer: issuer.issuer, subject });
    const google = await guestBag(target, b ?? 0);
    const signedIn = await cartCall(target, 'POST', '/auth/social', { cookie: google, body: { provider: 'google', idToken: issuer.mint({ claims: { sub: subject } }) } });
    expect(signedIn.status).toBe(201);
    expect(quantities(await bagOf(cookieHeader(cookieJar(signedIn))))).toEqual({ [b ?? 0]: 1 });
  });

  it('keeps both bags and the cookie when the merge fails, and POST cart/merge tries again', async () => {
    const [a, b] = await fresh(2, 50);
    const user = await insertUser(t.db);
    const guest = await guestBag(target, a ?? 0);
    await cartCall(target, 'POST', '/cart/line-items', { cookie: guest, body: { variantId: b, quantity: 2 } });
    // A constraint that only the merge's insert of `b` into the member's bag breaks (NOT VALID: rows already there stay).
    await target.query(`alter table cart_lines add constraint merge_breaker check (variant_id <> ${b}) not valid`);
    let signedIn: { cookie: string; response: Response };
    try {
      signedIn = await signInWith(guest, user.email, user.password);
    } finally {
      await target.query('alter table cart_lines drop constraint merge_breaker');
    }
    expect(signedIn.response.headers.get('bag-merge')).toBe('failed');
    expect(signedIn.cookie).toContain('bag-token=');
    expect(quantities(await bagOf(guest))).toEqual({ [a ?? 0]: 1, [b ?? 0]: 2 });
    const waiting = await bagOf(signedIn.cookie);
    expect(waiting.lines).toEqual([]);
    // The member's bag says a guest bag waits, so the bag screen can offer to add it.
    expect(waiting.mergePending).toBe(true);
    expect((await bagOf(guest)).mergePending).toBe(false);
    expect(t.logs.some((line) => line.includes('guest bag merge') && line.includes('merge_breaker'))).toBe(true);

    const retried = await cartCall(target, 'POST', '/cart/merge', { cookie: signedIn.cookie, body: {} });
    const merged = (await json(retried, CartResponseSchema)).data;
    expect(quantities(merged)).toEqual({ [a ?? 0]: 1, [b ?? 0]: 2 });
    expect(merged.mergePending).toBe(false);
    expect(retried.headers.getSetCookie().some((line) => line.startsWith('bag-token=; Max-Age=0'))).toBe(true);
    expect((await bagOf(guest)).lines).toEqual([]);
    expect((await cartCall(target, 'POST', '/cart/merge', { cookie: guest, body: {} })).status).toBe(401);
  });

  it("signing out leaves the member's bag on the server and starts an empty guest bag", async () => {
    const [a] = await fresh(1, 50);
    const user = await insertUser(t.db);
    const memberCookie = cookieHeader(cookieJar(await cartCall(target, 'POST', '/sessions', { body: { email: user.email, password: user.password } })));
    await cartCall(target, 'POST', '/cart/line-items', { cookie: memberCookie, body: { variantId: a, quantity: 3 } });
    // A bag cookie left by a failed merge goes with the session.
    const out = await cartCall(target, 'DELETE', '/sessions', { cookie: `${memberCookie}; bag-token=${'x'.repeat(43)}` });
    expect(out.headers.getSetCookie().some((line) => line.startsWith('bag-token=; Max-Age=0'))).toBe(true);
    expect((await bagOf('')).count).toBe(0);
    const again = cookieHeader(cookieJar(await cartCall(target, 'POST', '/sessions', { body: { email: user.email, password: user.password } })));
    expect((await bagOf(again)).count).toBe(3);
  });

  it('keeps one bag per country for a member', async () => {
    const [a] = await fresh(1, 50);
    const user = await insertUser(t.db);
    const cookie = cookieHeader(cookieJar(await cartCall(target, 'POST', '/sessions', { body: { email: user.email, password: user.password } })));
    await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: a, quantity: 2 } });
    await cartCall(target, 'POST', '/cart/line-items', { cookie, country: 'th', body: { variantId: a, quantity: 1 } });
    expect((await bagOf(cookie)).count).toBe(2);
    expect((await json(await cartCall(target, 'GET', '/cart/bag', { cookie, country: 'th' }), CartResponseSchema)).data).toMatchObject({ count: 1, country: 'TH' });
  });
});

describe('wishlist', () => {
  async function member() {
    const user = await insertUser(t.db);
    return cookieHeader(cookieJar(await cartCall(target, 'POST', '/sessions', { body: { email: user.email, password: user.password } })));
  }
  const products = async (n: number) => (await target.query<{ id: number; variant: number }>(`select p.id, min(v.id) as variant from products p join variants v on v.product_id = p.id group by p.id order by p.id limit ${n}`)).map((r) => ({ id: Number(r.id), variant: Number(r.variant) }));

  it('is for members only', async () => {
    expect((await cartCall(target, 'GET', '/wishlist')).status).toBe(401);
    expect((await cartCall(target, 'PATCH', '/wishlist', { body: { add: [] } })).status).toBe(401);
  });

  it('adds and removes idempotently, with live prices in the country', async () => {
    const cookie = await member();
    const [p1, p2] = await products(2);
    const add = { add: [{ productId: p1?.id }, { productId: p2?.id, variantId: p2?.variant }] };
    await json(await cartCall(target, 'PATCH', '/wishlist', { cookie, body: add }), WishlistResponseSchema);
    const twice = (await json(await cartCall(target, 'PATCH', '/wishlist', { cookie, body: add }), WishlistResponseSchema)).data;
    expect(twice.map((i) => i.productId).sort()).toEqual([p1?.id, p2?.id].sort());
    expect(twice.find((i) => i.productId === p2?.id)?.variantId).toBe(p2?.variant);
    const thai = (await json(await cartCall(target, 'GET', '/wishlist', { cookie, country: 'th' }), WishlistResponseSchema)).data;
    expect(thai.every((i) => i.price.currency === 'THB')).toBe(true);
    const [price] = await target.query<{ amount: number }>(`select amount_minor as amount from product_prices where country_code = 'TH' and product_id = ${p1?.id}`);
    expect(thai.find((i) => i.productId === p1?.id)?.price.amount).toBe(Number(price?.amount) / 100);
    const removed = (await json(await cartCall(target, 'PATCH', '/wishlist', { cookie, body: { remove: [p1?.id, p1?.id] } }), WishlistResponseSchema)).data;
    expect(removed.map((i) => i.productId)).toEqual([p2?.id]);
  });

  it('carries each product’s stored badges, so a coming-soon product is listed as not on sale yet (never "In stock")', async () => {
    const cookie = await member();
    const [announced] = await target.query<{ id: number }>(
      `select p.id from products p join product_prices pp on pp.product_id = p.id and pp.country_code = 'SG' where 'coming_soon' = any(p.badges) and p.total_stock > 0 order by p.id limit 1`,
    );
    expect(announced, 'the seed has a coming-soon product in stock').toBeDefined();
    const [onSale] = (await products(10)).filter((p) => p.id !== Number(announced?.id));
    const listed = (await json(await cartCall(target, 'PATCH', '/wishlist', { cookie, body: { add: [{ productId: Number(announced?.id) }, { productId: onSale?.id }] } }), WishlistResponseSchema)).data;
    const soon = listed.find((i) => i.productId === Number(announced?.id));
    // In stock, and still not on sale: the badge says so, and the list follows the product page's rule.
    expect(soon).toMatchObject({ inStock: true });
    expect(soon?.badges).toContain('coming_soon');
    expect(listed.find((i) => i.productId === onSale?.id)?.badges).not.toContain('coming_soon');
  });

  it('refuses unknown products and variants of another product with a 400 naming the entry', async () => {
    const cookie = await member();
    const [p1, p2] = await products(2);
    const response = await cartCall(target, 'PATCH', '/wishlist', { cookie, body: { add: [{ productId: p1?.id }, { productId: 9_999_999 }, { productId: p1?.id, variantId: p2?.variant }] } });
    const body = (await response.json()) as ApiErrorBody;
    expect(response.status).toBe(400);
    expect(body.errors?.map((e) => e.field)).toEqual(['body.add.1.productId', 'body.add.2.variantId']);
    expect((await json(await cartCall(target, 'GET', '/wishlist', { cookie }), WishlistResponseSchema)).data).toEqual([]);
  });
});
