import { OTHER_FILTERS } from '../../../contract/patterns.ts';

/*
 * A listing filter in the index's terms: id sets, bit masks and minor units. ../filters.ts turns a
 * shopper's filter into these; the index matches its search and walks pages or counts facets on them.
 */

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

/** Bit of each `others` badge in `ProductAttributes.badges` (the order of `OTHER_FILTERS`). */
export const BADGE_BITS: ReadonlyMap<string, number> = new Map(OTHER_FILTERS.map((code, i) => [code, 1 << i]));

/** Products a search matched, ascending by position and as a lookup by position (shared: read only). */
export interface SearchMatches {
  positions: Int32Array;
  has: Uint8Array;
}

export interface FilterTerms {
  /** The scope names nothing (unknown category or brand): nothing is listed. */
  nothing: boolean;
  /** Categories of the scope; null: no category scope. */
  scopeCategories: IdSet | null;
  /** Scope brand id; null: no brand scope. */
  scopeBrand: number | null;
  /**
   * Search groups (`resolveSearch(...).groups`): a product matches when its search terms share an
   * id with every group; null: no search.
   */
  searchTerms: readonly (readonly number[])[] | null;
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

/** The terms with their search matched (`nothing` also when the search matched nothing): what pages and facets read. */
export interface IndexFilter extends FilterTerms {
  /** Positions the search matched; null: no search. */
  search: SearchMatches | null;
}

/**
 * A filter as the index takes it: a stable text (without the country) under which its answers are
 * kept, and its terms, worked out only when no answer is kept yet.
 */
export interface KeyedFilter {
  readonly key: string;
  terms(): FilterTerms;
}
