import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The orders feature's messages (lingui.config.ts), one chunk per language. */
export const ordersMessages: FeatureMessages = {
  feature: 'orders',
  load: (catalog) => import(`../../../../i18n/features/orders/${catalog}.po`),
};
