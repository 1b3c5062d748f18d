import { OTHER_FILTERS } from '../../../contract/patterns.ts';
import type { ProductAttributes } from './attributes.ts';
import { candidates } from './paging.ts';
import type { CountryPrices } from './prices.ts';
import type { IndexFilter } from './terms.ts';

/*
 * `GET products/filters` in the index's terms: every filter's counts under the *other* filters,
 * in one pass over the scope. Reads only what it is given; ./index.ts loads it and keeps the answers.
 */

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

function scopeMatcher(products: ProductAttributes, filter: IndexFilter): (position: number) => boolean {
  const scopeCategories = filter.scopeCategories?.has ?? null;
  const { scopeBrand } = filter;
  const search = filter.search?.has ?? null;
  const { category, brand } = products;
  return (position) =>
    (scopeCategories === null || scopeCategories[category[position] ?? 0] === 1) &&
    (scopeBrand === null || brand[position] === scopeBrand) &&
    (search === null || search[position] === 1);
}

/** The counts of a filter that names nothing. */
export function noFacets(): FacetCounts {
  return { brands: new Map(), categories: new Map(), priceMin: null, priceMax: null, others: new Map(), onSale: 0, total: 0 };
}

/** Every filter's counts under the other filters in the country (for a filter that names something). */
export function facetCounts(products: ProductAttributes, prices: CountryPrices, filter: IndexFilter): FacetCounts {
  const counts = noFacets();
  const { effective, sale } = prices;
  const { brand: brandOf, category: categoryOf, badges: badgesOf } = products;
  const inScope = scopeMatcher(products, filter);
  const brands = filter.brands?.has ?? null;
  const categories = filter.categories?.has ?? null;
  const { priceMin, priceMax, others, onSale } = filter;
  const otherCounts = new Array<number>(OTHER_FILTERS.length).fill(0);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const visit = (position: number) => {
    const price = effective[position] ?? -1;
    if (price < 0 || !inScope(position)) return;
    const brand = brandOf[position] ?? 0;
    const category = categoryOf[position] ?? 0;
    const badges = badgesOf[position] ?? 0;
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
  const lists = candidates(products, filter, true);
  if (lists) for (const list of lists) for (const position of list) visit(position);
  else for (let position = 0; position < products.size; position++) visit(position);
  OTHER_FILTERS.forEach((code, bit) => counts.others.set(code, otherCounts[bit] ?? 0));
  counts.priceMin = Number.isFinite(lo) ? lo : null;
  counts.priceMax = Number.isFinite(hi) ? hi : null;
  return counts;
}
