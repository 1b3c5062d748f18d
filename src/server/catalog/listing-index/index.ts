import type { CountryCode } from '../../../config/countries.ts';
import type { ProductSort } from '../../../contract/patterns.ts';
import type { Db } from '../../db/client.ts';
import { buildParts, catalogueFingerprint, restoreParts, snapshotArrays, type IndexParts } from './build.ts';
import { facetCounts, noFacets, type FacetCounts } from './facets.ts';
import { Pager } from './paging.ts';
import type { CountryPrices } from './prices.ts';
import { readSnapshot, writeSnapshot, type SnapshotArray } from './snapshot.ts';
import { orderFor } from './sort-orders.ts';
import { catalogueVersion } from '../summaries.ts';
import type { FilterTerms, IndexFilter, KeyedFilter, SearchMatches } from './terms.ts';

export type { CountryPrices, FacetCounts };

/*
 * The listing index: what product listings filter and sort on, held in typed arrays per process.
 * This module is what the rest of the server uses: the index of a database (`listingIndex`), its
 * pages and facet counts, kept with it; the parts beside it hold the data.
 *
 * Why in memory: a listing joins two tables (the product's category, brand and badges; the
 * country's price and sale), and any two filters across them made PGlite walk tens of thousands of
 * index entries and wide heap rows per page (20–60 ms at 100,000 products, measured with EXPLAIN
 * ANALYZE), where the budget leaves about 2 ms. Here a page is a pass over the posting lists of the
 * most selective filter (or over a pre-sorted order, stopping at the page's end), well under a
 * millisecond; the page's cards come from ../summaries.ts, which keeps them current through the
 * catalogue version (one tiny query per request).
 *
 * What is kept (./build.ts): category, brand, badges, cover variant, creation and featured order
 * (./attributes.ts, ./sort-orders.ts: nothing in the store writes them after the seed); every
 * country's prices and price order (./prices.ts); the words of `products.search_terms` as an
 * inverted index (./search-postings.ts); every product's rating with the top-rated order, which
 * reviews change (./ratings.ts). Prices and ratings change between builds: a request that reads a
 * newer catalogue version first brings them up to it (`catchUp`, only the products stamped since),
 * so every process shows a price written anywhere on its next request. The whole index is rebuilt
 * after the catalogue's freshness of 5 minutes (spec §9) when its fingerprint moved
 * (`catalogueFingerprint`: products or variants came or went, or a price or listing attribute was
 * written), the old one serving until the new one is ready; ./snapshot.ts saves it for the next start.
 */

export const LISTING_INDEX_TTL_MS = 300_000;

/** Totals, pages and facet counts kept per index (never older than it) are bounded. */
const ANSWERS_KEPT = 2_000;

function remember<V>(kept: Map<string, V>, key: string, value: V): V {
  if (kept.size >= ANSWERS_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, value);
  return value;
}

export class ListingIndex {
  /** When the index was built or last found current. */
  checkedAt = Date.now();
  private readonly pager: Pager;
  /** Answers by country and filter key (pages also by sort and range): a pure function of this index's data. */
  private readonly totals = new Map<string, number>();
  private readonly pages = new Map<string, readonly number[]>();
  private readonly facets = new Map<string, FacetCounts>();
  /** Moves on whenever the kept answers are dropped: an answer worked out across it is not kept. */
  private answers = 0;

  private constructor(
    /** `catalogueFingerprint` when the index was built. */
    readonly fingerprint: string,
    private readonly parts: IndexParts,
  ) {
    this.pager = new Pager(parts.products);
  }

  static async build(db: Db, fingerprint: string): Promise<ListingIndex> {
    return new ListingIndex(fingerprint, await buildParts(db));
  }

  /** An index from `snapshotArrays` of an index built at `fingerprint`; null when an array is missing or the wrong size. */
  static restore(fingerprint: string, ratingsVersion: number, arrays: ReadonlyMap<string, SnapshotArray>, pricesVersion = -1): ListingIndex | null {
    const parts = restoreParts(ratingsVersion, arrays, pricesVersion);
    return parts && new ListingIndex(fingerprint, parts);
  }

  /** Everything the index read from the database, as typed arrays (every country's prices and the search postings loaded first). */
  snapshotArrays(db: Db): Promise<{ ratingsVersion: number; arrays: Record<string, SnapshotArray> }> {
    return snapshotArrays(db, this.parts);
  }

  get size(): number {
    return this.parts.products.size;
  }

  /** Product id by position (ascending). */
  get ids(): Int32Array {
    return this.parts.products.ids;
  }

  /** Id of the product's picture (its first variant) by position; 0 when none. */
  get cover(): Int32Array {
    return this.parts.products.cover;
  }

  /** Position of a product id; -1 when unknown. */
  positionOf(id: number): number {
    return this.parts.products.positionOf(id);
  }

  /** The country's prices, loaded on first use. */
  pricesOf(db: Db, country: CountryCode): Promise<CountryPrices> {
    return this.parts.prices.of(db, country);
  }

  /**
   * Brings the prices up to catalogue version `version` (read by the caller for this request): a
   * price written since is listed, filtered and sorted by on this request. Kept totals, pages and
   * facet counts go when a price moved.
   */
  async catchUp(db: Db, version: number): Promise<void> {
    if (await this.parts.prices.catchUp(db, version)) this.forgetAnswers();
  }

