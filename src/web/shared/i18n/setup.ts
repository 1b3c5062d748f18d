import type { I18n, Messages } from '@lingui/core';
import { CATALOGS, type CatalogName } from '../../../config/languages.ts';
import { loadStorefrontCatalog } from './storefront.ts';
import { settled } from '../ssr/settled.ts';

// The entry imports ./storefront.ts only: the feature catalogs' loader stays out of the first screen.
export { loadStorefrontCatalog, setupI18n } from './storefront.ts';

/** `i18n/features/<catalog>.po` already merged into an instance (or on its way), per catalog. */
const featureLoads = new WeakMap<I18n, Map<CatalogName, Promise<void>>>();

/**
 * Merges `i18n/features/<catalog>.po` (visualizer, booking, loyalty tier) into the instance's
 * active catalog; a second call for the same catalog returns the first call's promise.
 */
export function loadFeatureCatalog(i18n: I18n): Promise<void> {
  const catalog = CATALOGS.find((name) => name === i18n.locale);
  if (!catalog) return Promise.reject(new Error(`loadFeatureCatalog: no active catalog (locale ${JSON.stringify(i18n.locale)})`));
  const loads = featureLoads.get(i18n) ?? new Map<CatalogName, Promise<void>>();
  featureLoads.set(i18n, loads);
  let load = loads.get(catalog);
  if (!load) {
    load = import(`../../../../i18n/features/${catalog}.po`).then(({ messages }: { messages: Messages }) => {
      i18n.load(catalog, messages);
    });
    // A failed chunk is tried again by the next caller rather than cached as failed.
    load.catch(() => loads.delete(catalog));
    settled(load);
    loads.set(catalog, load);
  }
  return load;
}

/** Loads and activates every message of a catalog: the storefront's and the features'. */
export async function loadCatalog(catalog: CatalogName, i18n: I18n): Promise<void> {
  await loadStorefrontCatalog(catalog, i18n);
  await loadFeatureCatalog(i18n);
}
