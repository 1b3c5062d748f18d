import { useLingui } from '@lingui/react';
import { use, useEffect } from 'react';
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

/**
 * Starts loading a feature's messages once the component has mounted, without waiting for them: a
 * first screen whose own messages are the storefront's (the sign-in form) has its feature's
 * messages (its errors) ready before the shopper needs them, and its first render does not wait.
 */
export function usePrefetchFeatureCatalog(messages: FeatureMessages): void {
  const { i18n } = useLingui();
  useEffect(() => {
    // A failed load is tried again by the component that needs the messages.
    loadFeatureCatalog(i18n, messages).catch(() => undefined);
  }, [i18n, messages]);
}
