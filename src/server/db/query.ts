import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from './client.ts';
import * as schema from './schema.ts';

/*
 * The one way the server runs SQL it writes itself (docs/decisions/028-one-query-module.md). Values
 * always travel as bound parameters: a statement is drizzle's `sql` template (or its query builder),
 * never text with values written in. Only public APIs: PGlite's `query` (extended protocol,
 * parameters bound) and `exec` for a text without any value; drizzle's `execute` elsewhere.
 * eslint.config.js keeps it so: `sql.raw` only in ./sql-literal.ts, and the drivers imported only
 * under src/server/db/.
 */

const dialect = new PgDialect();

/** PGlite answers `{ rows }`, node-postgres a `QueryResult` with `rows` too. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Rows of a statement. On PGlite (the database, not a transaction) straight to the client's public
 * `query`: drizzle's session adds about 0.2 ms to every statement there, more than most of the
 * catalogue's reads take to run. A statement without any value goes as one simple-protocol `exec`
 * (nothing to bind; a third of `query`'s round trips). In a transaction, and on node-postgres,
 * through drizzle as every other query.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const open = pgliteTransactions.get(db);
  if (open) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await open.query<T>(text, params)).rows;
  }
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (params.length === 0) return ((await client.exec(text)).at(-1)?.rows ?? []) as T[];
    return (await client.query<T>(text, params)).rows;
  }
  return rowsOf<T>(await db.execute(query));
}

/** The first row's `r` column (the JSON a function or a `json_build_object` answers); null without a row. */
export async function jsonOf<T>(db: Db, query: SQL): Promise<T | null> {
  const [row] = await queryRows<{ r: T | string | null }>(db, query);
  const value = row?.r ?? null;
  // PGlite parses `json` into a value; node-postgres too, but a `::text` column stays text.
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The PGlite transaction under each drizzle transaction opened by `transaction`. */
const pgliteTransactions = new WeakMap<Db, Transaction>();

/**
 * `work` in one transaction, as `db.transaction` runs it. On PGlite the transaction is PGlite's own
 * (its public `transaction`), with drizzle over it for the query builder: `queryRows` and `batch`
 * then send their statements straight to its `query`, values bound, without drizzle's session
 * around each (a third of an order's CPU, docs/decisions/028-one-query-module.md). On node-postgres,
 * drizzle's transaction.
 */
export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return db.transaction(work);
  return client.transaction(async (open) => {
    // drizzle's PGlite driver runs its statements on any object with PGlite's `query`, as its own transactions do.
    const tx: Db = drizzle(open as unknown as PGlite, { schema });
    pgliteTransactions.set(tx, open);
    return work(tx);
  });
}

/**
 * Runs `queries` in order in the transaction `tx` and answers each one's rows. Use only inside a
 * transaction. Statement by statement, values bound: on PGlite through its transaction's `query`
 * (when `transaction` opened it), elsewhere drizzle's public `execute`.
 */
export async function batch(tx: Db, queries: readonly SQL[]): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (const query of queries) out.push(await queryRows(tx, query));
  return out;
}

/** Integers as one bound parameter, an `integer[]` (`id = any(…)`): one statement text whatever their number. */
export function integerArray(values: readonly number[]): SQL {
  return sql`${sql.param([...values])}::integer[]`;
}

/** Moves a table's id sequence past its highest id (after rows written with their ids, as the seed does). */
export async function restartIds(db: Db, table: string): Promise<void> {
  await db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`);
}
