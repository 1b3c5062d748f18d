import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { LINE_QUANTITY_LIMIT } from '../../src/config/cart.ts';
import { SPA_HEADERS } from '../helpers/account.ts';
import { cookieHeader, cookieJar, insertUser } from '../helpers/auth.ts';
import { appTarget, guestBag, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { apiOperations, operationsUnder, type ApiOperation } from '../helpers/openapi-operations.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Issue 12: every bag and wish-list endpoint gets at least 500 generated requests — hostile bodies,
 * path ids and query strings, half as a member and half as a guest. No answer may be a 5xx, and
 * afterwards each bag must be whole: its count, its lines and the items-count agree, every quantity
 * is within the limits, and its version moved on exactly once per write that answered 2xx.
 */
const RUNS = 500;
/** The bag's and the wish list's operations in the OpenAPI document; the bag's e-gift cards and reward have fuzzers of their own. */
const FUZZED = operationsUnder(await apiOperations(), ['cart', 'wishlist'], ['cart/gift-cards', 'cart/rewards']);

let t: TestApp;
let target: CartTarget;
let variantIds: number[] = [];
/** The two bags every request goes to, and the writes each answered 2xx. */
const bags = { member: { cookie: '', writes: 0 }, guest: { cookie: '', writes: 0 } };
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 30 });
  target = appTarget(t);
  variantIds = await variantsWithStock(target, 8, 200, 0);
  bags.guest.cookie = await guestBag(target, variantIds[0] ?? 0);
  bags.guest.writes = 1;
  const user = await insertUser(t.db);
  const signIn = await t.app.request(`${API_PREFIX}/sessions`, { method: 'POST', headers: SPA_HEADERS, body: JSON.stringify({ email: user.email, password: user.password }) });
  bags.member.cookie = cookieHeader(cookieJar(signIn));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const POISON_KEYS = ['__proto__', 'constructor', 'prototype', 'toString'];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom('', '\u0000', '\ud800', 'a'.repeat(5_000), "' OR 1=1 --", 'WELCOME10', 'summer24', 'BPGOLD20'),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, 2_147_483_648, -1, 0, 1, 2, 10, 11, 1e308, -0, 0.5, true, false, null),
  fc.constantFrom(...[1, 2, 3]).map((n) => Array.from({ length: n }, (_, i) => 61 + i)),
  fc.integer({ min: 1, max: 80 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

/** Valid bodies the mutations start from, by endpoint; absent: no body (it gets hostile ones anyway). */
function seedBody(endpoint: ApiOperation): fc.Arbitrary<Record<string, unknown>> | null {
  const variant = fc.constantFrom(...variantIds);
  switch (endpoint.id) {
    case 'cartLineItems.create':
      return fc.record({ variantId: variant, quantity: fc.integer({ min: 1, max: 3 }) });
    case 'cartLineItems.update':
      return fc.record({ quantity: fc.integer({ min: 1, max: LINE_QUANTITY_LIMIT }) });
    case 'cartSamples.replace':
      return fc.record({ sampleIds: fc.subarray([61, 62, 63, 64, 65, 1]) });
    case 'cartOffers.create':
      return fc.record({ code: fc.constantFrom('WELCOME10', 'SPEND80', 'SUMMER24', 'BPGOLD20', 'nope') });
    case 'wishlist.update':
      return fc.record({ add: fc.array(fc.record({ productId: fc.integer({ min: 1, max: 40 }) }), { maxLength: 3 }), remove: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 3 }) });
    default:
      return null;
  }
}

function mutated(seed: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return fc.tuple(seed, fc.array(fc.tuple(fc.constantFrom('drop', 'set', 'keep'), fc.string({ maxLength: 12 }), hostileValue), { maxLength: 3 })).map(([body, steps]) => {
    const out: Record<string, unknown> = { ...body };
    const keys = Object.keys(out);
    for (const [kind, name, value] of steps) {
      const key = keys.length > 0 && name.length % 2 === 0 ? (keys[name.length % keys.length] ?? name) : (POISON_KEYS[name.length % POISON_KEYS.length] ?? name);
      if (kind === 'drop') Reflect.deleteProperty(out, key);
      else if (kind === 'set') Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
    }
    return JSON.stringify(out);
  });
}

function shaped(endpoint: ApiOperation): fc.Arbitrary<string> {
  const names = endpoint.body ? endpoint.bodyFields : ['a'];
  return fc.dictionary(fc.constantFrom(...names, ...POISON_KEYS), hostileValue, { maxKeys: names.length + 2 }).map((o) => JSON.stringify(o));
}

const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 100 }),
  fc.constantFrom('{', '[]', 'null', '""', '{"variantId":', '{"a":1}garbage', '\uFEFF{}'),
  fc.integer({ min: 65_000, max: 70_000 }).map((n) => JSON.stringify({ code: 'x'.repeat(n) })),
);

/** Path ids: real line ids of both bags, numbers out of range, and junk. */
async function lineIds(): Promise<number[]> {
  return (await target.query<{ id: number }>('select id from cart_lines')).map((r) => Number(r.id));
}
const junkIds = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('0', '-1', '1.5', '99999999999', '%00', '..', 'a/b', ' '), fc.integer({ min: 1, max: 2_147_483_647 }).map(String));

