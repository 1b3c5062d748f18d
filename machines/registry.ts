import type { AnyMachineModel } from './model/types.ts';
import { productListingModel } from './productListing.model.ts';
import { resourceLoaderModel } from './resourceLoader.model.ts';

/**
 * Every machine of the app, as the QA visualizer (`/sandbox/machines`) and the generated tests
 * (`tests/machines/generated.test.ts`) read them. A machine that is not here is not tested by the
 * generator: add its model here when you add a machine.
 */
export const MACHINE_REGISTRY: readonly AnyMachineModel[] = [productListingModel, resourceLoaderModel];

export function findModel(id: string): AnyMachineModel | undefined {
  return MACHINE_REGISTRY.find((model) => model.id === id);
}
