import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { cartCall, guestBag, variantsWithStock, type CartTarget } from './cart.ts';
import { bagVersion, checkout, orderBody, paymentsOf, postOrder } from './checkout.ts';

/**
 * Checkout's races (issue 13: "one order per intent, never the last unit sold twice"), registered
 * once and run on PGlite (tests/api/checkout-races.test.ts) and PostgreSQL (tests/pg/checkout-races.test.ts).
 */
export function checkoutRaceTests(target: () => CartTarget, offsetBase: number): void {
  let offset = offsetBase;
  const fresh = (count: number, stock: number) => variantsWithStock(target(), count, stock, (offset += count) - count);

  it('50 concurrent checkouts of a variant with stock 1: exactly 1 order, 49 told it sold out, nothing charged to them', async () => {
    const [variant] = await fresh(1, 50);
    const cookies = await Promise.all(Array.from({ length: 50 }, () => guestBag(target(), variant ?? 0)));
    await target().query(`update variants set stock = 1 where id = ${variant}`);
    const versions = await Promise.all(cookies.map((cookie) => bagVersion(target(), cookie)));
    const keys = cookies.map(() => randomUUID());
    const started = performance.now();
    const responses = await Promise.all(cookies.map((cookie, i) => checkout(target(), cookie, {}, { bagVersion: versions[i] ?? 0, key: keys[i] })));
    const elapsed = performance.now() - started;
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { code?: string }[];
    const statuses = responses.map((r) => r.status);
    const placed = statuses.filter((s) => s === 201).length;
    const soldOut = bodies.filter((b) => b.code === 'sold_out').length;
    console.log(`50 concurrent checkouts of the last unit: ${placed} placed, ${soldOut} sold out, in ${elapsed.toFixed(0)} ms`);
    expect(placed).toBe(1);
    expect(soldOut).toBe(49);
    const [stock] = await target().query<{ stock: number }>(`select stock from variants where id = ${variant}`);
    expect(Number(stock?.stock)).toBe(0);
    const [orders] = await target().query<{ n: number }>(`select count(*)::int as n from order_lines where variant_id = ${variant}`);
    expect(Number(orders?.n)).toBe(1);
    // Every refused checkout's hold was released: one captured payment, 49 voided, none left held.
    expect(await paymentsOf(target(), keys)).toEqual({ captured: 1, voided: 49, authorized: 0 });
  }, 60_000);

  it('a double click, a retry and a second tab of one intent make one order and one payment', async () => {
    const [variant] = await fresh(1, 20);
    const cookie = await guestBag(target(), variant ?? 0);
    const body = orderBody(await bagVersion(target(), cookie));
    const key = randomUUID();
    const first = await Promise.all(Array.from({ length: 5 }, () => postOrder(target(), cookie, body, key)));
    const again = await postOrder(target(), cookie, body, key);
    const statuses = [...first, again].map((r) => r.status);
    const numbers = new Set<string>();
    for (const response of [...first, again]) {
      const json = (await response.json()) as { data?: { number: string } };
      if (json.data) numbers.add(json.data.number);
    }
    // The first placed it; every repeat, at once or later, answers with that order (no 409: the database kept it to one).
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(statuses.length - 1);
    expect(numbers.size).toBe(1);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // A second tab of the same bag with its own key: the bag is spent, nothing is charged.
    const tab = await postOrder(target(), cookie, body, randomUUID());
    expect(tab.status).toBe(409);
    const [orders] = await target().query<{ n: number }>(`select count(*)::int as n from order_lines where variant_id = ${variant}`);
    expect(Number(orders?.n)).toBe(1);
    expect((await paymentsOf(target(), [key])).captured).toBe(1);
  }, 30_000);

  it('two tabs placing one bag at once with their own keys: one order, the other hold released', async () => {
    const [variant] = await fresh(1, 20);
    const cookie = await guestBag(target(), variant ?? 0);
    const body = orderBody(await bagVersion(target(), cookie));
    const keys = [randomUUID(), randomUUID()];
    const responses = await Promise.all(keys.map((key) => postOrder(target(), cookie, body, key)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await paymentsOf(target(), keys)).toMatchObject({ captured: 1, authorized: 0 });
    const bag = (await (await cartCall(target(), 'GET', '/cart/bag', { cookie })).json()) as { data: { count: number } };
    expect(bag.data.count).toBe(0);
  }, 30_000);
}
