import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { catalogueVersion } from '../summaries.ts';
import type { ProductAttributes } from './attributes.ts';
import { sortOrder, type SortOrder } from './sort-orders.ts';

/*
 * Every product's rating and the top-rated order. Unlike the rest of the index, reviews change
 * them between two builds: a top-rated page first catches up with the rows updated since the
 * catalogue version the ratings were read at (migration 0005), so it is ordered by the ratings as
 * they are now.
 */

/** What a snapshot keeps of the ratings, with the catalogue version they are current at (`Ratings.version`). */
export interface StoredRatings {
  tenths: Int16Array;
  count: Int32Array;
  /** The top-rated order, sorted by these ratings. */
  rated: Int32Array;
}

export class Ratings {
  /** Average rating × 10 and count by position. */
  private readonly tenths: Int16Array;
  private readonly count: Int32Array;
  /** `version`, which only `load`, `catchUp` and `restore` move. */
  private readAt = -1;
  /** By (rating desc, rating count desc, id); sorted again when a rating changed (`stale`). */
  private rated: SortOrder;
  private stale = false;
  private sorts = 0;

  constructor(private readonly products: ProductAttributes) {
    this.tenths = new Int16Array(products.size);
    this.count = new Int32Array(products.size);
    this.rated = sortOrder(new Int32Array(0), products.size);
  }

  /** Every product's rating and the top-rated order, read at the current catalogue version. */
  async load(db: Db): Promise<void> {
    const version = await catalogueVersion(db);
    const order = Int32Array.from((await this.read(db, sql``, sql`order by rating_avg desc, rating_count desc, id`)).positions);
    this.rated = sortOrder(order, this.products.size);
    this.stale = false;
    this.readAt = version;
  }

  /**
   * Brings the ratings up to catalogue version `version` (read by the caller for this request):
   * the products updated since the version they were read at are read again, and the top-rated
   * order is sorted again when one of their ratings moved. Nothing is read while nothing changed.
   */
  async catchUp(db: Db, version: number): Promise<void> {
    if (this.readAt < 0 || version < this.readAt) return this.load(db);
    if (version === this.readAt) return;
    if ((await this.read(db, sql`where change_version > ${this.readAt}`, sql``)).moved) this.stale = true;
    // Another request may have caught up further meanwhile: the version only moves forward.
    this.readAt = Math.max(this.readAt, version);
  }

  /**
   * Moves on each time the top-rated order is sorted again: part of the key of a kept top-rated
   * page. Reading it sorts a stale order first, so a key never names an order that is out of date.
   */
  get generation(): number {
    this.topRated();
    return this.sorts;
  }

  topRated(): SortOrder {
    if (this.stale) {
      const { tenths, count } = this;
      const { ids } = this.products;
      const order = Int32Array.from(this.rated.order).sort((a, b) => (tenths[b] ?? 0) - (tenths[a] ?? 0) || (count[b] ?? 0) - (count[a] ?? 0) || (ids[a] ?? 0) - (ids[b] ?? 0));
      this.rated = sortOrder(order, this.products.size);
      this.stale = false;
      this.sorts++;
    }
    return this.rated;
  }

  /** `catalogue_version` the ratings are current at; -1: not read yet. */
  get version(): number {
    return this.readAt;
  }

  /** The arrays a snapshot keeps, the top-rated order sorted by the ratings saved with it. */
  stored(): StoredRatings {
    return { tenths: this.tenths, count: this.count, rated: this.topRated().order };
  }

  restore(stored: StoredRatings, version: number): void {
    this.tenths.set(stored.tenths);
    this.count.set(stored.count);
    this.rated = sortOrder(stored.rated, this.products.size);
    this.readAt = version;
  }

  /** Stores the ratings of the products `where` picks; their positions (in `order`), and whether any rating moved. */
  private async read(db: Db, where: SQL, order: SQL): Promise<{ positions: number[]; moved: boolean }> {
    const [row] = await queryRows<{ list: string | null }>(db, sql`select string_agg(concat_ws(',', id, (rating_avg * 10)::int, rating_count), ';' ${order}) as list from products ${where}`);
    const positions: number[] = [];
    let moved = false;
    for (const entry of (row?.list ?? '').split(';')) {
      if (!entry) continue;
      const [id, tenths = 0, count = 0] = entry.split(',').map(Number);
      const position = this.products.positionOf(id ?? -1);
      if (position < 0) continue;
      if (this.tenths[position] !== tenths || this.count[position] !== count) moved = true;
      this.tenths[position] = tenths;
      this.count[position] = count;
      positions.push(position);
    }
    return { positions, moved };
  }
}
