import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { registration } from './account.ts';
import { cookieHeader, cookieJar } from './auth.ts';
import { cartCall, guestBag, lineQuantity, parallelAdds, retriedAdd, variantsWithStock, type CartTarget } from './cart.ts';

/**
 * The bag's races (issue 12: "the database decides"), registered once and run against PGlite
 * (tests/api/cart-races.test.ts) and PostgreSQL (tests/pg/cart-races.test.ts) alike.
 */
export function cartRaceTests(target: () => CartTarget, offsetBase: number): void {
  let offset = offsetBase;
  const fresh = (count: number, stock: number) => variantsWithStock(target(), count, stock, (offset += count) - count);

  it('10 parallel adds of one unit into a guest bag end with quantity 10', async () => {
    const [other, variant] = await fresh(2, 50);
    const cookie = await guestBag(target(), other ?? 0);
    const result = await parallelAdds(target(), cookie, variant ?? 0, 10);
    expect(result.statuses).toEqual(Array(10).fill(201));
    expect(result.quantity).toBe(10);
  });

  it('10 parallel adds with 7 in stock: exactly 7 added, the other 3 refused with 409', async () => {
    const [other, variant] = await fresh(2, 7);
    const cookie = await guestBag(target(), other ?? 0);
    const result = await parallelAdds(target(), cookie, variant ?? 0, 10);
    expect(result.statuses).toEqual([...Array(7).fill(201), ...Array(3).fill(409)]);
    expect(result.quantity).toBe(7);
  });

  it("10 parallel adds into a member's bag that does not exist yet: one bag, quantity 10", async () => {
    const [variant] = await fresh(1, 50);
    const registered = await cartCall(target(), 'POST', '/user', { body: registration() });
    expect(registered.status).toBe(201);
    const cookie = cookieHeader(cookieJar(registered));
    const user = ((await registered.json()) as { data: { id: number } }).data;
    const result = await parallelAdds(target(), cookie, variant ?? 0, 10);
    expect(result.quantity).toBe(10);
    const [bags] = await target().query<{ n: number }>(`select count(*)::int as n from carts where user_id = ${user.id}`);
    expect(Number(bags?.n)).toBe(1);
  });

  it('two tabs adding to the same line at once both count; two tabs setting it leave one of their values', async () => {
    const [variant] = await fresh(1, 50);
    const cookie = await guestBag(target(), variant ?? 0);
    await Promise.all([2, 3].map((quantity) => cartCall(target(), 'POST', '/cart/line-items', { cookie, body: { variantId: variant, quantity } }).then((r) => r.arrayBuffer())));
    expect(await lineQuantity(target(), cookie, variant ?? 0)).toBe(6);
    const bag = (await (await cartCall(target(), 'GET', '/cart/bag', { cookie })).json()) as { data: { version: number; lines: { id: number }[] } };
    const line = bag.data.lines[0]?.id;
    const statuses = await Promise.all([4, 8].map((quantity) => cartCall(target(), 'PATCH', `/cart/line-items/${line}`, { cookie, body: { quantity } }).then((r) => r.status)));
    expect(statuses).toEqual([200, 200]);
    expect([4, 8]).toContain(await lineQuantity(target(), cookie, variant ?? 0));
    // Each write moved the version on once: none was lost or folded into the other.
    const after = (await (await cartCall(target(), 'GET', '/cart/items-count', { cookie })).json()) as { data: { version: number } };
    expect(after.data.version).toBe(bag.data.version + 2);
  });

  it('the same add retried with one Idempotency-Key adds once (the rest replayed or refused as in progress)', async () => {
    const [other, variant] = await fresh(2, 50);
    const cookie = await guestBag(target(), other ?? 0);
    const result = await retriedAdd(target(), cookie, variant ?? 0, 5, randomUUID());
    expect(result.quantity).toBe(1);
    expect(result.statuses.filter((s) => s === 201).length).toBe(1 + result.replayed);
    expect(result.statuses.every((s) => s === 201 || s === 409)).toBe(true);
    // The last one ran after the first had finished: it is a replay.
    expect(result.replayed).toBeGreaterThanOrEqual(1);
  });

  it("a guest's first add retried with its Idempotency-Key replays the bag's cookie, and adds once", async () => {
    const [variant] = await fresh(1, 50);
    const key = randomUUID();
    const send = () => cartCall(target(), 'POST', '/cart/line-items', { body: { variantId: variant, quantity: 1 }, headers: { 'Idempotency-Key': key } });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const cookie = cookieHeader(cookieJar(again));
    expect(cookie).toBe(cookieHeader(cookieJar(first)));
    expect(await lineQuantity(target(), cookie, variant ?? 0)).toBe(1);
  });
}
