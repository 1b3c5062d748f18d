import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The sandbox feature's messages (lingui.config.ts), one chunk per language. */
export const sandboxMessages: FeatureMessages = {
  feature: 'sandbox',
  load: (catalog) => import(`../../../../i18n/features/sandbox/${catalog}.po`),
};
