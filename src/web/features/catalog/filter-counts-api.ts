import { CACHE_FRESH_MS } from '../../../config/constants.ts';
import { ProductFiltersResponseSchema, type ProductFilters } from '../../../contract/catalog.ts';
import type { ProductFiltersQueryInput } from '../../../contract/catalog-query.ts';
import { createReadCache, queryKey, queryParams } from '../../shared/api/read-cache.ts';
import type { ApiClient } from '../../shared/api/client.ts';

/**
 * The filter panel's one call, `GET products/filters`: each filter's choices with counts for the
 * listing query (and `q` on search results), kept five minutes like the rest of the catalogue. It
 * loads with the panel, after the products, so no listing's first screen carries it.
 */
export interface FilterCountsApi {
  filters(query: ProductFiltersQueryInput, opts?: { signal?: AbortSignal }): Promise<ProductFilters>;
}

export function createFilterCountsApi(client: ApiClient, { now = Date.now, freshMs = CACHE_FRESH_MS }: { now?: () => number; freshMs?: number } = {}): FilterCountsApi {
  const cached = createReadCache({ site: client.site, now, freshMs });
  return {
    filters(query, opts) {
      const params = queryParams(query);
      const load = () => client.request('GET', 'products/filters', ProductFiltersResponseSchema, { query: params }).then((r) => r.data);
      return cached(queryKey('products/filters', params), load, opts?.signal);
    },
  };
}
