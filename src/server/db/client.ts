import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { functionFiles } from './functions.ts';
import * as schema from './schema.ts';

/** What every query of the server is written against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** Human-readable location for the start-up line. */
  description: string;
  /** Extensions, migrations, then the SQL functions of ./functions/ (repeatable); call it inside `exclusively`. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process starting on this database runs its own: processes started at
   * the same instant on an empty database would otherwise race to create the same types and seed
   * the same rows, and all but one would die.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Answers when the database takes a query (readiness); rejects after `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>;
  /** Connections open, idle and requests waiting for one (metrics). */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Extensions the migrations use (the search vocabulary's trigram index needs pg_trgm). Created before
 * the migrations, idempotently, with the same SQL on PGlite and PostgreSQL (Debian ships it in contrib).
 */
const EXTENSIONS_SQL = 'create extension if not exists pg_trgm';

/**
 * pg_trgm's settings are known to PostgreSQL only once its library is loaded in the session; before
 * that, PostgreSQL 15+ refuses a role that is not superuser a `set pg_trgm.…` in a function's
 * definition (42501). Calling one of its functions loads it on this connection.
 */
const LOAD_TRGM_SQL = "select similarity('', '')";

/**
 * The session advisory lock that start-up work (migrations, SQL functions, seed) runs under, the
 * same number in every process of the store. Held on one connection: PostgreSQL frees it when that
 * session ends, so a process killed while holding it never blocks the next start.
 */
export const STARTUP_LOCK_KEY = '7262022801';

/**
 * `memory` may start from `image`, a data directory dumped from a database already migrated and
 * seeded (PGlite's `dumpDataDir`): the tests open one per file in about 1 s instead of 5.
 */
export type DatabaseTarget = { kind: 'memory'; image?: Blob } | { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget, log: (line: string) => void = console.error): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // PostgreSQL may end an idle connection (a restart, a failover, an administrator): the pool
    // reports it as an event, which unheard would end the process. The pool drops that connection
    // and opens another for the next query.
    pool.on('error', (error) => log(`PostgreSQL ended an idle connection of the pool: ${error.message}`));
    // A connection checked out and between two queries (a transaction waiting on the card
    // processor) reports its end as an event too: unheard, it would end the process, and with it
    // every request in flight on the others. Its next query fails instead, and the pool drops it.
    pool.on('connect', (client) => client.on('error', (error) => log(`PostgreSQL ended a connection in use: ${error.message}`)));
    // Fail at start, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema });
    /** One connection for a piece of work; a connection that failed is dropped, not returned. */
    const onConnection = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        return await work(client);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        client.release(failure);
      }
    };
    return {
      db,
      description: `PostgreSQL ${redactUrl(target.url)}`,
      migrate: () =>
        onConnection(async (client) => {
          await client.query(EXTENSIONS_SQL);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
          await client.query(LOAD_TRGM_SQL);
          // A text without parameters goes as one simple-protocol message: several statements at once.
          for (const file of functionFiles()) await client.query(file.text);
        }),
      exclusively: (work) =>
        onConnection(async (client) => {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
          }
        }),
      ping: (timeoutMs) => withTimeout(pool.query('select 1').then(() => undefined), timeoutMs),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  if (target.kind === 'pglite') mkdirSync(target.dir, { recursive: true });
  // PGlite loads an extension's files only when it is named at creation.
  const extensions = { pg_trgm };
  const client = target.kind === 'pglite' ? await PGlite.create(target.dir, { extensions }) : await PGlite.create({ extensions, ...(target.image ? { loadDataDir: target.image } : {}) });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    description: target.kind === 'pglite' ? `PGlite ${target.dir}` : 'PGlite in memory',
    migrate: async () => {
      await client.exec(EXTENSIONS_SQL);
      await migratePglite(db, { migrationsFolder });
      for (const file of functionFiles()) await client.exec(file.text);
    },
    // One process owns an embedded database (the data directory's lock): nobody to wait for.
    exclusively: (work) => work(),
    ping: (timeoutMs) => withTimeout(client.query('select 1').then(() => undefined), timeoutMs),
    // PGlite is one connection that queues its queries: busy or not is all there is to say.
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: () => client.close(),
  };
}

function withTimeout(promise: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
