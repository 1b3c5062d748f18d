import pg from 'pg';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import type { CartTarget } from '../helpers/cart.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { startCluster, type PgCluster } from './cluster.ts';

export interface PgHttpTarget {
  /** The server over HTTP and SQL on its database: what the race scenarios of tests/helpers drive. */
  target: CartTarget;
  /** The database's connection URL (for a second pool of the test's own). */
  url: string;
  close(): Promise<void>;
}

/**
 * A real server on a fresh database of the test PostgreSQL (a pool of 10 connections, so requests
 * really run at once), and a client of its own for the scenarios' SQL.
 */
export async function startPgHttpTarget(database: string, { seedProducts = 40, log = () => undefined }: { seedProducts?: number; log?: (line: string) => void } = {}): Promise<PgHttpTarget> {
  let cluster: PgCluster | undefined;
  let server: RunningServer | undefined;
  let client: pg.Client | undefined;
  try {
    cluster = await startCluster();
    await cluster.createDatabase(database);
    const url = cluster.url(database);
    server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: url, seedProducts, staticDir: null, log });
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const origin = `http://127.0.0.1:${server.port}`;
    const sql = client;
    const started = { cluster, server, client };
    return {
      url,
      target: { request: (path, init) => fetch(`${origin}${path}`, init), query: async <T,>(text: string) => (await sql.query(text)).rows as T[] },
      close: () => runEveryStep([() => started.client.end(), () => started.server.close(), () => started.cluster.stop()]),
    };
  } catch (error) {
    await runEveryStep([() => client?.end(), () => server?.close(), () => cluster?.stop()]);
    throw error;
  }
}
