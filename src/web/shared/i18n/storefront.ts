import { setupI18n as createI18n, type I18n, type Messages } from '@lingui/core';
import type { CatalogName } from '../../../config/languages.ts';

/** A fresh Lingui instance: one per app (and one per test, so tests never share a locale). */
export function setupI18n(): I18n {
  return createI18n();
}

/**
 * Loads the storefront's messages (`i18n/<catalog>.po`, its own chunk compiled by
 * @lingui/vite-plugin) and activates them: all the first screen needs. The messages of features
 * off the first screens come with them (`useFeatureCatalog(<feature>Messages)`, ./setup.ts, outside the entry).
 */
export async function loadStorefrontCatalog(catalog: CatalogName, i18n: I18n): Promise<void> {
  const { messages } = (await import(`../../../../i18n/${catalog}.po`)) as { messages: Messages };
  i18n.loadAndActivate({ locale: catalog, messages });
}
