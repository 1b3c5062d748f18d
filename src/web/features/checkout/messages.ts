import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The checkout feature's messages (lingui.config.ts): the checkout screen and its confirmation. */
export const checkoutMessages: FeatureMessages = {
  feature: 'checkout',
  load: (catalog) => import(`../../../../i18n/features/checkout/${catalog}.po`),
};
