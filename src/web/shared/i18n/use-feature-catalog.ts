import { useLingui } from '@lingui/react';
import { use } from 'react';
import { loadFeatureCatalog } from './setup.ts';

/**
 * Suspends until the feature messages (`i18n/features/<catalog>.po`) of the active language are
 * merged. Every component that renders messages of a feature source (see lingui.config.ts) calls
 * it, so it never shows an untranslated id, wherever it is mounted.
 */
export function useFeatureCatalog(): void {
  const { i18n } = useLingui();
  // Always `use`d (a loaded catalog's promise is marked settled: no suspending): React matches the
  // `use` calls of a component's retries by their order, and one that comes and goes would hand
  // a later `use` (a screen machine's, in a server render) this one's answer.
  use(loadFeatureCatalog(i18n));
}
