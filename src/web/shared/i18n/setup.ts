import type { I18n } from '@lingui/core';
import { CATALOGS, type CatalogName } from '../../../config/languages.ts';
import type { FeatureCatalog, FeatureMessages } from './feature-catalogs.ts';
import { loadStorefrontCatalog } from './storefront.ts';
import { settled } from '../ssr/settled.ts';

// The entry imports ./storefront.ts only: the feature catalogs' loader stays out of the first screen.
export { loadStorefrontCatalog, setupI18n } from './storefront.ts';
export type { FeatureCatalog, FeatureMessages } from './feature-catalogs.ts';

/** `<language>/<feature>`: one feature's messages in one language. */
type LoadKey = `${CatalogName}/${FeatureCatalog}`;

/** `i18n/features/<feature>/<catalog>.po` already merged into an instance (or on its way). */
const featureLoads = new WeakMap<I18n, Map<LoadKey, Promise<void>>>();

/**
 * Merges one feature's messages (`i18n/features/<feature>/<catalog>.po`) into the instance's active
 * catalog; a second call for the same feature and language returns the first call's promise.
 */
export function loadFeatureCatalog(i18n: I18n, { feature, load: loadMessages }: FeatureMessages): Promise<void> {
  const catalog = CATALOGS.find((name) => name === i18n.locale);
  if (!catalog) return Promise.reject(new Error(`loadFeatureCatalog: no active catalog (locale ${JSON.stringify(i18n.locale)})`));
  const loads = featureLoads.get(i18n) ?? new Map<LoadKey, Promise<void>>();
  featureLoads.set(i18n, loads);
  const key: LoadKey = `${catalog}/${feature}`;
  let load = loads.get(key);
  if (!load) {
    load = loadMessages(catalog).then(({ messages }) => {
      i18n.load(catalog, messages);
    });
    // A failed chunk is tried again by the next caller rather than cached as failed.
    load.catch(() => loads.delete(key));
    // Marked settled once merged: a `use` of it then returns at once (useFeatureCatalog).
    settled(load);
    loads.set(key, load);
  }
  return load;
}

/** Loads and activates every message of a catalog: the storefront's and the given features' (tests pass them all). */
export async function loadCatalog(catalog: CatalogName, i18n: I18n, features: readonly FeatureMessages[]): Promise<void> {
  await loadStorefrontCatalog(catalog, i18n);
  await Promise.all(features.map((messages) => loadFeatureCatalog(i18n, messages)));
}