async function versionOf(which: 'member' | 'guest'): Promise<number> {
  const response = await t.app.request(`${API_PREFIX}/cart/items-count`, { headers: { ...SPA_HEADERS, Cookie: bags[which].cookie } });
  return ((await response.json()) as { data: { version: number } }).data.version;
}

async function checkWhole(which: 'member' | 'guest'): Promise<void> {
  const { cookie, writes } = bags[which];
  const headers = { ...SPA_HEADERS, Cookie: cookie };
  const bag = (await (await t.app.request(`${API_PREFIX}/cart/bag`, { headers })).json()) as { data: { count: number; version: number; lines: { quantity: number; variant: { id: number } }[] } };
  const count = (await (await t.app.request(`${API_PREFIX}/cart/items-count`, { headers })).json()) as { data: { count: number; version: number } };
  const lines = bag.data.lines;
  expect(count.data).toEqual({ count: bag.data.count, version: bag.data.version });
  expect(bag.data.count).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
  expect(new Set(lines.map((l) => l.variant.id)).size).toBe(lines.length);
  for (const line of lines) expect(line.quantity).toBeGreaterThanOrEqual(1);
  for (const line of lines) expect(line.quantity).toBeLessThanOrEqual(LINE_QUANTITY_LIMIT);
  expect(bag.data.version, `${which}: version vs 2xx writes`).toBe(writes);
}

describe(`fuzz: ${RUNS}+ generated requests per bag and wish-list endpoint`, () => {
  it('covers every bag and wish-list operation of the OpenAPI document', () => {
    expect(FUZZED.map((e) => e.id).sort()).toEqual(
      ['beautyPassOffers.index', 'cart.index', 'cartBag.show', 'cartItemsCount.show', 'cartLineItems.create', 'cartLineItems.delete', 'cartLineItems.update', 'cartMerge.create', 'cartOffers.create', 'cartOffers.delete', 'cartOffers.index', 'cartSamples.index', 'cartSamples.replace', 'wishlist.index', 'wishlist.update'].sort(),
    );
  });

  for (const endpoint of FUZZED) {
    it(`${endpoint.method} ${endpoint.path}: ${RUNS} requests → zero 5xx, both bags whole`, { timeout: 240_000 }, async () => {
      const seed = seedBody(endpoint);
      const bodies = seed ? fc.oneof({ weight: 3, arbitrary: seed.map((b) => JSON.stringify(b)) }, { weight: 3, arbitrary: mutated(seed) }, shaped(endpoint), rawBody) : fc.oneof(shaped(endpoint), rawBody);
      const ids = fc.oneof({ weight: 2, arbitrary: fc.constant('line') }, junkIds);
      const queries = fc.oneof(fc.constant(''), fc.string({ maxLength: 40 }).map((q) => `?${encodeURIComponent(q)}=${encodeURIComponent(q)}`), fc.constantFrom('?page=-1', '?country=th', '?%zz', '?a=\u0000'));
      const statuses = new Map<number, number>();
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(bodies, fc.boolean(), ids, queries, fc.boolean(), async (body, asMember, id, query, withBody) => {
          runs += 1;
          const which = asMember ? 'member' : 'guest';
          const real = await lineIds();
          const lineId = id === 'line' ? String(real[runs % Math.max(1, real.length)] ?? 1) : id;
          const path = endpoint.path.replace('{id}', encodeURIComponent(lineId));
          const headers: Record<string, string> = { ...SPA_HEADERS, Cookie: bags[which].cookie };
          const send = endpoint.method !== 'GET' && (endpoint.method !== 'DELETE' || withBody);
          if (!send) delete headers['Content-Type'];
          // Removing an offer from a bag that does not exist yet writes nothing.
          const hadBag = endpoint.id !== 'cartOffers.delete' || (await versionOf(which)) > 0;
          const response = await t.app.request(`${API_PREFIX}/${path}${query}`, { method: endpoint.method, headers, ...(send ? { body } : {}) });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status, `${endpoint.method} ${path}${query} ${body.slice(0, 200)} → ${text.slice(0, 300)}`).toBeLessThan(500);
          expect(text).not.toMatch(/"stack"|\n\s+at |\/work\/|node_modules|\.ts:\d+/);
          // Every 2xx write of the bag moves its version on once (wish-list and merge writes are not the bag's).
          const bagWrite = endpoint.method !== 'GET' && endpoint.id.startsWith('cart') && endpoint.id !== 'cartMerge.create';
          if (bagWrite && hadBag && response.status < 300) bags[which].writes += 1;
        }),
        { numRuns: RUNS },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
      // The valid requests among them got through: the fuzz reached the writes, not only the validation.
      expect([...statuses].filter(([s]) => s < 300).reduce((sum, [, n]) => sum + n, 0), JSON.stringify(Object.fromEntries(statuses))).toBeGreaterThan(10);
      await checkWhole('guest');
      if (bags.member.writes > 0) await checkWhole('member');
    });
  }
});
