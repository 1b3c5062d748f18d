import { sql } from 'drizzle-orm';
import type { LanguageCode } from '../../config/countries.ts';
import type { Db } from '../db/client.ts';
import { readRows } from './listing-index.ts';

/*
 * What a product card shows, read from the database once and then kept in memory, checked on every
 * use against the catalogue version (migration 0005: one tiny query per request).
 *
 * Why: a page of 24 summaries by primary key costs PGlite about 0.9 ms, half of a whole listing
 * request, while the rows change only when a review is written or stock moves. The version tells
 * exactly which rows changed since the ones held were read (`products.change_version`), in any
 * server process, so a card is never older than the request's own read of the version: as current
 * as reading the row, without reading it.
 */

/** A summary as stored: names in every language (cards are cached once for all of them). */
export type SummaryRow = [
  id: number,
  slug: string,
  name: Partial<Record<LanguageCode, string>>,
  badges: string[],
  ratingAvg: number,
  ratingCount: number,
  totalStock: number,
  variantCount: number,
  brandId: number,
];

/** Columns of `SummaryRow` over `products p`. */
export const SUMMARY_COLUMNS = sql`json_build_array(p.id, p.slug, p.name, p.badges, p.rating_avg, p.rating_count, p.total_stock, p.variant_count, p.brand_id)`;

/** More changed rows than this between two requests: everything is read again instead. */
const MAX_CHANGED_ROWS = 20_000;

export class SummaryCache {
  /** Catalogue version the rows held are current at; -1: none yet. */
  private version = -1;
  private readonly rows = new Map<number, SummaryRow>();
  /** Catching up runs one at a time (each reads from the version the previous one reached). */
  private catchingUp: Promise<void> = Promise.resolve();

  get size(): number {
    return this.rows.size;
  }

  /**
   * Summaries of `ids` as they are at catalogue version `version` or later (read by the caller for
   * this request); products that do not exist are absent.
   */
  async read(db: Db, ids: readonly number[], version: number): Promise<Map<number, SummaryRow>> {
    if (!ids.every((id) => Number.isSafeInteger(id))) throw new TypeError('product ids must be integers');
    if (version !== this.version) await this.catchUp(db, version);
    const out = new Map<number, SummaryRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) out.set(id, row);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const heldAt = this.version;
    const [row] = await readRows<{ rows: string | null }>(db, sql`select (select json_agg(${SUMMARY_COLUMNS})::text from products p where p.id in (${sql.raw(missing.join(','))})) as rows`);
    // Rows read while another request caught up past `heldAt` may predate a change it has already
    // dropped: they answer this request (read after its version) but are not kept.
    const keep = this.version === heldAt;
    for (const fresh of JSON.parse(row?.rows ?? '[]') as SummaryRow[]) {
      out.set(fresh[0], fresh);
      if (keep) this.rows.set(fresh[0], fresh);
    }
    return out;
  }

  private catchUp(db: Db, version: number): Promise<void> {
    const run = this.catchingUp.then(async () => {
      if (version === this.version) return;
      // First use, or a version that went back (a restored database): nothing held can be trusted.
      if (this.version < 0 || version < this.version) {
        this.rows.clear();
        this.version = version;
        return;
      }
      if (this.rows.size > 0) {
        const [changed] = await readRows<{ n: number; list: string | null }>(
          db,
          sql`select count(*)::int as n, string_agg(id::text, ',') as list from (select id from products where change_version > ${this.version} limit ${MAX_CHANGED_ROWS + 1}) changed`,
        );
        if ((changed?.n ?? 0) > MAX_CHANGED_ROWS) this.rows.clear();
        else for (const id of (changed?.list ?? '').split(',')) if (id) this.rows.delete(Number(id));
      }
      this.version = Math.max(this.version, version);
    });
    this.catchingUp = run.catch(() => undefined);
    return run;
  }
}

const caches = new WeakMap<Db, SummaryCache>();

/** The database's summary cache (one per process and database). */
export function summaryCache(db: Db): SummaryCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SummaryCache()));
  return cache;
}
