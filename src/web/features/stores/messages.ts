import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The find-a-store feature's messages (lingui.config.ts), one chunk per language. */
export const storesMessages: FeatureMessages = {
  feature: 'stores',
  load: (catalog) => import(`../../../../i18n/features/stores/${catalog}.po`),
};
