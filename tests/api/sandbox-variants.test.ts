import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartResponseSchema } from '../../src/contract/cart.ts';
import { rowsOf } from '../../src/server/db/query.ts';
import { cartCall, guestBag, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { createTestApp, json, type TestApp } from '../helpers/server.ts';

/**
 * `PATCH sandbox/variants/{id}`: the e2e tests' way to make a bag line go out of stock. It must
 * work with the sandbox on and not exist without it.
 */
const targetOf = (t: TestApp): CartTarget => ({
  request: (url, init) => Promise.resolve(t.app.request(url, init)),
  query: async (text) => rowsOf(await t.db.execute(sql.raw(text))),
});

describe('with the sandbox on', () => {
  let t: TestApp;
  let target: CartTarget;
  beforeAll(async () => {
    t = await createTestApp({ seedProducts: 20 });
    target = targetOf(t);
  }, 60_000);
  afterAll(async () => t?.close());

  it('sets the stock, and a bag holding the variant then shows the line out of stock and refuses checkout', async () => {
    const [variant] = await variantsWithStock(target, 1, 40, 0);
    if (variant === undefined) throw new Error('no variant sold in SG');
    const cookie = await guestBag(target, variant);
    const response = await cartCall(target, 'PATCH', `/sandbox/variants/${variant}`, { body: { stock: 0 } });
    expect(await response.json()).toEqual({ data: { id: variant, stock: 0 } });
    const bag = (await json(await cartCall(target, 'GET', '/cart/bag', { cookie }), CartResponseSchema)).data;
    expect(bag.lines[0]?.inventory.state).toBe('out_of_stock');
    expect(bag.checkout).toMatchObject({ allowed: false, blockedBy: 'out_of_stock' });
  });

  it('names the field of a bad stock, and answers 404 for an unknown variant', async () => {
    const [variant] = await variantsWithStock(target, 1, 40, 1);
    for (const stock of [-1, 1.5, '3']) {
      const response = await cartCall(target, 'PATCH', `/sandbox/variants/${variant}`, { body: { stock } });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('body.stock');
    }
    expect((await cartCall(target, 'PATCH', '/sandbox/variants/99999999', { body: { stock: 1 } })).status).toBe(404);
  });
});

describe('with the sandbox off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedProducts: 5, sandbox: false });
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers 404 and leaves the stock as it was', async () => {
    const target = targetOf(t);
    const [variant] = await variantsWithStock(target, 1, 40, 0);
    const response = await cartCall(target, 'PATCH', `/sandbox/variants/${variant}`, { body: { stock: 0 } });
    expect(response.status).toBe(404);
    expect((await target.query<{ stock: number }>(`select stock from variants where id = ${variant}`))[0]?.stock).toBe(40);
  });
});
