/**
 * The features whose messages are off the storefront's first screens, each in a catalog of its own
 * (`i18n/features/<feature>/<locale>.po`; the sources of each are in lingui.config.ts). A screen
 * waits for its own feature's messages only (`useFeatureCatalog('<feature>')`).
 */
export const FEATURE_CATALOGS = ['account', 'booking', 'catalog', 'product', 'search', 'loyalty', 'sandbox', 'legal'] as const;

export type FeatureCatalog = (typeof FEATURE_CATALOGS)[number];
