import { useLingui } from '@lingui/react';
import { use } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type FeatureCatalog } from './setup.ts';

/**
 * Suspends until the messages of `feature` (`i18n/features/<feature>/<catalog>.po`) in the active
 * language are merged. Every component that renders messages of a feature's sources (see
 * lingui.config.ts) calls it with that feature, so it never shows an untranslated id, wherever it
 * is mounted, and waits for that feature's messages alone.
 */
export function useFeatureCatalog(feature: FeatureCatalog): void {
  const { i18n } = useLingui();
  if (!featureCatalogLoaded(i18n, feature)) use(loadFeatureCatalog(i18n, feature));
}
