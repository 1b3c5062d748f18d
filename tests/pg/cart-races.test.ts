/**
 * Issue 12: the bag's races on a real PostgreSQL (a pool of 10 connections, so the adds really run
 * at once), over HTTP; tests/api/cart-races.test.ts runs the same scenarios on PGlite.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import type { CartTarget } from '../helpers/cart.ts';
import { cartRaceTests } from '../helpers/cart-races.ts';
import { startCluster, type PgCluster } from './cluster.ts';

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
  const steps = [() => client?.end(), () => server?.close(), () => cluster?.stop()];
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, 'cleanup failed');
}, 60_000);

describe('bag races on PostgreSQL', () => {
  cartRaceTests(() => {
    if (!target) throw new Error('server not started');
    return target;
  }, 0);

  it('logged no server error during the races', () => {
    expect(logs.filter((line) => line.includes('failed'))).toEqual([]);
  });
});
