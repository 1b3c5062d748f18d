import type { I18n, Messages } from '@lingui/core';
import { CATALOGS, type CatalogName } from '../../../config/languages.ts';
import { loadStorefrontCatalog } from './storefront.ts';

// The entry imports ./storefront.ts only: the feature catalogs' loader stays out of the first screen.
export { loadStorefrontCatalog, setupI18n } from './storefront.ts';

/** `i18n/features/<catalog>.po` already merged into an instance (or on its way), per catalog. */
const featureLoads = new WeakMap<I18n, Map<CatalogName, Promise<void>>>();
const featuresLoaded = new WeakMap<I18n, Set<CatalogName>>();

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
      const loaded = featuresLoaded.get(i18n) ?? new Set<CatalogName>();
      loaded.add(catalog);
      featuresLoaded.set(i18n, loaded);
    });
    // A failed chunk is tried again by the next caller rather than cached as failed.
    load.catch(() => loads.delete(catalog));
    loads.set(catalog, load);
  }
  return load;
}

/** The feature messages of the active catalog are merged: a component can render them now. */
export function featureCatalogLoaded(i18n: I18n): boolean {
  return featuresLoaded.get(i18n)?.has(i18n.locale as CatalogName) ?? false;
}

/** Loads and activates every message of a catalog: the storefront's and the features'. */
export async function loadCatalog(catalog: CatalogName, i18n: I18n): Promise<void> {
  await loadStorefrontCatalog(catalog, i18n);
  await loadFeatureCatalog(i18n);
}
