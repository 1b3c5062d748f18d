import { sql, type SQL } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode } from '../../config/countries.ts';
import { OTHER_FILTERS, type ProductSort } from '../../contract/catalog.ts';
import type { Db } from '../db/client.ts';
import { readRows } from '../db/rows.ts';
import type { IndexSnapshots } from './listing-snapshot.ts';
import { catalogueVersion } from './summaries.ts';

/*
 * The listing index: what product listings filter and sort on, held in typed arrays per process.
 *
 * Why in memory: a listing joins two tables (the product's category, brand and badges; the
 * country's price and sale), and any two filters across them made PGlite walk tens of thousands of
 * index entries and wide heap rows per page (20–60 ms at 100,000 products, measured with EXPLAIN
 * ANALYZE), where the budget leaves about 2 ms. Here a page is a pass over the posting lists of the
 * most selective filter (or over a pre-sorted order, stopping at the page's end), well under a
 * millisecond; the page's cards come from ./summaries.ts, which keeps them current through the
 * catalogue version (one tiny query per request).
 *
 * What is kept: category, brand, badges, cover variant, creation and featured order (nothing in
 * the store writes them after the seed); every country's prices (regular, paid, on sale) and price
 * order, loaded per country; the words of `products.search_terms` as an inverted index; and every
 * product's rating with the top-rated order, which reviews change: a top-rated page first catches
 * up with the rows updated since the catalogue version the ratings were read at (migration 0005),
 * so it is ordered by the ratings as they are now. The whole index is rebuilt after the catalogue's
 * freshness of 5 minutes (spec §9) when its fingerprint moved (`catalogueFingerprint`: products
 * or variants came or went, or a price or listing attribute was written), the old one serving until
 * the new one is ready. At 100,000 products it takes about two seconds to build (seven with every
 * country's prices and the search postings) and some 30 MB; ./listing-snapshot.ts saves it for the
 * next start.
 */

export const LISTING_INDEX_TTL_MS = 300_000;

export interface CountryPrices {
  /** Regular price in minor units by position; -1: not sold in the country. */
  amount: Int32Array;
  /** Price paid (sale price when there is one) in minor units by position; -1: not sold in the country. */
  effective: Int32Array;
  /** 1 when on sale in the country. */
  sale: Uint8Array;
  /** Positions by (price paid, id); read backwards for high to low. */
  byPrice: Int32Array;
  /** Index of each position in `byPrice`; -1 when not sold in the country. */
  rankPrice: Int32Array;
}

/** Ids a filter accepts, with a lookup table by id. */
export interface IdSet {
  ids: readonly number[];
  /** 1 at each accepted id. */
  has: Uint8Array;
}

export function idSet(ids: Iterable<number>): IdSet {
  const list = [...new Set(ids)];
  const has = new Uint8Array(list.reduce((max, id) => Math.max(max, id), 0) + 1);
  for (const id of list) has[id] = 1;
  return { ids: list, has };
}

/** The filter in the index's terms: id sets, bit masks and minor units. */
export interface IndexFilter {
  /** The scope names nothing (unknown category or brand, a search without matches). */
  nothing: boolean;
  /** Categories of the scope; null: no category scope. */
  scopeCategories: IdSet | null;
  /** Scope brand id; null: no brand scope. */
  scopeBrand: number | null;
  /** Positions the search matched (ascending, and as a lookup by position); null: no search. */
  search: SearchMatches | null;
  /** Brands filter; null: not active. */
  brands: IdSet | null;
  /** Categories filter; null: not active. */
  categories: IdSet | null;
  /** Price range in minor units (both ends included); null: open. */
  priceMin: number | null;
  priceMax: number | null;
  /** Badge bits (any of them); 0: not active. */
  others: number;
  onSale: boolean;
}

export interface FacetCounts {
  /** By brand id, under every filter but brands. */
  brands: Map<number, number>;
  /** By category id, under every filter but categories. */
  categories: Map<number, number>;
  /** Lowest and highest price paid under every filter but price, in minor units; null when none. */
  priceMin: number | null;
  priceMax: number | null;
  /** By badge code, under every filter but others. */
  others: Map<string, number>;
  /** On sale, under every filter but on sale. */
  onSale: number;
  /** Under every filter. */
  total: number;
}

/** Bit of each `others` badge in `ListingIndex.badges`. */
export const BADGE_BITS: ReadonlyMap<string, number> = new Map(OTHER_FILTERS.map((code, i) => [code, 1 << i]));

/** Positions of the products holding each search word id, ascending (compressed rows: `offsets[w]..offsets[w+1]`). */
interface SearchPostings {
  offsets: Int32Array;
  positions: Int32Array;
}

