import { sql } from 'drizzle-orm';
import type { LanguageCode } from '../../config/countries.ts';
import type { Db } from '../db/client.ts';
import { integerArray, queryRows } from '../db/query.ts';

/*
 * What a product card and a product page show, read from the database once and then kept in
 * memory, checked on every use against the catalogue version (migrations 0005 and 0015: one tiny
 * query per request; any write of a product, a variant, its stock or a price moves it).
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

/** Product pages kept (each one language of one product, a few kilobytes). */
const MAX_DETAILS = 5_000;

/** More changed rows than this between two requests: everything is read again instead. */
const MAX_CHANGED_ROWS = 20_000;

export class SummaryCache {
  /** Catalogue version the rows held are current at; -1: none yet. */
  private version = -1;
  private readonly rows = new Map<number, SummaryRow>();
  /** Product pages by slug and language (oldest first), and their keys by product id. */
  private readonly details = new Map<string, { row: SummaryRow }>();
  private readonly detailKeys = new Map<number, Set<string>>();
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
    const [row] = await queryRows<{ rows: string | null }>(db, sql`select (select json_agg(${SUMMARY_COLUMNS})::text from products p where p.id = any(${integerArray(missing)})) as rows`);
    // Rows read while another request caught up past `heldAt` may predate a change it has already
    // dropped: they answer this request (read after its version) but are not kept.
    const keep = this.version === heldAt;
    for (const fresh of JSON.parse(row?.rows ?? '[]') as SummaryRow[]) {
      out.set(fresh[0], fresh);
      if (keep) this.rows.set(fresh[0], fresh);
    }
    return out;
  }

  /**
   * A product page (`key`: slug and language) as it is at catalogue version `version` or later:
   * from memory, or from `read` (null: no such product, which is not kept). Read again once the
   * product or one of its variants changed.
   */
  async detail<T extends { row: SummaryRow }>(db: Db, key: string, version: number, read: () => Promise<T | null>): Promise<T | null> {
    if (version !== this.version) await this.catchUp(db, version);
    const held = this.details.get(key);
    if (held) return held as T;
    const heldAt = this.version;
    const found = await read();
    // As in `read`: not kept when another request caught up meanwhile.
    if (found && this.version === heldAt) {
      if (this.details.size >= MAX_DETAILS) this.dropDetail(this.details.keys().next().value as string);
      this.details.set(key, found);
      const id = found.row[0];
      const keys = this.detailKeys.get(id);
      if (keys) keys.add(key);
      else this.detailKeys.set(id, new Set([key]));
    }
    return found;
  }

  private forget(id: number): void {
    this.rows.delete(id);
    for (const key of this.detailKeys.get(id) ?? []) this.details.delete(key);
    this.detailKeys.delete(id);
  }

  private dropDetail(key: string): void {
    const held = this.details.get(key);
    this.details.delete(key);
    if (held) this.detailKeys.get(held.row[0])?.delete(key);
  }

  private clear(): void {
    this.rows.clear();
    this.details.clear();
    this.detailKeys.clear();
  }

  private catchUp(db: Db, version: number): Promise<void> {
    const run = this.catchingUp.then(async () => {
      if (version === this.version) return;
      // First use, or a version that went back (a restored database): nothing held can be trusted.
      if (this.version < 0 || version < this.version) {
        this.clear();
        this.version = version;
        return;
      }
      if (this.rows.size > 0 || this.details.size > 0) {
        const [changed] = await queryRows<{ n: number; list: string | null }>(
          db,
          sql`select count(*)::int as n, string_agg(id::text, ',') as list from (
                select id from products where change_version > ${this.version}
                union select product_id from variants where change_version > ${this.version}
                limit ${MAX_CHANGED_ROWS + 1}) changed`,
        );
        if ((changed?.n ?? 0) > MAX_CHANGED_ROWS) this.clear();
        else for (const id of (changed?.list ?? '').split(',')) if (id) this.forget(Number(id));
      }
      this.version = Math.max(this.version, version);
    });
    this.catchingUp = run.catch(() => undefined);
    return run;
  }
}

/**
 * The catalogue's version (`catalogue_version`, migrations 0005 and 0015): it moves on with every
 * statement that writes products, variants or prices, and rows changed since a version (the
 * products of a price written, too) have `change_version` above it.
 */
export async function catalogueVersion(db: Db): Promise<number> {
  // Without a condition (the table has one row): PGlite plans a key lookup at twice the cost of the scan.
  const [row] = await queryRows<{ v: number | string | null }>(db, sql`select version as v from catalogue_version`);
  return Number(row?.v ?? 0);
}

const caches = new WeakMap<Db, SummaryCache>();

/** The database's summary cache (one per process and database). */
export function summaryCache(db: Db): SummaryCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SummaryCache()));
  return cache;
}
