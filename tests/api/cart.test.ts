import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { BAG_LINE_LIMIT, LINE_QUANTITY_LIMIT } from '../../src/config/cart.ts';
import { CartCountResponseSchema, CartResponseSchema } from '../../src/contract/cart.ts';
import type { ApiErrorBody } from '../../src/contract/site.ts';
import { SPA_HEADERS } from '../helpers/account.ts';
import { orderBody, postOrder } from '../helpers/checkout.ts';
import { appTarget, cartCall, guestBag, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { createTestApp, json, type TestApp } from '../helpers/server.ts';

/** Issue 12, the bag's lines: what a shopper may add and change, and how the bag shows stock. */
let t: TestApp;
let target: CartTarget;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 150 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let offset = 0;
/** Fresh variants for each test (each test changes stock as it needs). */
const fresh = (count: number, stock: number) => variantsWithStock(target, count, stock, (offset += count) - count);
/** An error answer as sent: the contract's schema would drop the extra `maxQuantity`. */
async function error(response: Response, status: number): Promise<ApiErrorBody & { maxQuantity?: number }> {
  const body = (await response.json()) as ApiErrorBody & { maxQuantity?: number };
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}
const carts = async () => Number((await target.query<{ n: number }>('select count(*)::int as n from carts'))[0]?.n);

describe('reading a bag that does not exist yet', () => {
  it('answers an empty bag, sets no cookie and writes nothing', async () => {
    const before = await carts();
    const response = await cartCall(target, 'GET', '/cart/bag');
    expect(response.headers.getSetCookie()).toEqual([]);
    const bag = (await json(response, CartResponseSchema)).data;
    expect(bag).toMatchObject({ version: 0, count: 0, lines: [], checkout: { allowed: false, blockedBy: 'empty' }, points: { earn: 0, valid: null } });
    expect((await json(await cartCall(target, 'GET', '/cart/items-count'), CartCountResponseSchema)).data).toEqual({ count: 0, version: 0 });
    expect(await carts()).toBe(before);
  });
});

describe('POST cart/line-items', () => {
  it('creates the guest bag on the first add, with an http-only SameSite=Lax cookie (Secure over HTTPS)', async () => {
    const [variant] = await fresh(1, 50);
    const response = await cartCall(target, 'POST', '/cart/line-items', { body: { variantId: variant, quantity: 2 } });
    const bag = (await json(response, CartResponseSchema, 201)).data;
    expect(bag).toMatchObject({ version: 1, count: 2 });
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^bag-token=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const secure = await t.app.request(`https://shop.example.com${API_PREFIX}/cart/line-items`, { method: 'POST', headers: SPA_HEADERS, body: JSON.stringify({ variantId: variant, quantity: 1 }) });
    expect(secure.status).toBe(201);
    expect(secure.headers.getSetCookie()[0]).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('adds to the line that has the variant, moving the version on with each write', async () => {
    const [a, b] = await fresh(2, 50);
    const cookie = await guestBag(target, a ?? 0);
    const second = (await json(await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: a, quantity: 3 } }), CartResponseSchema, 201)).data;
    expect(second.lines.map((l) => [l.variant.id, l.quantity])).toEqual([[a, 4]]);
    const third = (await json(await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: b, quantity: 1 } }), CartResponseSchema, 201)).data;
    expect(third.version).toBe(second.version + 1);
    expect(third.count).toBe(5);
    expect((await json(await cartCall(target, 'GET', '/cart/items-count', { cookie }), CartCountResponseSchema)).data).toEqual({ count: 5, version: third.version });
  });

  it.each([
    [{ variantId: 1, quantity: 0 }, 'body.quantity'],
    [{ variantId: 1, quantity: LINE_QUANTITY_LIMIT + 1 }, 'body.quantity'],
    [{ variantId: 1, quantity: 1.5 }, 'body.quantity'],
    [{ variantId: 1, quantity: '2' }, 'body.quantity'],
    [{ quantity: 1 }, 'body.variantId'],
    [{ variantId: -3, quantity: 1 }, 'body.variantId'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const answer = await error(await cartCall(target, 'POST', '/cart/line-items', { body }), 400);
    expect(answer.errors?.map((e) => e.field)).toContain(field);
  });

  it('refuses an unknown variant and one not sold in the country (400 unknown_variant), creating no bag', async () => {
    const before = await carts();
    const unknown = await error(await cartCall(target, 'POST', '/cart/line-items', { body: { variantId: 9_999_999, quantity: 1 } }), 400);
    expect(unknown).toMatchObject({ code: 'unknown_variant', errors: [{ field: 'body.variantId' }] });
    const [variant] = await fresh(1, 50);
    await target.query(`delete from product_prices where country_code = 'TH' and product_id = (select product_id from variants where id = ${variant})`);
    const elsewhere = await error(await cartCall(target, 'POST', '/cart/line-items', { country: 'th', body: { variantId: variant, quantity: 1 } }), 400);
    expect(elsewhere.code).toBe('unknown_variant');
    expect(await carts()).toBe(before);
    // Still sold in Singapore.
    expect((await cartCall(target, 'POST', '/cart/line-items', { body: { variantId: variant, quantity: 1 } })).status).toBe(201);
  });

  it('refuses more than the stock (409 quantity_unavailable with the most allowed) and any unit of a sold-out variant (409 out_of_stock)', async () => {
    const [low, none] = await fresh(2, 3);
    await target.query(`update variants set stock = 0 where id = ${none}`);
    const cookie = await guestBag(target, low ?? 0);
    const over = await error(await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: low, quantity: 3 } }), 409);
    expect(over).toMatchObject({ code: 'quantity_unavailable', maxQuantity: 2, errors: [{ field: 'body.quantity', message: 'must be at most 2' }] });
    const sold = await error(await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: none, quantity: 1 } }), 409);
    expect(sold).toMatchObject({ code: 'out_of_stock', maxQuantity: 0 });
    expect((await json(await cartCall(target, 'GET', '/cart/bag', { cookie }), CartResponseSchema)).data.count).toBe(1);
  });

  it('refuses any unit of a coming-soon product, whatever its stock (409 not_on_sale), creating no bag; on sale, it is added', async () => {
    // A seeded one: announced, with stock, sold in Singapore.
    const [seeded] = await target.query<{ id: number }>(
      `select v.id from variants v join products p on p.id = v.product_id join product_prices pp on pp.product_id = p.id and pp.country_code = 'SG'
       where 'coming_soon' = any(p.badges) and v.stock > 0 order by v.id limit 1`,
    );
    expect(seeded, 'the seed has a coming-soon product in stock').toBeDefined();
    const before = await carts();
    const refused = await error(await cartCall(target, 'POST', '/cart/line-items', { body: { variantId: Number(seeded?.id), quantity: 1 } }), 409);
    expect(refused).toMatchObject({ code: 'not_on_sale', errors: [{ field: 'body.variantId', message: 'is not on sale yet' }] });
    expect(await carts()).toBe(before);

    // A product in a bag already that becomes coming soon: no more units, the bag as it was.
    const [variant] = await fresh(1, 50);
    const cookie = await guestBag(target, variant ?? 0);
    const product = `(select product_id from variants where id = ${variant})`;
    await target.query(`update products set badges = array_append(badges, 'coming_soon') where id = ${product}`);
    expect((await error(await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: variant, quantity: 1 } }), 409)).code).toBe('not_on_sale');
    expect((await json(await cartCall(target, 'GET', '/cart/bag', { cookie }), CartResponseSchema)).data).toMatchObject({ count: 1, version: 1 });
    await target.query(`update products set badges = array_remove(badges, 'coming_soon') where id = ${product}`);
    expect((await json(await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: variant, quantity: 1 } }), CartResponseSchema, 201)).data.count).toBe(2);
  });

  it(`holds a line at ${LINE_QUANTITY_LIMIT} units and a bag at ${BAG_LINE_LIMIT} lines`, async () => {
    const ids = await fresh(BAG_LINE_LIMIT + 1, 50);
    const cookie = await guestBag(target, ids[0] ?? 0);
    const full = await error(await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: ids[0], quantity: LINE_QUANTITY_LIMIT } }), 409);
    expect(full).toMatchObject({ code: 'quantity_unavailable', maxQuantity: LINE_QUANTITY_LIMIT - 1 });
    for (const id of ids.slice(1, BAG_LINE_LIMIT)) expect((await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: id, quantity: 1 } })).status).toBe(201);
    const refused = await error(await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: ids[BAG_LINE_LIMIT], quantity: 1 } }), 409);
    expect(refused.code).toBe('bag_full');
    // Adding to a line already there still works in a full bag.
    expect((await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: ids[1], quantity: 1 } })).status).toBe(201);
  });

  it('has the database refuse a quantity past the line limit whatever the code does (CHECK)', async () => {
    const failure = await target.query(`update cart_lines set quantity = ${LINE_QUANTITY_LIMIT + 1} where id = (select min(id) from cart_lines)`).catch((e: unknown) => e);
    expect(String((failure as { cause?: unknown }).cause ?? failure)).toMatch(/cart_lines_quantity_check/);
  });
});

