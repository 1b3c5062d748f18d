// Only the contract's patterns (no valibot): the product page's first screen reads this.
import { isOnSale } from '../../src/contract/patterns.ts';

/**
 * What the product page says of what is chosen: on sale and in stock, on sale and out of stock, or
 * not on sale yet (coming soon: no "In stock" and no "Add to bag", whatever the stock; the bag's
 * add refuses it too, 409 `not_on_sale`).
 */
export type StockState = 'inStock' | 'outOfStock' | 'comingSoon';

export function stockState(product: { inStock: boolean; badges: readonly string[] }, chosen: { stock: number } | null): StockState {
  if (!isOnSale(product)) return 'comingSoon';
  const inStock = chosen ? chosen.stock > 0 : product.inStock;
  return inStock ? 'inStock' : 'outOfStock';
}

/** The state as the markup's `data-state` names it (product page, cards, wish list rows; the e2e tests read it). */
export const STOCK_DATA_STATE = { inStock: 'in-stock', outOfStock: 'out-of-stock', comingSoon: 'coming-soon' } as const satisfies Record<StockState, string>;
