import type { FeatureMessages } from '../../shared/i18n/feature-catalogs.ts';

/** The bag feature's messages (lingui.config.ts): the bag screen's, and the "Add to bag" button's once clicked. */
export const bagMessages: FeatureMessages = {
  feature: 'bag',
  load: (catalog) => import(`../../../../i18n/features/bag/${catalog}.po`),
};
