import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The account feature's messages (lingui.config.ts), one chunk per language. */
export const accountMessages: FeatureMessages = {
  feature: 'account',
  load: (catalog) => import(`../../../../i18n/features/account/${catalog}.po`),
};
