import { CACHE_FRESH_MS } from '../../../config/constants.ts';
import type { Layout } from '../../../contract/layouts.ts';
import type { ApiClient } from './client.ts';
import type { CatalogApiOptions, CatalogRequestOptions } from './catalog-api.ts';
import { createReadCache } from './read-cache.ts';

/**
 * The shell's read (header, footer, the navigation guard's exemptions): in every first screen, so
 * apart from the catalogue reads of `catalog-api.ts`; its schema, like theirs, loads with the first read.
 */
export interface LayoutApi {
  layouts(opts?: CatalogRequestOptions): Promise<Layout>;
}

/** Fresh for five minutes like the rest of the catalogue (spec §9), shared by concurrent callers. */
export function createLayoutApi(client: ApiClient, { site = client.site, now = Date.now, freshMs = CACHE_FRESH_MS }: CatalogApiOptions = {}): LayoutApi {
  const cached = createReadCache({ site, now, freshMs });
  return {
    // The schema comes with the first read, like the catalogue's (catalog-api.ts): a first screen hydrates from its snapshot.
    layouts: (opts) => cached('GET layouts', () => import('../../../contract/layouts.ts').then(({ LayoutSchema }) => client.request('GET', 'layouts', LayoutSchema)).then((r) => r.data), opts?.signal),
  };
}
