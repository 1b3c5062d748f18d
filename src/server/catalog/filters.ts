import { COUNTRIES, type CountryCode, type LanguageCode } from '../../config/countries.ts';
import { OTHER_FILTERS, type OtherFilter, type ProductFilters, type ProductSort } from '../../contract/catalog.ts';
import type { Db } from '../db/client.ts';
import { BADGE_BITS, idSet, listingIndex, type IdSet, type IndexFilter, type ListingIndex } from './listing-index.ts';
import { catalogueRefs, type CatalogueRefs } from './refs.ts';

/**
 * What narrows a product listing. The scope (`category`, `brand`) and `searchTerms` always apply;
 * the five filters the shopper picks (`brands`, `categories`, price, `others`, `onSale`) apply
 * too, except to their own counts in `productFacets`. Within one filter the values
 * are alternatives; different filters all apply. Used by `GET products`, `GET products/filters`
 * and `GET search` (which passes `searchTerms`); keep it backwards compatible.
 */
export interface ProductFilter {
  /** Scope: a category path; the category and everything under it. An unknown path matches nothing. */
  category?: string | undefined;
  /** Scope: one brand slug. An unknown slug matches nothing. */
  brand?: string | undefined;
  /** Brand slugs (any of them); unknown slugs match nothing. */
  brands?: readonly string[] | undefined;
  /** Category paths (any of them, each with its descendants); unknown paths match nothing. */
  categories?: readonly string[] | undefined;
  /** Lowest price paid (sale price when there is one), in major units of the country's currency, included. */
  priceMin?: number | undefined;
  /** Highest price paid, in major units, included. */
  priceMax?: number | undefined;
  /** Stored badges (any of them). */
  others?: readonly OtherFilter[] | undefined;
  /** Only products on sale in the request's country; false or unset: all. */
  onSale?: boolean | undefined;
  /**
   * Search matches (`resolveSearch(...).groups`): a product matches when its `search_terms` share
   * at least one id with every group. An empty list of groups matches nothing; unset: no search.
   */
  searchTerms?: readonly (readonly number[])[] | undefined;
}

/** The request's country (prices, currency) and language (names). */
export interface Site {
  country: CountryCode;
  language: LanguageCode;
}

/** The filter fields of a parsed listing, filters or search query (`ProductListQuerySchema` and friends). */
export interface FilterQuery {
  category?: string | undefined;
  brand?: string | undefined;
  brands?: string[] | undefined;
  categories?: string[] | undefined;
  price_min?: number | undefined;
  price_max?: number | undefined;
  others?: OtherFilter[] | undefined;
  on_sale?: boolean | undefined;
}

/** A parsed query's filters as a `ProductFilter` (what `GET search` passes on, with its `searchTerms`). */
export function productFilterFromQuery(query: FilterQuery): ProductFilter {
  return {
    category: query.category,
    brand: query.brand,
    brands: query.brands,
    categories: query.categories,
    priceMin: query.price_min,
    priceMax: query.price_max,
    others: query.others,
    onSale: query.on_sale,
  };
}

/** Cache keys of totals, pages and facet counts (per index, so never older than it) are bounded. */
const CACHE_MAX = 2_000;

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

/** A filter in the listing index's terms. */
export async function indexFilter(db: Db, index: ListingIndex, refs: CatalogueRefs, filter: ProductFilter): Promise<IndexFilter> {
  const categoriesOf = (paths: readonly string[]) => idSet(paths.flatMap((path) => refs.idsUnder(path)));
  const brandsOf = (slugs: readonly string[]) => idSet(slugs.flatMap((slug) => refs.brandsBySlug.get(slug)?.id ?? []));
  let nothing = false;
  let scopeCategories: IdSet | null = null;
  if (filter.category !== undefined) {
    scopeCategories = categoriesOf([filter.category]);
    if (scopeCategories.ids.length === 0) nothing = true;
  }
  let scopeBrand: number | null = null;
  if (filter.brand !== undefined) {
    scopeBrand = refs.brandsBySlug.get(filter.brand)?.id ?? -1;
    if (scopeBrand < 0) nothing = true;
  }
  let search: IndexFilter['search'] = null;
  if (filter.searchTerms !== undefined && !nothing) {
    search = await index.searchMatches(db, filter.searchTerms);
    if (search.positions.length === 0) nothing = true;
  }
  let others = 0;
  for (const code of filter.others ?? []) others |= BADGE_BITS.get(code) ?? 0;
  return {
    nothing,
    scopeCategories,
    scopeBrand,
    search,
    // Unknown slugs and paths match nothing: an empty set.
    brands: filter.brands && filter.brands.length > 0 ? brandsOf(filter.brands) : null,
    categories: filter.categories && filter.categories.length > 0 ? categoriesOf(filter.categories) : null,
    priceMin: filter.priceMin === undefined ? null : Math.round(filter.priceMin * 100),
    priceMax: filter.priceMax === undefined ? null : Math.round(filter.priceMax * 100),
    others,
    onSale: filter.onSale === true,
  };
}

