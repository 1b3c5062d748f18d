import { fromPromise } from 'xstate';
import type { Cart, CartScreen } from '../../src/contract/cart.ts';

/* The bag machine's actors: each throws until the app provides it (bag-screen.tsx), so a missing wiring fails loudly. */

/** `GET cart/`: the bag with its samples and offers. */
export const loadBag = fromPromise<CartScreen>(async () => {
  throw new Error('bag: provide the `loadBag` actor');
});

/**
 * One line's write: `lineId` null adds `quantity` units of the variant (`POST cart/line-items`);
 * otherwise sets the line to `quantity` (`PATCH`), or removes it when 0 (`DELETE`). Answers the bag.
 */
export interface LineWriteInput {
  variantId: number;
  lineId: number | null;
  quantity: number;
}
export const writeLine = fromPromise<Cart, LineWriteInput>(async () => {
  throw new Error('bag: provide the `writeLine` actor');
});

/** `PUT cart/samples`: the picks, replacing the last ones. Answers the bag. */
export const saveSamples = fromPromise<Cart, { sampleIds: number[] }>(async () => {
  throw new Error('bag: provide the `saveSamples` actor');
});

/** `POST cart/offers` with a code, or `DELETE cart/offers` when `code` is null. Answers the bag. */
export const setOffer = fromPromise<Cart, { code: string | null }>(async () => {
  throw new Error('bag: provide the `setOffer` actor');
});

/** `DELETE cart/gift-cards/{id}`: an e-gift card out of the bag. Answers the bag. */
export const removeGiftCard = fromPromise<Cart, { id: number }>(async () => {
  throw new Error('bag: provide the `removeGiftCard` actor');
});

/** `POST cart/merge`: the guest bag a failed merge at sign-in left behind, added to the member's now. Answers the bag. */
export const mergeBag = fromPromise<Cart>(async () => {
  throw new Error('bag: provide the `mergeBag` actor');
});

/** `DELETE cart/rewards/{id}`: the Beauty Pass reward out of the bag (issue 15). Answers the bag. */
export const removeReward = fromPromise<Cart, { id: number }>(async () => {
  throw new Error('bag: provide the `removeReward` actor');
});
