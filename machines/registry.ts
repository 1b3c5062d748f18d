import type { AnyMachineModel } from './model/types.ts';
import { accountFormModel } from './account/account-form.model.ts';
import { authRefreshModel } from './session/auth-refresh.model.ts';
import { bookingFlowModel } from './booking/booking-flow.model.ts';
import { bookingLifecycleModel } from './booking/booking-lifecycle.model.ts';
import { chunkReloadModel } from './runtime/chunk-reload.model.ts';
import { deploymentModel } from './runtime/deployment.model.ts';
import { languageSwitchModel } from './runtime/language-switch.model.ts';
import { navigationGuardModel } from './runtime/navigation-guard.model.ts';
import { notificationsModel } from './notifications/queue.model.ts';
import { toastModel } from './notifications/toast.model.ts';
import { productListingModel } from './catalog/product-listing.model.ts';
import { resourceLoaderModel } from './shared/resource-loader.model.ts';
import { searchBoxModel } from './search/search-box.model.ts';
import { tierModel } from './loyalty/tier.model.ts';
import { beautyPassModel } from './loyalty/beauty-pass.model.ts';
import { beautyPassJoinModel } from './loyalty/beauty-pass-join.model.ts';
import { tierWhatIfModel } from './loyalty/tier-what-if.model.ts';
import { rewardsListModel } from './loyalty/rewards-list.model.ts';
import { rewardRedeemModel } from './loyalty/reward-redeem.model.ts';
import { notifyMeModel } from './product/notify-me.model.ts';
import { reviewFormModel } from './product/review-form.model.ts';
import { reviewListModel } from './product/review-list.model.ts';
import { waitlistToggleModel } from './product/waitlist-toggle.model.ts';
import { bagModel } from './bag/bag.model.ts';
import { orderCancelModel } from './orders/order-cancel.model.ts';
import { addToBagModel } from './bag/add-to-bag.model.ts';
import { wishlistMoveModel } from './wishlist/wishlist-move.model.ts';
import { wishlistToggleModel } from './wishlist/wishlist-toggle.model.ts';
import { checkoutModel } from './checkout/checkout.model.ts';
import { giftCardPurchaseModel } from './gift-cards/gift-card-purchase.model.ts';

/**
 * Every machine of the app, as the QA visualizer (`/sandbox/machines`) and the generated tests
 * (`tests/machines/generated.test.ts`) read them. A machine that is not here is not tested by the
 * generator: add its model here when you add a machine.
 */
export const MACHINE_REGISTRY: readonly AnyMachineModel[] = [chunkReloadModel, deploymentModel, navigationGuardModel, languageSwitchModel, productListingModel, resourceLoaderModel, notificationsModel, toastModel, bookingFlowModel, bookingLifecycleModel, authRefreshModel, tierModel, beautyPassModel, beautyPassJoinModel, tierWhatIfModel, rewardsListModel, rewardRedeemModel, accountFormModel, searchBoxModel, reviewListModel, reviewFormModel, waitlistToggleModel, notifyMeModel, bagModel, addToBagModel, wishlistToggleModel, wishlistMoveModel, checkoutModel, orderCancelModel, giftCardPurchaseModel];

export function findModel(id: string): AnyMachineModel | undefined {
  return MACHINE_REGISTRY.find((model) => model.id === id);
}
