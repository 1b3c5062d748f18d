import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The booking feature's messages (lingui.config.ts), one chunk per language. */
export const bookingMessages: FeatureMessages = {
  feature: 'booking',
  load: (catalog) => import(`../../../../i18n/features/booking/${catalog}.po`),
};
