import type { ProductAttributes } from './attributes.ts';
import type { CountryPrices } from './prices.ts';
import type { SortOrder } from './sort-orders.ts';
import { idSet, type IndexFilter } from './terms.ts';

/*
 * A page of a listing: a pass over the posting lists of the most selective filter, or over the
 * sort order stopping at the page's end, well under a millisecond at 100,000 products. Reads only
 * what it is given; ./index.ts loads it and keeps the answers.
 */

/** A narrowing worth iterating instead of the whole catalogue: at most this share of it. */
const NARROW_SHARE = 0.35;

/**
 * The posting lists to read instead of the whole catalogue: those of the most selective of the
 * scope (and, unless `scopeOnly`, the brand and category filters); null when none narrows enough.
 */
export function candidates(products: ProductAttributes, filter: IndexFilter, scopeOnly: boolean): Int32Array[] | null {
  const options: Int32Array[][] = [];
  const lists = (map: ReadonlyMap<number, Int32Array>, ids: readonly number[]) => ids.flatMap((id) => map.get(id) ?? []);
  if (filter.search) options.push([filter.search.positions]);
  if (filter.scopeBrand !== null) options.push(lists(products.byBrand, [filter.scopeBrand]));
  if (filter.scopeCategories) options.push(lists(products.byCategory, filter.scopeCategories.ids));
  if (!scopeOnly && filter.brands) options.push(lists(products.byBrand, filter.brands.ids));
  if (!scopeOnly && filter.categories) options.push(lists(products.byCategory, filter.categories.ids));
  let best: Int32Array[] | null = null;
  let bestSize = products.size * NARROW_SHARE;
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
function matcher(products: ProductAttributes, prices: CountryPrices, filter: IndexFilter): (position: number) => boolean {
  const { category, brand, badges } = products;
  const { effective, sale } = prices;
  const categories = both(filter.scopeCategories?.has ?? null, filter.categories?.has ?? null, products.categoryBound);
  const scopeBrand = filter.scopeBrand === null ? null : idSet([filter.scopeBrand]).has;
  const brands = both(scopeBrand, filter.brands?.has ?? null, products.brandBound);
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

/** Pages of one index's products; its working memory is as long as the catalogue. */
export class Pager {
  private readonly scratch: Int32Array;

  constructor(private readonly products: ProductAttributes) {
    this.scratch = new Int32Array(products.size);
  }

  /**
   * Product ids of one page (`limit` from `offset`) in sort order, with the total the filter leaves
   * in the country (given when already known, so a walk can stop at the page's end). For a filter
   * that names something.
   */
  page(prices: CountryPrices, sort: SortOrder, filter: IndexFilter, offset: number, limit: number, knownTotal?: number): { ids: number[]; total: number } {
    const { products } = this;
    const { ids: idOf } = products;
    const { order, rank, backwards } = sort;
    const matches = matcher(products, prices, filter);
    const lists = candidates(products, filter, false);
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
        ids.push(idOf[order[at] ?? 0] ?? 0);
      }
      return { ids, total };
    }
    const ids: number[] = [];
    let seen = 0;
    const n = order.length;
    for (let k = 0; k < n; k++) {
      const position = order[backwards ? n - 1 - k : k] ?? 0;
      if (!matches(position)) continue;
      if (seen >= offset && seen < need) ids.push(idOf[position] ?? 0);
      seen++;
      if (seen >= need && knownTotal !== undefined) return { ids, total: knownTotal };
    }
    return { ids, total: seen };
  }
}
