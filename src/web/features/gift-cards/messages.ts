import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The e-gift cards feature's messages (lingui.config.ts): the `/e-gift-cards` screen, one chunk per language. */
export const giftCardsMessages: FeatureMessages = {
  feature: 'gift-cards',
  load: (catalog) => import(`../../../../i18n/features/gift-cards/${catalog}.po`),
};