interface SortOrder {
  /** Positions in sort order (read backwards when `backwards`). */
  order: Int32Array;
  /** Index in `order` by position (-1: not in it). */
  rank: Int32Array;
  backwards: boolean;
}

function ranksOf(order: Int32Array, size: number): Int32Array {
  const rank = new Int32Array(size).fill(-1);
  order.forEach((position, i) => (rank[position] = i));
  return rank;
}

/** Positions grouped by a key (category or brand id), each list ascending. */
function postings(keys: Int32Array): Map<number, Int32Array> {
  const counts = new Map<number, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const lists = new Map<number, Int32Array>();
  const filled = new Map<number, number>();
  for (const [key, count] of counts) lists.set(key, new Int32Array(count));
  keys.forEach((key, position) => {
    const at = filled.get(key) ?? 0;
    const list = lists.get(key);
    if (list) list[at] = position;
    filled.set(key, at + 1);
  });
  return lists;
}

/** The typed arrays a snapshot of the index holds. */
export type SnapshotArray = Int32Array | Int16Array | Uint8Array;

/** Products a search matched, ascending by position and as a lookup by position (shared: read only). */
export interface SearchMatches {
  positions: Int32Array;
  has: Uint8Array;
}

/** Searches whose matches are kept per index (about 100 KB each at 100,000 products). */
const SEARCH_MATCHES_KEPT = 64;

/** Products per query when the search terms are read. */
const SEARCH_LOAD_SLICE = 10_000;

/** A narrowing worth iterating instead of the whole catalogue: at most this share of it. */
const NARROW_SHARE = 0.35;

export class ListingIndex {
  /** When the index was built or last found current. */
  checkedAt = Date.now();
  /** Product id by position (ascending). */
  readonly ids: Int32Array;
  readonly category: Int32Array;
  readonly brand: Int32Array;
  readonly badges: Uint8Array;
  /** Id of the first variant (by position) by position: the product's picture; 0 when none. */
  readonly cover: Int32Array;
  private featured: SortOrder;
  private newest: SortOrder;
  /** By (rating desc, rating count desc, id); sorted again when a rating changed (`ratedStale`). */
  private rated: SortOrder;
  private ratedStale = false;
  private ratedSorts = 0;
  /** Average rating × 10 and count by position. */
  private readonly ratingTenths: Int16Array;
  private readonly ratingCount: Int32Array;
  /** `catalogue_version` the ratings are current at; -1: not read yet. */
  private ratingsVersion = -1;
  /** Above every category and brand id of the index (lookup tables are this long). */
  readonly categoryBound: number;
  readonly brandBound: number;
  private readonly byCategory: Map<number, Int32Array>;
  private readonly byBrand: Map<number, Int32Array>;
  private readonly positionById: Int32Array;
  private readonly prices = new Map<CountryCode, Promise<CountryPrices>>();
  private searchPostings: Promise<SearchPostings> | null = null;
  /** Working memory of `page` and `searchMatches`: allocating it per request costs more than using it. */
  private readonly scratch: Int32Array;
  private readonly searchScratch: Uint16Array;
  /**
   * Matches of recent searches, most recently used last: a common word's postings take a few
   * milliseconds to intersect, and the answer holds as long as this index (the terms it read).
   */
  private readonly searchMatchCache = new Map<string, SearchMatches>();
  /** Totals and facet counts of this index's data (dropped with it). */
  readonly totals = new Map<string, number>();
  /** Pages already picked, by country, filter, sort and range (a page is a pure function of this index's data). */
  readonly pages = new Map<string, readonly number[]>();
  readonly facets = new Map<string, FacetCounts>();

  private constructor(
    /** `catalogueFingerprint` when the index was built. */
    readonly fingerprint: string,
    ids: Int32Array,
    category: Int32Array,
    brand: Int32Array,
    badges: Uint8Array,
  ) {
    this.ids = ids;
    this.category = category;
    this.brand = brand;
    this.badges = badges;
    this.cover = new Int32Array(ids.length);
    this.ratingTenths = new Int16Array(ids.length);
    this.ratingCount = new Int32Array(ids.length);
    this.scratch = new Int32Array(ids.length);
    this.searchScratch = new Uint16Array(ids.length);
    const maxId = ids.length === 0 ? 0 : (ids[ids.length - 1] ?? 0);
    this.positionById = new Int32Array(maxId + 1).fill(-1);
    ids.forEach((id, position) => (this.positionById[id] = position));
    this.byCategory = postings(category);
    this.byBrand = postings(brand);
    this.categoryBound = category.reduce((max, id) => Math.max(max, id), 0) + 1;
    this.brandBound = brand.reduce((max, id) => Math.max(max, id), 0) + 1;
    const none: SortOrder = { order: new Int32Array(0), rank: new Int32Array(ids.length).fill(-1), backwards: false };
    this.featured = none;
    this.newest = none;
    this.rated = none;
  }