  /** Brings the ratings up to catalogue version `version` (read by the caller for this request), so top-rated pages follow reviews. */
  catchUpRatings(db: Db, version: number): Promise<void> {
    return this.parts.ratings.catchUp(db, version);
  }

  /** Products whose search terms share an id with every group, by position (recent searches kept). */
  searchMatches(db: Db, groups: readonly (readonly number[])[]): Promise<SearchMatches> {
    return this.parts.search.matches(db, groups);
  }

  /** Starts a new freshness period: totals, pages and facet counts are worked out again on demand. */
  renew(): void {
    this.checkedAt = Date.now();
    this.forgetAnswers();
  }

  private forgetAnswers(): void {
    this.answers++;
    this.totals.clear();
    this.pages.clear();
    this.facets.clear();
  }

  /**
   * Loads what is otherwise loaded on first use (every country's prices, the search postings), one
   * after another in the background, so that no shopper's request waits for it. Errors are left
   * to the first use, which tries again.
   */
  async warm(db: Db): Promise<void> {
    try {
      await this.parts.prices.all(db);
      await this.parts.search.load(db);
    } catch {
      // The database may have closed meanwhile (tests, shutdown).
    }
  }

  /**
   * A page of product ids under a filter and sort in the country, with the total the filter
   * leaves. Totals and pages are kept with the index; a page past the known end needs no walk.
   */
  async pageOfIds(db: Db, country: CountryCode, filter: KeyedFilter, sort: ProductSort, offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
    const key = `${country}|${filter.key}`;
    const answers = this.answers;
    const known = this.totals.get(key);
    if (known !== undefined && offset >= known) return { ids: [], total: known };
    const { prices, orders, ratings } = this.parts;
    // Top-rated pages are keyed by the order they were read from too: a review may have moved it since.
    const pageKey = `${key}|${sort}|${sort === 'top_rated' ? ratings.generation : ''}|${offset}|${limit}`;
    const picked = known === undefined ? undefined : this.pages.get(pageKey);
    if (known !== undefined && picked) return { ids: [...picked], total: known };
    const matched = await this.matched(db, filter.terms());
    let result: { ids: number[]; total: number };
    if (matched.nothing) result = { ids: [], total: 0 };
    else {
      const countryPrices = await prices.of(db, country);
      // Prices moved while this request waited: the total it started from may be out of date.
      if (answers !== this.answers) return this.pageOfIds(db, country, filter, sort, offset, limit);
      result = this.pager.page(countryPrices, orderFor(sort, orders, countryPrices, ratings), matched, offset, limit, known);
    }
    if (answers !== this.answers) return result;
    if (known === undefined) remember(this.totals, key, result.total);
    remember(this.pages, pageKey, result.ids);
    return result;
  }

  /** Every filter's counts under the other filters in the country, kept with the index. */
  async facetCounts(db: Db, country: CountryCode, filter: KeyedFilter): Promise<FacetCounts> {
    const key = `${country}|${filter.key}`;
    const known = this.facets.get(key);
    if (known) return known;
    const answers = this.answers;
    const matched = await this.matched(db, filter.terms());
    const counts = matched.nothing ? noFacets() : facetCounts(this.parts.products, await this.parts.prices.of(db, country), matched);
    // Counted from prices that moved meanwhile: right for this request, not kept.
    return answers === this.answers ? remember(this.facets, key, counts) : counts;
  }

  /** The terms with their search matched; a search that matched nothing names nothing. */
  private async matched(db: Db, terms: FilterTerms): Promise<IndexFilter> {
    if (terms.searchTerms === null || terms.nothing) return { ...terms, search: null };
    const search = await this.parts.search.matches(db, terms.searchTerms);
    return { ...terms, search, nothing: search.positions.length === 0 };
  }
}

/** Storage of listing-index snapshots for one database. */
export interface IndexSnapshots {
  /**
   * The index saved at `fingerprint`; null when there is none, or it cannot be trusted. Its prices
   * are current at catalogue version `pricesVersion`, read before the fingerprint (a price written
   * since the snapshot moves the fingerprint); -1: unknown.
   */
  load(fingerprint: string, pricesVersion?: number): ListingIndex | null;
  /** Saves a complete index (loads what it has not loaded yet first). */
  save(db: Db, index: ListingIndex): Promise<void>;
}

/** Snapshots in one file (./snapshot.ts). */
export function indexSnapshotFile(file: string, log: (line: string) => void = () => undefined): IndexSnapshots {
  return {
    load(fingerprint, pricesVersion = -1) {
      const saved = readSnapshot(file, fingerprint, log);
      try {
        return saved && ListingIndex.restore(fingerprint, saved.ratingsVersion, saved.arrays, pricesVersion);
      } catch {
        return null;
      }
    },
    async save(db, index) {
      await writeSnapshot(file, { fingerprint: index.fingerprint, ...(await index.snapshotArrays(db)) });
    },
  };
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

/** The database's listing index (one per process and database): built on first use, checked again after its freshness. */
export async function listingIndex(db: Db): Promise<ListingIndex> {
  let slot = indexes.get(db);
  if (!slot) indexes.set(db, (slot = { current: null, building: null, checking: false }));
  const state = slot;
  const rebuild = () => {
    // The version first: prices in a snapshot at the fingerprint read after it are current at it.
    state.building ??= catalogueVersion(db).then(async (version) => {
      const fingerprint = await catalogueFingerprint(db);
      const store = snapshotStores.get(db);
      const saved = store?.load(fingerprint, version) ?? null;
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
