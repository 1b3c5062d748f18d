import type { AnyMachineModel } from './model/types.ts';
import { accountFormModel } from './account/accountForm.model.ts';
import { authRefreshModel } from './authRefresh.model.ts';
import { bookingFlowModel } from './booking/bookingFlow.model.ts';
import { bookingLifecycleModel } from './booking/bookingLifecycle.model.ts';
import { chunkReloadModel } from './chunkReload.model.ts';
import { deploymentModel } from './deployment.model.ts';
import { languageSwitchModel } from './languageSwitch.model.ts';
import { navigationGuardModel } from './navigationGuard.model.ts';
import { notificationsModel } from './notifications/queue.model.ts';
import { toastModel } from './notifications/toast.model.ts';
import { productListingModel } from './productListing.model.ts';
import { resourceLoaderModel } from './resourceLoader.model.ts';
import { searchBoxModel } from './search/searchBox.model.ts';
import { tierModel } from './tier/tier.model.ts';
import { notifyMeModel } from './product/notifyMe.model.ts';
import { reviewFormModel } from './product/reviewForm.model.ts';
import { reviewListModel } from './product/reviewList.model.ts';
import { waitlistToggleModel } from './product/waitlistToggle.model.ts';

/**
 * Every machine of the app, as the QA visualizer (`/sandbox/machines`) and the generated tests
 * (`tests/machines/generated.test.ts`) read them. A machine that is not here is not tested by the
 * generator: add its model here when you add a machine.
 */
export const MACHINE_REGISTRY: readonly AnyMachineModel[] = [chunkReloadModel, deploymentModel, navigationGuardModel, languageSwitchModel, productListingModel, resourceLoaderModel, notificationsModel, toastModel, bookingFlowModel, bookingLifecycleModel, authRefreshModel, tierModel, accountFormModel, searchBoxModel, reviewListModel, reviewFormModel, waitlistToggleModel, notifyMeModel];

export function findModel(id: string): AnyMachineModel | undefined {
  return MACHINE_REGISTRY.find((model) => model.id === id);
}
