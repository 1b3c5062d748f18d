import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/*
 * Several statements of one transaction in one round trip. On PGlite a statement through drizzle
 * costs about 0.4 ms of its own (the extended protocol and the driver), more than most statements
 * take to run: placing an order was 16 of them, 3.5 ms of its 7. Inside a transaction the
 * statements are written with their parameters as SQL literals and sent as one simple-protocol
 * message (PGlite's `exec` on the transaction), answering each statement's rows. On node-postgres
 * (a pool, statements cheap) they run one by one through drizzle, as every other query there.
 */

const dialect = new PgDialect();

/** The PGlite transaction behind a drizzle transaction (its session's client), if it is one. */
interface PgliteTransaction {
  exec(query: string): Promise<{ rows: unknown[] }[]>;
}

function pgliteTransactionOf(tx: Db): PgliteTransaction | null {
  // drizzle's PGlite session keeps the transaction it runs in as `client`; node-postgres' is a pool client without `exec`.
  const client: unknown = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client && typeof client === 'object' && 'exec' in client && typeof client.exec === 'function' && !('connect' in client) ? (client as PgliteTransaction) : null;
}

/** A parameter as an SQL literal (standard_conforming_strings is on: doubling quotes is the whole escaping). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a batch parameter is not a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('a batch parameter holds a NUL character');
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(`a batch parameter of type ${typeof value} has no literal`);
}

/** Runs `queries` in order in the transaction `tx`; answers each one's rows. Use only inside `db.transaction`. */
export async function batch(tx: Db, queries: readonly SQL[]): Promise<unknown[][]> {
  if (queries.length === 0) return [];
  const pglite = pgliteTransactionOf(tx);
  if (!pglite) {
    const out: unknown[][] = [];
    for (const query of queries) out.push(rowsOf(await tx.execute(query)));
    return out;
  }
  const texts = queries.map((query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    // One pass over the statement's own text: a value written in is never read as a placeholder. (The
    // statements of a batch hold no `$` of their own.)
    return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  });
  const results = await pglite.exec(texts.join(';\n'));
  if (results.length !== queries.length) throw new Error(`a batch of ${queries.length} statements answered ${results.length} results`);
  return results.map((result) => result.rows);
}
