/**
 * Issue 13: checkout's races on a real PostgreSQL (a pool of 10 connections, so the orders really
 * run at once), over HTTP; tests/api/checkout-races.test.ts runs the same scenarios on PGlite.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import type { CartTarget } from '../helpers/cart.ts';
import { checkoutRaceTests } from '../helpers/checkout-races.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { startCluster, type PgCluster } from './cluster.ts';

const DATABASE = 'checkout_races';
let cluster: PgCluster | undefined;
let server: RunningServer | undefined;
let client: pg.Client | undefined;
let target: CartTarget | undefined;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase(DATABASE);
  server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: cluster.url(DATABASE), seedProducts: 40, staticDir: null, log: () => undefined });
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

describe('checkout races on PostgreSQL', () => {
  checkoutRaceTests(() => {
    if (!target) throw new Error('server not started');
    return target;
  }, 0);
});
