import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The loyalty feature's messages (lingui.config.ts), one chunk per language. */
export const loyaltyMessages: FeatureMessages = {
  feature: 'loyalty',
  load: (catalog) => import(`../../../../i18n/features/loyalty/${catalog}.po`),
};
