import { useLingui } from '@lingui/react';
import { use } from 'react';
import { loadFeatureCatalog, type FeatureMessages } from './setup.ts';

/**
 * Suspends until a feature's messages (`i18n/features/<feature>/<catalog>.po`) in the active
 * language are merged. Every component that renders messages of a feature's sources (see
 * lingui.config.ts) calls it with that feature's `<feature>Messages`, so it never shows an
 * untranslated id, wherever it is mounted, and waits for that feature's messages alone.
 */
export function useFeatureCatalog(messages: FeatureMessages): void {
  const { i18n } = useLingui();
  // Always `use`d (a loaded catalog's promise is marked settled: no suspending): React matches the
  // `use` calls of a component's retries by their order, and one that comes and goes would hand
  // a later `use` (a screen machine's, in a server render) this one's answer.
  use(loadFeatureCatalog(i18n, messages));
}
