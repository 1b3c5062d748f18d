import type { ProductSort } from '../../../contract/patterns.ts';

/*
 * How a listing is sorted: positions in sort order with the rank of each position. Featured and
 * newest are fixed when the index is built; the price orders live with each country's prices
 * (./prices.ts) and the top-rated one with the ratings (./ratings.ts), which move it.
 */

export interface SortOrder {
  /** Positions in sort order (read backwards when `backwards`). */
  order: Int32Array;
  /** Index in `order` by position (-1: not in it). */
  rank: Int32Array;
  backwards: boolean;
}

export function ranksOf(order: Int32Array, size: number): Int32Array {
  const rank = new Int32Array(size).fill(-1);
  // A plain loop: a price catch-up derives this on a request (forEach's callback cost several times as much).
  for (let i = 0; i < order.length; i++) rank[order[i] ?? 0] = i;
  return rank;
}

/** An order of `size` positions from positions in sort order. */
export function sortOrder(order: Int32Array, size: number): SortOrder {
  return { order, rank: ranksOf(order, size), backwards: false };
}

/** The orders fixed at build. */
export interface FixedOrders {
  featured: SortOrder;
  newest: SortOrder;
}

/** The order of `sort`: fixed, the country's price order, or the ratings' top-rated order. */
export function orderFor(sort: ProductSort, fixed: FixedOrders, prices: { byPrice: Int32Array; rankPrice: Int32Array }, ratings: { topRated(): SortOrder }): SortOrder {
  switch (sort) {
    case 'featured':
      return fixed.featured;
    case 'newest':
      return fixed.newest;
    case 'top_rated':
      return ratings.topRated();
    case 'price_asc':
    case 'price_desc':
      return { order: prices.byPrice, rank: prices.rankPrice, backwards: sort === 'price_desc' };
  }
}
