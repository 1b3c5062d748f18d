import { CACHE_FRESH_MS } from '../../../config/constants.ts';
import { LayoutSchema, type Layout } from '../../../contract/layouts.ts';
import type { ApiClient } from './client.ts';
import type { CatalogApiOptions, CatalogRequestOptions } from './catalog-api.ts';
import { createReadCache } from './read-cache.ts';

/**
 * The shell's read (header, footer, the navigation guard's exemptions): in every first screen, so
 * apart from the catalogue reads of `catalog-api.ts`, whose schemas only their pages load.
 */
export interface LayoutApi {
  layouts(opts?: CatalogRequestOptions): Promise<Layout>;
}

/** Fresh for five minutes like the rest of the catalogue (spec §9), shared by concurrent callers. */
export function createLayoutApi(client: ApiClient, { site = client.site, now = Date.now, freshMs = CACHE_FRESH_MS }: CatalogApiOptions = {}): LayoutApi {
  const cached = createReadCache({ site, now, freshMs });
  return {
    layouts: (opts) => cached('GET layouts', () => client.request('GET', 'layouts', LayoutSchema).then((r) => r.data), opts?.signal),
  };
}
