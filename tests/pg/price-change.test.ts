/**
 * Prices and stock current on every process, against a real PostgreSQL: two servers on one
 * database (as behind a load balancer), each with its own listing index, card cache and page
 * cache; a price and a stock level written by plain SQL show on the next request of both, as the
 * bag charges them. The same scenario as tests/api/price-change.test.ts on PGlite.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { priceAndStockChangeScenario, type ServerInstance } from '../helpers/price-change.ts';
import { startCluster, type PgCluster } from './cluster.ts';

const DATABASE = 'beauty_pass_prices';

let cluster: PgCluster | undefined;
let first: RunningServer | undefined;
let second: RunningServer | undefined;
let client: pg.Client | undefined;
const logs: string[] = [];
const log = (line: string) => void logs.push(line);

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase(DATABASE);
  const url = cluster.url(DATABASE);
  first = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: url, seedProducts: 40, staticDir: null, log });
  second = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: url, staticDir: null, log });
  client = new pg.Client({ connectionString: url });
  await client.connect();
}, 180_000);

afterAll(async () => {
  await runEveryStep([() => client?.end(), () => first?.close(), () => second?.close(), () => cluster?.stop()]);
}, 60_000);

const instance = (name: string, server: RunningServer | undefined): ServerInstance => {
  if (!server) throw new Error(`${name} server not started`);
  return { name, pages: false, request: (path, init) => fetch(`${server.url}${path}`, init) };
};

describe('a price and a stock level written by SQL on PostgreSQL', () => {
  it('show on the next request on both servers: product JSON, listings by and within price, and the bag', async () => {
    await priceAndStockChangeScenario({
      instances: [instance('first', first), instance('second', second)],
      query: async <T,>(text: string) => {
        if (!client) throw new Error('client not connected');
        return (await client.query(text)).rows as T[];
      },
    });
    expect(logs.filter((line) => /failed|"status":5\d\d/i.test(line))).toEqual([]);
  });
});
