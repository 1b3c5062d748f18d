/**
 * Issue 13: e-gift cards' races on a real PostgreSQL (a pool of 10 connections, so the checkouts and
 * the sender runs really run at once), over HTTP; tests/api/gift-card-races.test.ts runs the same
 * scenarios on PGlite.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import type { CartTarget } from '../helpers/cart.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { giftCardRaceTests } from '../helpers/gift-card-races.ts';
import { startCluster, type PgCluster } from './cluster.ts';

const DATABASE = 'gift_card_races';
let cluster: PgCluster | undefined;
let server: RunningServer | undefined;
let client: pg.Client | undefined;
/** A second pool on the same database: the sender runs of the test, beside the server's. */
let jobs: Database | undefined;
let target: CartTarget | undefined;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase(DATABASE);
  server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: cluster.url(DATABASE), seedProducts: 40, staticDir: null, log: () => undefined });
  client = new pg.Client({ connectionString: cluster.url(DATABASE) });
  await client.connect();
  jobs = await openDatabase({ kind: 'postgres', url: cluster.url(DATABASE) }, () => undefined);
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
  await runEveryStep([() => client?.end(), () => jobs?.close(), () => server?.close(), () => cluster?.stop()]);
}, 60_000);

describe('e-gift card races on PostgreSQL', () => {
  giftCardRaceTests(
    () => {
      if (!target) throw new Error('server not started');
      return target;
    },
    () => {
      if (!jobs) throw new Error('database not open');
      return jobs.db;
    },
    0,
  );
});
