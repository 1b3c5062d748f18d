import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CountryCode, LanguageCode, Site } from '../../config/countries.ts';
import { POPULAR_MIN_SHOPPERS, POPULAR_QUERIES_LIMIT, POPULAR_WINDOW_DAYS } from '../../config/search.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { searchQueryShoppers } from '../db/schema.ts';

/*
 * Popular searches, counted per distinct shopper: a search that found products is one row per
 * shopper, query and day (`search_query_shoppers`, migration 0018), so a client repeating a query
 * counts once a day however often it sends it, and a query is listed only once enough different
 * shoppers searched it: one client cannot push a word onto every shopper's list. Per country and
 * language: a shopper of Hong Kong reading Chinese sees what was searched in Chinese there.
 */

/** Rows wait in memory this long: one insert every few seconds instead of one write per search. */
export const FLUSH_DELAY_MS = 5_000;
/** More distinct pending rows than this are written at once (bounds the memory a flood can take). */
const MAX_PENDING = 2_000;

interface Pending {
  country: CountryCode;
  language: LanguageCode;
  query: string;
  day: string;
  shopper: string;
}

class SearchLog {
  private pending = new Map<string, Pending>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  record(row: Pending): void {
    // A repeat within the batch is the row already waiting; across batches, the primary key.
    this.pending.set(`${row.country}\u0000${row.language}\u0000${row.query}\u0000${row.day}\u0000${row.shopper}`, row);
    if (this.pending.size >= MAX_PENDING) void this.flush().catch(reportFlushError);
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush().catch(reportFlushError), FLUSH_DELAY_MS);
      // Pending rows never keep a process alive; `flush()` at close writes them.
      this.timer.unref();
    }
  }

  /** Writes the pending rows in one insert (a shopper's second search of the day adds nothing); flushes run one after another. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return this.writing;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    const json = JSON.stringify(rows);
    // The oldest day any batch row counts in: rows before it are past every window.
    const oldest = rows.reduce((day, row) => (row.day < day ? row.day : day), rows[0]?.day ?? '');
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await this.db.execute(sql`
          insert into ${searchQueryShoppers} (country, language, query, day, shopper)
          select country, language, query, day, shopper from jsonb_to_recordset(${json}::jsonb) as x(country text, language text, query text, day date, shopper text)
          on conflict do nothing`);
        await this.db.execute(sql`delete from ${searchQueryShoppers} where day <= ${oldest}::date - ${POPULAR_WINDOW_DAYS}::integer`);
      });
    return this.writing;
  }
}

function reportFlushError(error: unknown): void {
  // Popularity is best effort: a failed write loses a few seconds of searches, never a request.
  console.error(`search log flush failed: ${error instanceof Error ? error.message : String(error)}`);
}

const logs = new WeakMap<Db, SearchLog>();

function logFor(db: Db): SearchLog {
  let log = logs.get(db);
  if (!log) logs.set(db, (log = new SearchLog(db)));
  return log;
}

/**
 * Who searched, as stored: a keyed hash of the client's key (its address), so the table holds no
 * address and the same client is the same shopper on every process that shares the key.
 */
export function shopperOf(clientKey: string, secret: string | Buffer): string {
  return createHmac('sha256', secret).update(`popular-search\u0000${clientKey}`).digest('base64url').slice(0, 22);
}

/** Counts a search that found products by this shopper today in the country's calendar (written within `FLUSH_DELAY_MS`). */
export function recordSearch(db: Db, site: Site, query: string, shopper: string, now = Date.now()): void {
  logFor(db).record({ country: site.country, language: site.language, query, day: todayIn(site.country, now), shopper });
}

/** Writes pending rows now: before the database closes, and before popular queries are read. */
export async function flushSearchLog(db: Db): Promise<void> {
  await logs.get(db)?.flush();
}

/**
 * The site's most searched queries of the last `POPULAR_WINDOW_DAYS` days: each shopper counts
 * once a day, and a query searched by fewer than `POPULAR_MIN_SHOPPERS` different shoppers is not
 * listed. Most first (ties alphabetical).
 */
export async function popularQueries(db: Db, site: Site, now = Date.now(), limit = POPULAR_QUERIES_LIMIT): Promise<{ query: string }[]> {
  const log = logs.get(db);
  // A shopper who just searched expects to see it counted; the write is one insert.
  if (log?.hasPending) await log.flush();
  const today = todayIn(site.country, now);
  return queryRows<{ query: string }>(
    db,
    sql`select query from ${searchQueryShoppers}
        where country = ${site.country} and language = ${site.language} and day > ${today}::date - ${POPULAR_WINDOW_DAYS}::integer and day <= ${today}::date
        group by query
        having count(distinct shopper) >= ${POPULAR_MIN_SHOPPERS}::integer
        order by count(*) desc, query asc
        limit ${limit}::integer`,
  );
}
