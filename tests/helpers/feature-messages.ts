import { accountMessages } from '../../src/web/features/account/messages.ts';
import { bagMessages } from '../../src/web/features/bag/messages.ts';
import { bookingMessages } from '../../src/web/features/booking/messages.ts';
import { catalogMessages } from '../../src/web/features/catalog/messages.ts';
import { checkoutMessages } from '../../src/web/features/checkout/messages.ts';
import { giftCardsMessages } from '../../src/web/features/gift-cards/messages.ts';
import { legalMessages } from '../../src/web/features/legal/messages.ts';
import { loyaltyMessages } from '../../src/web/features/loyalty/messages.ts';
import { ordersMessages } from '../../src/web/features/orders/messages.ts';
import { productMessages } from '../../src/web/features/product/messages.ts';
import { sandboxMessages } from '../../src/web/features/sandbox/messages.ts';
import { searchMessages } from '../../src/web/features/search/messages.ts';
import { storesMessages } from '../../src/web/features/stores/messages.ts';
import { wishlistMessages } from '../../src/web/features/wishlist/messages.ts';
import { addToBagMessages } from '../../src/web/shared/bag/add-to-bag/messages.ts';
import type { FeatureMessages } from '../../src/web/shared/i18n/feature-catalogs.ts';

/** Every feature's catalog: component tests render with all messages loaded (`loadCatalog`). */
export const ALL_FEATURE_MESSAGES: readonly FeatureMessages[] = [
  accountMessages,
  bagMessages,
  addToBagMessages,
  bookingMessages,
  catalogMessages,
  checkoutMessages,
  giftCardsMessages,
  legalMessages,
  loyaltyMessages,
  ordersMessages,
  productMessages,
  sandboxMessages,
  searchMessages,
  storesMessages,
  wishlistMessages,
];
