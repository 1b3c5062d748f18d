import { useLingui } from '@lingui/react';
import { use } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog } from './setup.ts';

/**
 * Suspends until the feature messages (`i18n/features/<catalog>.po`) of the active language are
 * merged. Every component that renders messages of a feature source (see lingui.config.ts) calls
 * it, so it never shows an untranslated id, wherever it is mounted.
 */
export function useFeatureCatalog(): void {
  const { i18n } = useLingui();
  if (!featureCatalogLoaded(i18n)) use(loadFeatureCatalog(i18n));
}
