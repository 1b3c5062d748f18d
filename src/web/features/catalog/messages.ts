import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The catalog feature's messages (lingui.config.ts), one chunk per language. */
export const catalogMessages: FeatureMessages = {
  feature: 'catalog',
  load: (catalog) => import(`../../../../i18n/features/catalog/${catalog}.po`),
};
