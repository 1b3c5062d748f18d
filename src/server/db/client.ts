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
import { SEARCH_FUNCTIONS_SQL } from '../search/functions.ts';
import * as schema from './schema.ts';

/** What every query of the server is written against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** Human-readable location for the start-up line. */
  description: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Extensions the migrations use (the search vocabulary's trigram index needs pg_trgm). Created before
 * the migrations, idempotently, with the same SQL on PGlite and PostgreSQL (Debian ships it in contrib).
 */
const EXTENSIONS_SQL = 'create extension if not exists pg_trgm';

export type DatabaseTarget = { kind: 'memory' } | { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget, log: (line: string) => void = console.error): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // PostgreSQL may end an idle connection (a restart, a failover, an administrator): the pool
    // reports it as an event, which unheard would end the process. The pool drops that connection
    // and opens another for the next query.
    pool.on('error', (error) => log(`PostgreSQL ended an idle connection of the pool: ${error.message}`));
    // Fail at start, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      description: `PostgreSQL ${redactUrl(target.url)}`,
      migrate: async () => {
        await pool.query(EXTENSIONS_SQL);
        await migratePg(db, { migrationsFolder });
        await pool.query(SEARCH_FUNCTIONS_SQL);
      },
      close: () => pool.end(),
    };
  }
  if (target.kind === 'pglite') mkdirSync(target.dir, { recursive: true });
  // PGlite loads an extension's files only when it is named at creation.
  const extensions = { pg_trgm };
  const client = target.kind === 'pglite' ? await PGlite.create(target.dir, { extensions }) : await PGlite.create({ extensions });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    description: target.kind === 'pglite' ? `PGlite ${target.dir}` : 'PGlite in memory',
    migrate: async () => {
      await client.exec(EXTENSIONS_SQL);
      await migratePglite(db, { migrationsFolder });
      await client.exec(SEARCH_FUNCTIONS_SQL);
    },
    close: () => client.close(),
  };
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
