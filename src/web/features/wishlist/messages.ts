import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The wish list feature's messages (lingui.config.ts), one chunk per language. */
export const wishlistMessages: FeatureMessages = {
  feature: 'wishlist',
  load: (catalog) => import(`../../../../i18n/features/wishlist/${catalog}.po`),
};
