import { useLingui } from '@lingui/react';
import { use } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type FeatureMessages } from './setup.ts';

/**
 * Suspends until a feature's messages (`i18n/features/<feature>/<catalog>.po`) in the active
 * language are merged. Every component that renders messages of a feature's sources (see
 * lingui.config.ts) calls it with that feature's `<feature>Messages`, so it never shows an
 * untranslated id, wherever it is mounted, and waits for that feature's messages alone.
 */
export function useFeatureCatalog(messages: FeatureMessages): void {
  const { i18n } = useLingui();
  if (!featureCatalogLoaded(i18n, messages.feature)) use(loadFeatureCatalog(i18n, messages));
}
