/**
 * Issue 12: the bag's races (and its reads, merge and wish list) on a real PostgreSQL (a pool of 10 connections, so the adds really run
 * at once), over HTTP; tests/api/cart-races.test.ts runs the same scenarios on PGlite.
 */
import { EARNING_POINTS } from '../../src/config/loyalty-points.ts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import * as v from 'valibot';
import { CartCountResponseSchema, CartResponseSchema, CartScreenResponseSchema, WishlistResponseSchema } from '../../src/contract/cart.ts';
import { registration } from '../helpers/account.ts';
import { cookieHeader, cookieJar } from '../helpers/auth.ts';
import { cartCall, guestBag, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { cartRaceTests } from '../helpers/cart-races.ts';
import { startCluster, type PgCluster } from './cluster.ts';
import { runEveryStep } from '../helpers/cleanup.ts';

const DATABASE = 'bag_races';
let cluster: PgCluster | undefined;
let server: RunningServer | undefined;
let client: pg.Client | undefined;
let target: CartTarget | undefined;
const logs: string[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase(DATABASE);
  server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: cluster.url(DATABASE), seedProducts: 40, staticDir: null, log: (line) => void logs.push(line) });
  client = new pg.Client({ connectionString: cluster.url(DATABASE) });
  await client.connect();
  const origin = `http://127.0.0.1:${server.port}`;
  target = {
    request: (url, init) => fetch(`${origin}${url}`, init),
    query: async <T,>(text: string) => {
      if (!client) throw new Error('client not connected');
      return (await client.query(text)).rows as T[];
    },
  };
}, 180_000);

afterAll(async () => {
  await runEveryStep([() => client?.end(), () => server?.close(), () => cluster?.stop()]);
}, 60_000);

describe('bag races on PostgreSQL', () => {
  cartRaceTests(() => {
    if (!target) throw new Error('server not started');
    return target;
  }, 0);

  it('answers the bag screen, a merge and the wish list by the contract on PostgreSQL', async () => {
    if (!target) throw new Error('server not started');
    const [variant, other] = await variantsWithStock(target, 2, 50, 30);
    const guest = await guestBag(target, variant ?? 0);
    await cartCall(target, 'PUT', '/cart/samples', { cookie: guest, body: { sampleIds: [61, 62] } });
    expect((await cartCall(target, 'POST', '/cart/offers', { cookie: guest, body: { code: 'WELCOME10' } })).status).toBe(201);
    const screen = v.parse(CartScreenResponseSchema, await (await cartCall(target, 'GET', '/cart', { cookie: guest })).json()).data;
    expect(screen.bag).toMatchObject({ count: 1, appliedOffer: { code: 'WELCOME10' }, samples: { chosen: [61, 62] } });
    expect(screen.bag.discount.amount).toBeGreaterThan(0);

    const body = registration();
    const registered = await cartCall(target, 'POST', '/user', { cookie: guest, body });
    expect(registered.status).toBe(201);
    const member = cookieHeader(cookieJar(registered));
    const bag = v.parse(CartResponseSchema, await (await cartCall(target, 'GET', '/cart/bag', { cookie: member })).json()).data;
    // The header's count, a prepared statement per kind of owner (named on each pooled connection).
    const api = target;
    const count = async (cookie: string) => v.parse(CartCountResponseSchema, await (await cartCall(api, 'GET', '/cart/items-count', { cookie })).json()).data;
    expect(await count(member)).toEqual({ count: 1, version: bag.version });
    expect(await count(await guestBag(target, other ?? 0))).toEqual({ count: 1, version: 1 });
    // A member joined at registration has its registration points to use (issue 15), and no reward in the bag yet.
    expect(bag).toMatchObject({ count: 1, appliedOffer: { code: 'WELCOME10' }, samples: { chosen: [61, 62] }, reward: null, points: { valid: { amount: EARNING_POINTS.registration }, spend: 0 } });
    expect(bag.points.valid?.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const [product] = await target.query<{ id: number }>(`select product_id as id from variants where id = ${other}`);
    const list = await cartCall(target, 'PATCH', '/wishlist', { cookie: member, body: { add: [{ productId: Number(product?.id), variantId: other }] } });
    const items = v.parse(WishlistResponseSchema, await list.json()).data;
    expect(items).toMatchObject([{ productId: Number(product?.id), variantId: other, price: { currency: 'SGD' } }]);
  });

  it('logged no server error during the races', () => {
    expect(logs.filter((line) => line.includes('failed'))).toEqual([]);
  });
});
