import type { Messages } from '@lingui/core';
import type { CatalogName } from '../../../config/languages.ts';

/**
 * The features whose messages are off the storefront's first screens, each in a catalog of its own
 * (`i18n/features/<feature>/<locale>.po`; the sources of each are in lingui.config.ts). A screen
 * waits for its own feature's messages only (`useFeatureCatalog(<feature>Messages)`). One is a
 * shared unit's, not a feature's: the live "Add to bag" button (shared/bag/add-to-bag/).
 */
export const FEATURE_CATALOGS = ['account', 'bag', 'add-to-bag', 'booking', 'catalog', 'product', 'search', 'loyalty', 'sandbox', 'legal', 'wishlist', 'checkout', 'orders', 'gift-cards', 'stores'] as const;

export type FeatureCatalog = (typeof FEATURE_CATALOGS)[number];

/**
 * One feature's catalog and how to load it in a language. Each feature declares its own
 * (`features/<feature>/messages.ts`), so its chunk names the files of its four languages only,
 * instead of a shared chunk naming every feature's.
 */
export interface FeatureMessages {
  feature: FeatureCatalog;
  load(catalog: CatalogName): Promise<{ messages: Messages }>;
}