  /**
   * Everything the index read from the database, as typed arrays (for ./listing-snapshot.ts), once
   * every country's prices and the search postings are loaded. Derived lookups are not included:
   * `restore` computes them again.
   */
  async snapshotArrays(db: Db): Promise<{ ratingsVersion: number; arrays: Record<string, SnapshotArray> }> {
    const arrays: Record<string, SnapshotArray> = {
      ids: this.ids,
      category: this.category,
      brand: this.brand,
      badges: this.badges,
      cover: this.cover,
      featured: this.featured.order,
      newest: this.newest.order,
      // Sorted by the ratings saved with it.
      rated: this.topRated().order,
      ratingTenths: this.ratingTenths,
      ratingCount: this.ratingCount,
    };
    for (const country of COUNTRY_CODES) {
      const prices = await this.pricesOf(db, country);
      arrays[`${country}.amount`] = prices.amount;
      arrays[`${country}.effective`] = prices.effective;
      arrays[`${country}.sale`] = prices.sale;
      arrays[`${country}.byPrice`] = prices.byPrice;
    }
    const postings = await this.postings(db);
    arrays['search.offsets'] = postings.offsets;
    arrays['search.positions'] = postings.positions;
    return { ratingsVersion: this.ratingsVersion, arrays };
  }

  /** An index from `snapshotArrays` of an index built at `fingerprint`; null when an array is missing or the wrong size. */
  static restore(fingerprint: string, ratingsVersion: number, arrays: ReadonlyMap<string, SnapshotArray>): ListingIndex | null {
    const int32 = (name: string, length?: number) => {
      const array = arrays.get(name);
      return array instanceof Int32Array && (length === undefined || array.length === length) ? array : null;
    };
    const bytes = (name: string, length: number) => {
      const array = arrays.get(name);
      return array instanceof Uint8Array && array.length === length ? array : null;
    };
    const ids = int32('ids');
    if (!ids) return null;
    const n = ids.length;
    const [category, brand, cover, featured, newest, rated, ratingCount] = [int32('category', n), int32('brand', n), int32('cover', n), int32('featured'), int32('newest'), int32('rated'), int32('ratingCount', n)];
    const badges = bytes('badges', n);
    const ratingTenths = arrays.get('ratingTenths');
    const offsets = int32('search.offsets');
    const positions = int32('search.positions');
    if (!category || !brand || !cover || !featured || !newest || !rated || !ratingCount || !badges || !(ratingTenths instanceof Int16Array) || ratingTenths.length !== n || !offsets || !positions) return null;
    const index = new ListingIndex(fingerprint, ids, category, brand, badges);
    index.cover.set(cover);
    index.featured = { order: featured, rank: ranksOf(featured, n), backwards: false };
    index.newest = { order: newest, rank: ranksOf(newest, n), backwards: false };
    index.rated = { order: rated, rank: ranksOf(rated, n), backwards: false };
    index.ratingTenths.set(ratingTenths);
    index.ratingCount.set(ratingCount);
    index.ratingsVersion = ratingsVersion;
    for (const country of COUNTRY_CODES) {
      const [amount, effective, byPrice] = [int32(`${country}.amount`, n), int32(`${country}.effective`, n), int32(`${country}.byPrice`)];
      const sale = bytes(`${country}.sale`, n);
      if (!amount || !effective || !byPrice || !sale) return null;
      index.prices.set(country, Promise.resolve({ amount, effective, sale, byPrice, rankPrice: ranksOf(byPrice, n) }));
    }
    index.searchPostings = Promise.resolve({ offsets, positions });
    return index;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Position of a product id; -1 when unknown. */
  positionOf(id: number): number {
    return id >= 0 && id < this.positionById.length ? (this.positionById[id] ?? -1) : -1;
  }

  private order(ids: Int32Array): SortOrder {
    const order = this.positionsOf(ids);
    return { order, rank: ranksOf(order, this.size), backwards: false };
  }

  /** Starts a new freshness period: totals and facet counts are counted again on demand. */
  renew(): void {
    this.checkedAt = Date.now();
    this.totals.clear();
    this.pages.clear();
    this.facets.clear();
  }

  static async build(db: Db, fingerprint: string): Promise<ListingIndex> {
    const badgeMask = OTHER_FILTERS.map((code, i) => `(('${code}' = any(badges))::int << ${i})`).join(' | ');
    // Each list in one row: a few long strings cross from PGlite far faster than 100,000 rows.
    const [attributes] = await readRows<{ list: string | null }>(db, sql.raw(`select string_agg(concat_ws(',', id, category_id, brand_id, ${badgeMask}), ';' order by featured_rank, id) as list from products`));
    const rows = (attributes?.list ?? '').split(';').filter(Boolean).map((row) => row.split(',').map(Number));
    const byFeaturedIds = Int32Array.from(rows, (row) => row[0] ?? 0);
    rows.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    const index = new ListingIndex(
      fingerprint,
      Int32Array.from(rows, (row) => row[0] ?? 0),
      Int32Array.from(rows, (row) => row[1] ?? 0),
      Int32Array.from(rows, (row) => row[2] ?? 0),
      Uint8Array.from(rows, (row) => row[3] ?? 0),
    );
    index.featured = index.order(byFeaturedIds);
    const [newest] = await readRows<{ list: string | null }>(db, sql`select string_agg(id::text, ',' order by created_at desc, id desc) as list from products`);
    index.newest = index.order(parseIds(newest?.list));
    const [covers] = await readRows<{ list: string | null }>(db, sql`
        select string_agg(concat(product_id, ',', id), ';') as list
        from (select distinct on (product_id) product_id, id from variants order by product_id, position, id) first_variants`);
    for (const entry of (covers?.list ?? '').split(';')) {
      const [id, variant] = entry.split(',').map(Number);
      const position = index.positionOf(id ?? -1);
      if (position >= 0) index.cover[position] = variant ?? 0;
    }
    await index.loadRatings(db);
    return index;
  }

  /** Every product's rating and the top-rated order, read at the current catalogue version. */
  private async loadRatings(db: Db): Promise<void> {
    const version = await catalogueVersion(db);
    const order = Int32Array.from((await this.readRatings(db, sql``, sql`order by rating_avg desc, rating_count desc, id`)).positions);
    this.rated = { order, rank: ranksOf(order, this.size), backwards: false };
    this.ratedStale = false;
    this.ratingsVersion = version;
  }

  /**
   * Brings the ratings up to catalogue version `version` (read by the caller for this request):
   * the products updated since the version they were read at are read again, and the top-rated
   * order is sorted again when one of their ratings moved. Nothing is read while nothing changed.
   */
  async catchUpRatings(db: Db, version: number): Promise<void> {
    if (this.ratingsVersion < 0 || version < this.ratingsVersion) return this.loadRatings(db);
    if (version === this.ratingsVersion) return;
    if ((await this.readRatings(db, sql`where change_version > ${this.ratingsVersion}`, sql``)).moved) this.ratedStale = true;
    // Another request may have caught up further meanwhile: the version only moves forward.
    this.ratingsVersion = Math.max(this.ratingsVersion, version);
  }

  /** Stores the ratings of the products `where` picks; their positions (in `order`), and whether any rating moved. */
  private async readRatings(db: Db, where: SQL, order: SQL): Promise<{ positions: number[]; moved: boolean }> {
    const [row] = await readRows<{ list: string | null }>(db, sql`select string_agg(concat_ws(',', id, (rating_avg * 10)::int, rating_count), ';' ${order}) as list from products ${where}`);
    const positions: number[] = [];
    let moved = false;
    for (const entry of (row?.list ?? '').split(';')) {
      if (!entry) continue;
      const [id, tenths = 0, count = 0] = entry.split(',').map(Number);
      const position = this.positionOf(id ?? -1);
      if (position < 0) continue;
      if (this.ratingTenths[position] !== tenths || this.ratingCount[position] !== count) moved = true;
      this.ratingTenths[position] = tenths;
      this.ratingCount[position] = count;
      positions.push(position);
    }
    return { positions, moved };
  }

  /**
   * Moves on each time the top-rated order is sorted again: part of the key of a kept top-rated
   * page. Reading it sorts a stale order first, so a key never names an order that is out of date.
   */
  get ratedGeneration(): number {
    this.topRated();
    return this.ratedSorts;
  }

  private topRated(): SortOrder {
    if (this.ratedStale) {
      const { ratingTenths, ratingCount, ids } = this;
      const order = Int32Array.from(this.rated.order).sort((a, b) => (ratingTenths[b] ?? 0) - (ratingTenths[a] ?? 0) || (ratingCount[b] ?? 0) - (ratingCount[a] ?? 0) || (ids[a] ?? 0) - (ids[b] ?? 0));
      this.rated = { order, rank: ranksOf(order, this.size), backwards: false };
      this.ratedStale = false;
      this.ratedSorts++;
    }
    return this.rated;
  }

  private positionsOf(ids: Int32Array): Int32Array {
    const out = new Int32Array(ids.length);
    let n = 0;
    for (const id of ids) {
      const position = this.positionOf(id);
      if (position >= 0) out[n++] = position;
    }
    return n === ids.length ? out : out.slice(0, n);
  }

  /**
   * Loads what is otherwise loaded on first use (every country's prices, the search postings), one
   * after another in the background, so that no shopper's request waits for it. Errors are left
   * to the first use, which tries again.
   */
  async warm(db: Db): Promise<void> {
    try {
      for (const country of COUNTRY_CODES) await this.pricesOf(db, country);
      await this.postings(db);
    } catch {
      // The database may have closed meanwhile (tests, shutdown).
    }
  }

  /** The country's prices, loaded on first use. */
  pricesOf(db: Db, country: CountryCode): Promise<CountryPrices> {
    let prices = this.prices.get(country);
    if (!prices) {
      const loading = this.loadPrices(db, country);
      this.prices.set(country, loading);
      loading.catch(() => {
        if (this.prices.get(country) === loading) this.prices.delete(country);
      });
      prices = loading;
    }
    return prices;
  }

  private async loadPrices(db: Db, country: CountryCode): Promise<CountryPrices> {
    const [row] = await readRows<{ list: string | null }>(db, sql`
        select string_agg(concat_ws(',', product_id, effective_minor, (sale_amount_minor is not null)::int, amount_minor), ';' order by effective_minor, product_id) as list
        from product_prices where country_code = ${country}`);
    const amount = new Int32Array(this.size).fill(-1);
    const effective = new Int32Array(this.size).fill(-1);
    const sale = new Uint8Array(this.size);
    const byPrice = new Int32Array(this.size);
    let n = 0;
    for (const entry of (row?.list ?? '').split(';')) {
      if (!entry) continue;
      const [id, price, onSale, regular] = entry.split(',').map(Number);
      const position = this.positionOf(id ?? -1);
      if (position < 0) continue;
      amount[position] = regular ?? -1;
      effective[position] = price ?? -1;
      sale[position] = onSale ?? 0;
      byPrice[n++] = position;
    }
    const order = n === this.size ? byPrice : byPrice.slice(0, n);
    return { amount, effective, sale, byPrice: order, rankPrice: ranksOf(order, this.size) };
  }

  /**
   * Products whose search terms share an id with every group (`products.search_terms`, as
   * `search_terms && ARRAY[...]` per group would), by position. From an inverted index of the
   * terms, loaded on the first search: the GIN index finds the same rows but must then read each
   * one from the wide table (60 ms for a common word at 100,000 products, measured).
   */
  async searchMatches(db: Db, groups: readonly (readonly number[])[]): Promise<SearchMatches> {
    const key = groups.map((group) => [...new Set(group)].sort((a, b) => a - b).join(',')).join('|');
    const known = this.searchMatchCache.get(key);
    if (known) {
      // Most recently used last: the first key is the one to drop.
      this.searchMatchCache.delete(key);
      this.searchMatchCache.set(key, known);
      return known;
    }
    const found = await this.matchSearch(db, groups);
    if (this.searchMatchCache.size >= SEARCH_MATCHES_KEPT) this.searchMatchCache.delete(this.searchMatchCache.keys().next().value as string);
    this.searchMatchCache.set(key, found);
    return found;
  }

  private async matchSearch(db: Db, groups: readonly (readonly number[])[]): Promise<SearchMatches> {
    const has = new Uint8Array(this.size);
    if (groups.length === 0 || groups.some((group) => group.length === 0)) return { positions: new Int32Array(0), has };
    const { offsets, positions } = await this.postings(db);
    const postingsOf = (word: number) => (word >= 0 && word + 1 < offsets.length ? positions.subarray(offsets[word] ?? 0, offsets[word + 1] ?? 0) : new Int32Array(0));
    // Groups met so far per position: a position counts once per group, however many of its words
    // match. Used without an await in between, so one buffer serves every request.
    const met = this.searchScratch;
    met.fill(0);
    groups.forEach((group, g) => {
      for (const word of new Set(group)) for (const position of postingsOf(word)) if (met[position] === g) met[position] = g + 1;
    });
    const found: number[] = [];
    const last = groups.length;
    for (const word of new Set(groups[last - 1])) {
      for (const position of postingsOf(word)) {
        if (met[position] === last && has[position] === 0) {
          has[position] = 1;
          found.push(position);
        }
      }
    }
    return { positions: Int32Array.from(found).sort(), has };
  }

  private postings(db: Db): Promise<SearchPostings> {
    if (!this.searchPostings) {
      const loading = this.loadSearchPostings(db);
      this.searchPostings = loading;
      loading.catch(() => {
        if (this.searchPostings === loading) this.searchPostings = null;
      });
    }
    return this.searchPostings;
  }

  private async loadSearchPostings(db: Db): Promise<SearchPostings> {
    const entries: [position: number, words: number[]][] = [];
    let maxWord = -1;
    // In slices of the id range: each query holds the (single) database for a moment only, so the
    // requests arriving meanwhile are not kept waiting for the whole read.
    const lastId = this.ids[this.size - 1] ?? 0;
    for (let from = 0; from <= lastId; from += SEARCH_LOAD_SLICE) {
      const [row] = await readRows<{ list: string | null }>(db, sql`
          select string_agg(concat(id, ':', array_to_string(search_terms, ',')), ';') as list
          from products where id > ${from} and id <= ${from + SEARCH_LOAD_SLICE}`);
      for (const entry of (row?.list ?? '').split(';')) {
        const [id, words] = entry.split(':');
        const position = this.positionOf(Number(id));
        if (position < 0 || !words) continue;
        const list = words.split(',').map(Number);
        for (const word of list) if (word > maxWord) maxWord = word;
        entries.push([position, list]);
      }
    }
    entries.sort((a, b) => a[0] - b[0]);
    const offsets = new Int32Array(maxWord + 2);
    for (const [, words] of entries) for (const word of words) if (word >= 0) offsets[word + 1] = (offsets[word + 1] ?? 0) + 1;
    for (let word = 1; word < offsets.length; word++) offsets[word] = (offsets[word] ?? 0) + (offsets[word - 1] ?? 0);
    const positions = new Int32Array(offsets[offsets.length - 1] ?? 0);
    const next = offsets.slice(0, -1);
    for (const [position, words] of entries) {
      for (const word of words) {
        if (word < 0) continue;
        positions[next[word] ?? 0] = position;
        next[word] = (next[word] ?? 0) + 1;
      }
    }
    return { offsets, positions };
  }

  private async sortOrder(db: Db, country: CountryCode, sort: ProductSort): Promise<SortOrder> {
    switch (sort) {
      case 'featured':
        return this.featured;
      case 'newest':
        return this.newest;
      case 'top_rated':
        return this.topRated();
      case 'price_asc':
      case 'price_desc': {
        const prices = await this.pricesOf(db, country);
        return { order: prices.byPrice, rank: prices.rankPrice, backwards: sort === 'price_desc' };
      }
    }
  }

  /**
   * The posting lists to read instead of the whole catalogue: those of the most selective of the
   * scope (and, unless `scopeOnly`, the brand and category filters); null when none narrows enough.
   */
  private candidates(filter: IndexFilter, scopeOnly: boolean): Int32Array[] | null {
    const options: Int32Array[][] = [];
    const lists = (map: Map<number, Int32Array>, ids: readonly number[]) => ids.flatMap((id) => map.get(id) ?? []);
    if (filter.search) options.push([filter.search.positions]);
    if (filter.scopeBrand !== null) options.push(lists(this.byBrand, [filter.scopeBrand]));
    if (filter.scopeCategories) options.push(lists(this.byCategory, filter.scopeCategories.ids));
    if (!scopeOnly && filter.brands) options.push(lists(this.byBrand, filter.brands.ids));
    if (!scopeOnly && filter.categories) options.push(lists(this.byCategory, filter.categories.ids));
    let best: Int32Array[] | null = null;
    let bestSize = this.size * NARROW_SHARE;
    for (const option of options) {
      const size = option.reduce((sum, list) => sum + list.length, 0);
      if (size <= bestSize) {
        best = option;
        bestSize = size;
      }
    }
    return best;
  }

  /**
   * Product ids of one page (`limit` from `offset`) in sort order, with the total the filter leaves
   * (given when already known, so a walk can stop at the page's end).
   */
  async page(db: Db, country: CountryCode, filter: IndexFilter, sort: ProductSort, offset: number, limit: number, knownTotal?: number): Promise<{ ids: number[]; total: number }> {
    if (filter.nothing) return { ids: [], total: 0 };
    const prices = await this.pricesOf(db, country);
    const { order, rank, backwards } = await this.sortOrder(db, country, sort);
    const matches = matcher(this, prices, filter);
    const lists = this.candidates(filter, false);
    const need = offset + limit;
    const listed = lists ? lists.reduce((sum, list) => sum + list.length, 0) : 0;
    // With the total known, walking the sort order finds a page of a dense filter sooner than sorting all its matches.
    const walkIsShorter = knownTotal !== undefined && knownTotal > 0 && (need * order.length) / knownTotal < listed;
    if (lists && !walkIsShorter) {
      // Filled and read without an await in between, so one buffer serves every request.
      const found = this.scratch.subarray(0, listed);
      let total = 0;
      for (const list of lists) {
        for (let i = 0; i < list.length; i++) {
          const position = list[i] ?? 0;
          if (matches(position)) found[total++] = rank[position] ?? -1;
        }
      }
      const ranks = found.subarray(0, total).sort();
      const ids: number[] = [];
      for (let k = offset; k < Math.min(need, total); k++) {
        const at = ranks[backwards ? total - 1 - k : k] ?? 0;
        ids.push(this.ids[order[at] ?? 0] ?? 0);
      }
      return { ids, total };
    }
    const ids: number[] = [];
    let seen = 0;
    const n = order.length;
    for (let k = 0; k < n; k++) {
      const position = order[backwards ? n - 1 - k : k] ?? 0;
      if (!matches(position)) continue;
      if (seen >= offset && seen < need) ids.push(this.ids[position] ?? 0);
      seen++;
      if (seen >= need && knownTotal !== undefined) return { ids, total: knownTotal };
    }
    return { ids, total: seen };
  }

  /** Every filter's counts under the other filters, in one pass over the scope. */
  async facetCounts(db: Db, country: CountryCode, filter: IndexFilter): Promise<FacetCounts> {
    const counts: FacetCounts = { brands: new Map(), categories: new Map(), priceMin: null, priceMax: null, others: new Map(), onSale: 0, total: 0 };
    if (filter.nothing) return counts;
    const { effective, sale } = await this.pricesOf(db, country);
    const inScope = scopeMatcher(this, filter);
    const brands = filter.brands?.has ?? null;
    const categories = filter.categories?.has ?? null;
    const { priceMin, priceMax, others, onSale } = filter;
    const otherCounts = new Array<number>(OTHER_FILTERS.length).fill(0);
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    const visit = (position: number) => {
      const price = effective[position] ?? -1;
      if (price < 0 || !inScope(position)) return;
      const brand = this.brand[position] ?? 0;
      const category = this.category[position] ?? 0;
      const badges = this.badges[position] ?? 0;
      const isSale = sale[position] === 1;
      const mb = brands === null || brands[brand] === 1;
      const mc = categories === null || categories[category] === 1;
      const mp = (priceMin === null || price >= priceMin) && (priceMax === null || price <= priceMax);
      const mo = others === 0 || (badges & others) !== 0;
      const ms = !onSale || isSale;
      if (mc && mp && mo && ms) counts.brands.set(brand, (counts.brands.get(brand) ?? 0) + 1);
      if (mb && mp && mo && ms) counts.categories.set(category, (counts.categories.get(category) ?? 0) + 1);
      if (mb && mc && mo && ms) {
        if (price < lo) lo = price;
        if (price > hi) hi = price;
      }
      if (mb && mc && mp && ms) for (let bit = 0; bit < otherCounts.length; bit++) if (badges & (1 << bit)) otherCounts[bit] = (otherCounts[bit] ?? 0) + 1;
      if (mb && mc && mp && mo) {
        if (isSale) counts.onSale++;
        if (ms) counts.total++;
      }
    };
    const lists = this.candidates(filter, true);
    if (lists) for (const list of lists) for (const position of list) visit(position);
    else for (let position = 0; position < this.size; position++) visit(position);
    OTHER_FILTERS.forEach((code, bit) => counts.others.set(code, otherCounts[bit] ?? 0));
    counts.priceMin = Number.isFinite(lo) ? lo : null;
    counts.priceMax = Number.isFinite(hi) ? hi : null;
    return counts;
  }
}

function scopeMatcher(index: ListingIndex, filter: IndexFilter): (position: number) => boolean {
  const scopeCategories = filter.scopeCategories?.has ?? null;
  const { scopeBrand } = filter;
  const search = filter.search?.has ?? null;
  const { category, brand } = index;
  return (position) =>
    (scopeCategories === null || scopeCategories[category[position] ?? 0] === 1) &&
    (scopeBrand === null || brand[position] === scopeBrand) &&
    (search === null || search[position] === 1);
}

/**
 * One lookup table covering ids below `bound`, accepting what both accept (either when the other
 * is absent). Sized to every id the index holds: a read past a typed array's end takes V8's slow
 * path, measured at several times the cost of the whole check.
 */
function both(a: Uint8Array | null, b: Uint8Array | null, bound: number): Uint8Array | null {
  if (a === null && b === null) return null;
  const out = new Uint8Array(bound);
  for (let id = 0; id < bound; id++) out[id] = (a === null || a[id] === 1) && (b === null || b[id] === 1) ? 1 : 0;
  return out;
}

/** Whether a position passes every condition of the filter in the country (the hot loop of a page). */
function matcher(index: ListingIndex, prices: CountryPrices, filter: IndexFilter): (position: number) => boolean {
  const { category, brand, badges } = index;
  const { effective, sale } = prices;
  const categories = both(filter.scopeCategories?.has ?? null, filter.categories?.has ?? null, index.categoryBound);
  const scopeBrand = filter.scopeBrand === null ? null : idSet([filter.scopeBrand]).has;
  const brands = both(scopeBrand, filter.brands?.has ?? null, index.brandBound);
  const search = filter.search?.has ?? null;
  // Unpriced positions (-1) fall below any low end.
  const low = filter.priceMin ?? 0;
  const high = filter.priceMax ?? Number.MAX_SAFE_INTEGER;
  const { others, onSale } = filter;
  return (position) => {
    const price = effective[position] ?? -1;
    if (price < low || price > high) return false;
    if (categories !== null && categories[category[position] ?? 0] !== 1) return false;
    if (brands !== null && brands[brand[position] ?? 0] !== 1) return false;
    if (others !== 0 && ((badges[position] ?? 0) & others) === 0) return false;
    if (onSale && sale[position] !== 1) return false;
    return search === null || search[position] === 1;
  };
}

function parseIds(list: string | null | undefined): Int32Array {
  if (!list) return new Int32Array(0);
  return Int32Array.from(list.split(','), Number);
}

/**
 * What the index depends on: `count:max product id:max variant id:structure version:search index
 * build`. `catalogue_structure_version` moves with every write of prices, of products and variants
 * added or removed, and of what listings filter and sort on (migration 0005).
 */
export async function catalogueFingerprint(db: Db): Promise<string> {
  const [row] = await readRows<{ n: number; p: number | null; v: number | null; s: number | string | null; b: string | null }>(
    db,
    sql`select (select count(*)::int from products) as n, (select max(id) from products) as p, (select max(id) from variants) as v,
      (select version from catalogue_structure_version) as s, (select built_at::text from search_index_state where id = 1) as b`,
  );
  return `${row?.n ?? 0}:${row?.p ?? 0}:${row?.v ?? 0}:${row?.s ?? 0}:${row?.b ?? ''}`;
}

interface IndexSlot {
  current: ListingIndex | null;
  building: Promise<ListingIndex> | null;
  checking: boolean;
}

const indexes = new WeakMap<Db, IndexSlot>();
const snapshotStores = new WeakMap<Db, IndexSnapshots>();

/** Saves the database's listing index with `store` once built, and starts from a saved one that is still current. */
export function useIndexSnapshots(db: Db, store: IndexSnapshots): void {
  snapshotStores.set(db, store);
}

export async function listingIndex(db: Db): Promise<ListingIndex> {
  let slot = indexes.get(db);
  if (!slot) indexes.set(db, (slot = { current: null, building: null, checking: false }));
  const state = slot;
  const rebuild = () => {
    state.building ??= catalogueFingerprint(db).then(async (fingerprint) => {
      const store = snapshotStores.get(db);
      const saved = store?.load(fingerprint) ?? null;
      if (saved) {
        state.current = saved;
        return saved;
      }
      const index = await ListingIndex.build(db, fingerprint);
      state.current = index;
      // Loads every country's prices and the search postings, then saves the whole index.
      void (store ? store.save(db, index) : index.warm(db)).catch(() => undefined);
      return index;
    });
    const building = state.building;
    building.then(
      () => {
        if (state.building === building) state.building = null;
      },
      () => {
        if (state.building === building) state.building = null;
      },
    );
    return building;
  };
  const current = state.current;
  if (!current) return rebuild();
  if (Date.now() - current.checkedAt >= LISTING_INDEX_TTL_MS && !state.checking) {
    state.checking = true;
    current.renew();
    void catalogueFingerprint(db)
      .then((fingerprint) => (fingerprint === current.fingerprint ? undefined : rebuild().then(() => undefined)))
      .catch(() => undefined)
      .finally(() => (state.checking = false));
  }
  return current;
}
