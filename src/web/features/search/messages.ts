import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The search feature's messages (lingui.config.ts), one chunk per language. */
export const searchMessages: FeatureMessages = {
  feature: 'search',
  load: (catalog) => import(`../../../../i18n/features/search/${catalog}.po`),
};
