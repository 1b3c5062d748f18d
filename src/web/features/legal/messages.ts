import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The legal feature's messages (lingui.config.ts), one chunk per language. */
export const legalMessages: FeatureMessages = {
  feature: 'legal',
  load: (catalog) => import(`../../../../i18n/features/legal/${catalog}.po`),
};
