import { setupI18n as createI18n, type I18n } from '@lingui/core';
import type { CatalogName } from '../../config/languages.ts';

/** A fresh Lingui instance: one per app (and one per test, so tests never share a locale). */
export function setupI18n(): I18n {
  return createI18n();
}

/** Loads `i18n/<catalog>.po` as its own chunk (compiled by @lingui/vite-plugin) and activates it. */
export async function loadCatalog(catalog: CatalogName, i18n: I18n): Promise<void> {
  const { messages } = await import(`../../../i18n/${catalog}.po`);
  i18n.loadAndActivate({ locale: catalog, messages });
}
