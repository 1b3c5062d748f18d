import * as v from 'valibot';
import { WishlistResponseSchema, type WishlistItem } from '../../../contract/cart.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { newIdempotencyKey } from '../../shared/api/idempotency.ts';

/** The part of the bag's answer (CartResponseSchema) a move needs. */
const AddedSchema = v.object({ data: v.object({ count: v.number() }) });

export interface WishlistScreenApi {
  /** `GET wishlist`: the member's items with live prices and stock. */
  items(options?: { signal?: AbortSignal }): Promise<WishlistItem[]>;
  /** `POST cart/line-items`: one unit of the variant into the bag (one key per press: a retry adds once); the bag's new count. */
  addToBag(variantId: number): Promise<number>;
}

export function createWishlistScreenApi(client: ApiClient): WishlistScreenApi {
  return {
    items: ({ signal } = {}) => client.request('GET', 'wishlist', WishlistResponseSchema, signal ? { signal } : {}).then(({ data }) => data),
    // The bag's answer is the bag feature's to show; "Move to bag" needs its count alone (the header's).
    addToBag: (variantId) =>
      client.request('POST', 'cart/line-items', AddedSchema, { body: { variantId, quantity: 1 }, idempotencyKey: newIdempotencyKey() }).then(({ data }) => data.count),
  };
}