describe('PATCH and DELETE cart/line-items/{id}', () => {
  async function bagWithLine(stock = 50) {
    const [variant] = await fresh(1, stock);
    const cookie = await guestBag(target, variant ?? 0);
    const bag = (await json(await cartCall(target, 'GET', '/cart/bag', { cookie }), CartResponseSchema)).data;
    return { cookie, variant: variant ?? 0, line: bag.lines[0]?.id ?? 0, version: bag.version };
  }

  it('a line whose product became coming soon stays, marked not_on_sale: no more units (409 not_on_sale), lowering works, checkout and the order are blocked until it is removed', async () => {
    const { cookie, variant, line } = await bagWithLine();
    await json(await cartCall(target, 'PATCH', `/cart/line-items/${line}`, { cookie, body: { quantity: 3 } }), CartResponseSchema);
    await target.query(`update products set badges = array_append(badges, 'coming_soon') where id = (select product_id from variants where id = ${variant})`);
    const marked = (await json(await cartCall(target, 'GET', '/cart/bag', { cookie }), CartResponseSchema)).data;
    expect(marked.lines).toMatchObject([{ id: line, quantity: 3, inventory: { state: 'not_on_sale', available: 0 }, maxQuantity: 0 }]);
    expect(marked.checkout).toEqual({ allowed: false, blockedBy: 'out_of_stock' });

    const raised = await error(await cartCall(target, 'PATCH', `/cart/line-items/${line}`, { cookie, body: { quantity: 4 } }), 409);
    expect(raised).toMatchObject({ code: 'not_on_sale', errors: [{ field: 'body.variantId', message: 'is not on sale yet' }] });
    const lowered = (await json(await cartCall(target, 'PATCH', `/cart/line-items/${line}`, { cookie, body: { quantity: 2 } }), CartResponseSchema)).data;
    expect(lowered).toMatchObject({ count: 2, version: marked.version + 1, checkout: { allowed: false, blockedBy: 'out_of_stock' } });

    // Placing the order refuses the bag as it shows it, and takes no stock.
    const [before] = await target.query<{ stock: number }>(`select stock from variants where id = ${variant}`);
    const placed = await postOrder(target, cookie, orderBody(lowered.version));
    expect(placed.status).toBe(409);
    expect(await placed.json()).toMatchObject({ code: 'bag_blocked', blockedBy: 'out_of_stock' });
    const [after] = await target.query<{ stock: number }>(`select stock from variants where id = ${variant}`);
    expect(Number(after?.stock)).toBe(Number(before?.stock));

    // On sale again: the line is as it was, and can be bought.
    await target.query(`update products set badges = array_remove(badges, 'coming_soon') where id = (select product_id from variants where id = ${variant})`);
    const again = (await json(await cartCall(target, 'GET', '/cart/bag', { cookie }), CartResponseSchema)).data;
    expect(again.lines[0]?.inventory.state).not.toBe('not_on_sale');
    expect(again.checkout).toEqual({ allowed: true, blockedBy: null });
  });

  it('sets the quantity and removes the line', async () => {
    const { cookie, line, version } = await bagWithLine();
    const patched = (await json(await cartCall(target, 'PATCH', `/cart/line-items/${line}`, { cookie, body: { quantity: 6 } }), CartResponseSchema)).data;
    expect(patched).toMatchObject({ count: 6, version: version + 1 });
    const removed = (await json(await cartCall(target, 'DELETE', `/cart/line-items/${line}`, { cookie }), CartResponseSchema)).data;
    expect(removed).toMatchObject({ count: 0, lines: [], version: version + 2, checkout: { blockedBy: 'empty' } });
    expect(await error(await cartCall(target, 'DELETE', `/cart/line-items/${line}`, { cookie }), 404)).toMatchObject({ code: 'unknown_line' });
  });

  it("never reaches another shopper's line (404), nor a line without a bag", async () => {
    const mine = await bagWithLine();
    const theirs = await bagWithLine();
    expect((await cartCall(target, 'PATCH', `/cart/line-items/${theirs.line}`, { cookie: mine.cookie, body: { quantity: 2 } })).status).toBe(404);
    expect((await cartCall(target, 'DELETE', `/cart/line-items/${theirs.line}`, { cookie: mine.cookie })).status).toBe(404);
    expect((await cartCall(target, 'DELETE', `/cart/line-items/${theirs.line}`)).status).toBe(404);
    // The same bag's line from another country's catalogue is another bag.
    expect((await cartCall(target, 'PATCH', `/cart/line-items/${mine.line}`, { cookie: mine.cookie, country: 'th', body: { quantity: 2 } })).status).toBe(404);
    expect((await json(await cartCall(target, 'GET', '/cart/bag', { cookie: theirs.cookie }), CartResponseSchema)).data.count).toBe(1);
  });

  it.each([['0'], ['abc'], ['-1'], ['1.5']])('refuses the line id %s with a 400 naming param.id', async (id) => {
    const answer = await error(await cartCall(target, 'PATCH', `/cart/line-items/${id}`, { body: { quantity: 1 } }), 400);
    expect(answer.errors?.[0]?.field).toBe('param.id');
  });

  it('refuses raising past the stock, but always lets a line go down', async () => {
    const { cookie, line, variant } = await bagWithLine(4);
    await cartCall(target, 'PATCH', `/cart/line-items/${line}`, { cookie, body: { quantity: 4 } });
    expect(await error(await cartCall(target, 'PATCH', `/cart/line-items/${line}`, { cookie, body: { quantity: 5 } }), 409)).toMatchObject({ code: 'quantity_unavailable', maxQuantity: 4 });
    await target.query(`update variants set stock = 2 where id = ${variant}`);
    expect((await cartCall(target, 'PATCH', `/cart/line-items/${line}`, { cookie, body: { quantity: 3 } })).status).toBe(200);
  });
});