/** Stable text of a filter for cache keys (without the country). */
export function filterKey(filter: ProductFilter): string {
  const sorted = <T>(values: readonly T[] | undefined) => (values && values.length > 0 ? [...values].sort() : null);
  return JSON.stringify([
    filter.category ?? null,
    filter.brand ?? null,
    sorted(filter.brands),
    sorted(filter.categories),
    filter.priceMin ?? null,
    filter.priceMax ?? null,
    sorted(filter.others),
    filter.onSale ?? false,
    filter.searchTerms?.map((group) => [...group].sort((a, b) => a - b)) ?? null,
  ]);
}

/**
 * A page of product ids under a filter and sort, with the total the filter leaves. Totals are kept
 * with the listing index (5 minutes at most) per filter and country; the page is always computed.
 */
export async function pageOfIds(db: Db, index: ListingIndex, country: CountryCode, filter: ProductFilter, sort: ProductSort, offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const refs = await catalogueRefs(db);
  const key = `${country}|${filterKey(filter)}`;
  const known = index.totals.get(key);
  // A page past the known end needs no walk.
  if (known !== undefined && offset >= known) return { ids: [], total: known };
  // Top-rated pages are keyed by the order they were read from too: a review may have moved it since.
  const pageKey = `${key}|${sort}|${sort === 'top_rated' ? index.ratedGeneration : ''}|${offset}|${limit}`;
  const picked = known === undefined ? undefined : index.pages.get(pageKey);
  if (known !== undefined && picked) return { ids: [...picked], total: known };
  const result = await index.page(db, country, await indexFilter(db, index, refs, filter), sort, offset, limit, known);
  if (known === undefined) remember(index.totals, key, result.total);
  remember(index.pages, pageKey, result.ids);
  return result;
}

/**
 * `GET products/filters`: each filter's choices with the products they would show under all the
 * *other* active filters (a filter's own selection never narrows its own counts), the price range
 * the other filters leave, and the total under every filter. One pass over the listing index; the
 * counts are kept with it per filter and country.
 */
export async function productFacets(db: Db, site: Site, filter: ProductFilter): Promise<ProductFilters> {
  const [index, refs] = await Promise.all([listingIndex(db), catalogueRefs(db)]);
  const key = `${site.country}|${filterKey(filter)}`;
  const counts = index.facets.get(key) ?? remember(index.facets, key, await index.facetCounts(db, site.country, await indexFilter(db, index, refs, filter)));

  const selectedBrands = new Set(filter.brands ?? []);
  const brands = refs.brandList
    .map((brand) => ({ slug: brand.slug, name: brand.name, count: counts.brands.get(brand.id) ?? 0 }))
    // A selected brand stays listed at 0, so the shopper can take it off again.
    .filter((brand) => brand.count > 0 || selectedBrands.has(brand.slug));

  const scope = filter.category === undefined ? undefined : refs.categoriesByPath.get(filter.category);
  const children = filter.category !== undefined && !scope ? [] : (refs.childrenOf.get(scope ? scope.id : null) ?? []);
  const categories = children.map((child) => ({
    path: child.path,
    name: child.name[site.language],
    count: refs.idsUnder(child.path).reduce((sum, id) => sum + (counts.categories.get(id) ?? 0), 0),
  }));

  return {
    brands,
    categories,
    price: {
      currency: COUNTRIES[site.country].currency,
      min: counts.priceMin === null ? null : counts.priceMin / 100,
      max: counts.priceMax === null ? null : counts.priceMax / 100,
    },
    others: OTHER_FILTERS.map((code) => ({ code, count: counts.others.get(code) ?? 0 })),
    onSale: { count: counts.onSale },
    total: counts.total,
  };
}
