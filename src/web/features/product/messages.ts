import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The product feature's messages (lingui.config.ts), one chunk per language. */
export const productMessages: FeatureMessages = {
  feature: 'product',
  load: (catalog) => import(`../../../../i18n/features/product/${catalog}.po`),
};
