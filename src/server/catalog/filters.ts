import type { ListingFilters } from '../../contract/listing-query.ts';
import { BADGE_BITS, idSet, type FilterTerms, type IdSet, type KeyedFilter } from './listing-index/terms.ts';
import type { CatalogueRefs } from './refs.ts';

/**
 * What narrows a product listing: the shopper's filters as the contract declares them
 * (`ListingFilters`; brand slugs and category paths, unknown ones matching nothing; prices paid in
 * major units of the country's currency, both ends included), the scope of the page and a search.
 * The scope and `searchTerms` always apply; the shopper's filters apply too, except to their own
 * counts in `productFacets`. Within one filter the values are alternatives; different filters all
 * apply. Used by `GET products`, `GET products/filters` and `GET search`.
 */
export interface ProductFilter extends Partial<ListingFilters> {
  /** Scope: a category path; the category and everything under it. An unknown path matches nothing. */
  category?: string | undefined;
  /** Scope: one brand slug. An unknown slug matches nothing. */
  brand?: string | undefined;
  /**
   * Search matches (`resolveSearch(...).groups`): a product matches when its `search_terms` share
   * at least one id with every group. An empty list of groups matches nothing; unset: no search.
   */
  searchTerms?: readonly (readonly number[])[] | undefined;
}

/** Stable text of a filter (without the country): an absent filter and an empty one read alike. */
function filterKey(filter: ProductFilter): string {
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

/** A filter in the listing index's terms: slugs and paths become id sets, prices minor units. */
function filterTerms(refs: CatalogueRefs, filter: ProductFilter): FilterTerms {
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
  let others = 0;
  for (const code of filter.others ?? []) others |= BADGE_BITS.get(code) ?? 0;
  return {
    nothing,
    scopeCategories,
    scopeBrand,
    searchTerms: filter.searchTerms ?? null,
    // Unknown slugs and paths match nothing: an empty set.
    brands: filter.brands && filter.brands.length > 0 ? brandsOf(filter.brands) : null,
    categories: filter.categories && filter.categories.length > 0 ? categoriesOf(filter.categories) : null,
    priceMin: filter.priceMin == null ? null : Math.round(filter.priceMin * 100),
    priceMax: filter.priceMax == null ? null : Math.round(filter.priceMax * 100),
    others,
    onSale: filter.onSale === true,
  };
}

/** The filter as the listing index takes it: its key now, its terms only when the index keeps no answer for it. */
export function keyedFilter(refs: CatalogueRefs, filter: ProductFilter): KeyedFilter {
  return { key: filterKey(filter), terms: () => filterTerms(refs, filter) };
}
