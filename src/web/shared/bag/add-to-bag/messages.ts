import type { FeatureMessages } from '../../i18n/feature-catalogs.ts';

/** The live "Add to bag" button's messages (lingui.config.ts): loaded with it, at the first press, never on a first screen. */
export const addToBagMessages: FeatureMessages = {
  feature: 'add-to-bag',
  load: (catalog) => import(`../../../../../i18n/features/add-to-bag/${catalog}.po`),
};
