/** What the "Notify me" rule reads of a shade or size: its id, name and live stock. */
export interface StockVariant {
  id: number;
  name: string;
  stock: number;
}

/** What the "Notify me" rule reads of a product: its live stock and its shades or sizes. */
export interface StockProduct {
  inStock: boolean;
  variants: readonly StockVariant[];
}

/** What one "Notify me" subscribes to: the product, or one of its several shades or sizes. */
export interface NotifyTarget<TVariant extends StockVariant = StockVariant> {
  /** Null: the product as a whole. */
  variant: TVariant | null;
}

/**
 * "Notify me" is offered when what is chosen cannot be bought: the chosen shade or size, or the
 * product when nothing is chosen. One of several shades or sizes is its own subscription; a single
 * one is the product. Null when what is chosen is in stock.
 */
export function notifyTarget<TVariant extends StockVariant>(product: StockProduct, chosen: TVariant | null): NotifyTarget<TVariant> | null {
  const outOfStock = chosen ? chosen.stock <= 0 : !product.inStock;
  if (!outOfStock) return null;
  return { variant: chosen && product.variants.length > 1 ? chosen : null };
}
