import { asc, desc, eq, sql } from 'drizzle-orm';
import type { CountryCode } from '../../config/countries.ts';
import type { Db } from '../db/client.ts';
import { searchQueries } from '../db/schema.ts';

/** Counts wait in memory this long: one upsert every few seconds instead of one write per search. */
export const FLUSH_DELAY_MS = 5_000;
/** More distinct pending searches than this are written at once (bounds the memory a flood can take). */
const MAX_PENDING = 2_000;
export const POPULAR_QUERIES_LIMIT = 10;

interface Pending {
  country: CountryCode;
  query: string;
  count: number;
}

class SearchLog {
  private pending = new Map<string, Pending>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  record(country: CountryCode, query: string): void {
    const key = `${country}\u0000${query}`;
    const entry = this.pending.get(key);
    if (entry) entry.count++;
    else this.pending.set(key, { country, query, count: 1 });
    if (this.pending.size >= MAX_PENDING) void this.flush().catch(reportFlushError);
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush().catch(reportFlushError), FLUSH_DELAY_MS);
      // Pending counts never keep a process alive; `flush()` at close writes them.
      this.timer.unref();
    }
  }

  /** Writes the pending counts in one upsert; flushes run one after another. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return this.writing;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    const json = JSON.stringify(rows);
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await this.db.execute(sql`
          insert into ${searchQueries} (country, query, count, last_searched_at)
          select country, query, count, now() from jsonb_to_recordset(${json}::jsonb) as x(country text, query text, count integer)
          on conflict (country, query) do update set count = ${searchQueries.count} + excluded.count, last_searched_at = excluded.last_searched_at`);
      });
    return this.writing;
  }
}

function reportFlushError(error: unknown): void {
  // Popularity is best effort: a failed write loses a few seconds of counts, never a request.
  console.error(`search log flush failed: ${error instanceof Error ? error.message : String(error)}`);
}

const logs = new WeakMap<Db, SearchLog>();

function logFor(db: Db): SearchLog {
  let log = logs.get(db);
  if (!log) logs.set(db, (log = new SearchLog(db)));
  return log;
}

/** Counts a search that found products (written within `FLUSH_DELAY_MS`). */
export function recordSearch(db: Db, country: CountryCode, query: string): void {
  logFor(db).record(country, query);
}

/** Writes pending counts now: before the database closes, and before popular queries are read. */
export async function flushSearchLog(db: Db): Promise<void> {
  await logs.get(db)?.flush();
}

/** The country's most searched queries, most first (ties alphabetical). */
export async function popularQueries(db: Db, country: CountryCode, limit = POPULAR_QUERIES_LIMIT): Promise<{ query: string }[]> {
  const log = logs.get(db);
  // A shopper who just searched expects to see it counted; the write is one upsert.
  if (log?.hasPending) await log.flush();
  return db
    .select({ query: searchQueries.query })
    .from(searchQueries)
    .where(eq(searchQueries.country, country))
    .orderBy(desc(searchQueries.count), asc(searchQueries.query))
    .limit(limit);
}