describe('stock as the bag shows it', () => {
  it('keeps a reduced or sold-out line, marked, and refuses checkout until it is fixed', async () => {
    const [a, b] = await fresh(2, 50);
    const cookie = await guestBag(target, a ?? 0);
    await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: a, quantity: 4 } });
    await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId: b, quantity: 1 } });
    const read = async () => (await json(await cartCall(target, 'GET', '/cart/bag', { cookie }), CartResponseSchema)).data;
    expect((await read()).checkout).toEqual({ allowed: true, blockedBy: null });

    await target.query(`update variants set stock = 3 where id = ${a}`);
    let bag = await read();
    expect(bag.lines.find((l) => l.variant.id === a)).toMatchObject({ quantity: 5, inventory: { state: 'reduced', available: 3 }, maxQuantity: 3 });
    expect(bag.checkout).toEqual({ allowed: false, blockedBy: 'out_of_stock' });

    await target.query(`update variants set stock = 0 where id = ${a}`);
    bag = await read();
    const line = bag.lines.find((l) => l.variant.id === a);
    expect(line).toMatchObject({ inventory: { state: 'out_of_stock', available: 0 }, maxQuantity: 0 });
    expect(bag.checkout.blockedBy).toBe('out_of_stock');

    await cartCall(target, 'DELETE', `/cart/line-items/${line?.id}`, { cookie });
    await target.query(`update variants set stock = 4 where id = ${b}`);
    bag = await read();
    expect(bag.lines.map((l) => l.inventory.state)).toEqual(['low_stock']);
    expect(bag.checkout).toEqual({ allowed: true, blockedBy: null });
  });
});
