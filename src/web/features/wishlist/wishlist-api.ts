import * as v from 'valibot';
import { WishlistResponseSchema, type WishlistItem } from '../../../contract/cart.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { newIdempotencyKey } from '../../shared/api/idempotency.ts';

export interface WishlistScreenApi {
  /** `GET wishlist`: the member's items with live prices and stock. */
  items(options?: { signal?: AbortSignal }): Promise<WishlistItem[]>;
  /** `POST cart/line-items`: one unit of the variant into the bag (one key per press: a retry adds once). */
  addToBag(variantId: number): Promise<void>;
}

export function createWishlistScreenApi(client: ApiClient): WishlistScreenApi {
  return {
    items: ({ signal } = {}) => client.request('GET', 'wishlist', WishlistResponseSchema, signal ? { signal } : {}).then(({ data }) => data),
    // The bag's answer is the bag feature's to show; a 2xx is all "Move to bag" needs.
    addToBag: (variantId) =>
      client.request('POST', 'cart/line-items', v.unknown(), { body: { variantId, quantity: 1 }, idempotencyKey: newIdempotencyKey() }).then(() => undefined),
  };
}
