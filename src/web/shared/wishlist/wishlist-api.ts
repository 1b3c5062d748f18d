import * as v from 'valibot';
import type { ApiClient } from '../api/client.ts';
import { newIdempotencyKey } from '../api/idempotency.ts';

/** What `PATCH wishlist` sends (WishlistPatchSchema in src/contract/cart.ts, which the server parses). */
export interface WishlistPatchBody {
  add?: { productId: number; variantId?: number | null }[];
  remove?: number[];
}

/**
 * The member's wish list as the hearts need it: product ids, and the writes. The part of
 * `GET wishlist` (WishlistResponseSchema) a heart reads: the contract module would weigh on every
 * first screen for fields no heart shows.
 */
export interface WishlistIdsApi {
  ids(): Promise<number[]>;
  patch(body: WishlistPatchBody): Promise<void>;
}

const WishlistIdsSchema = v.object({ data: v.array(v.object({ productId: v.number() })) });

export function createWishlistIdsApi(client: ApiClient): WishlistIdsApi {
  return {
    ids: () => client.request('GET', 'wishlist', WishlistIdsSchema).then(({ data }) => data.map((item) => item.productId)),
    // Whatever the answer holds, the write is done once it is a 2xx; a retried write carries the same key.
    patch: (body) => client.request('PATCH', 'wishlist', v.unknown(), { body, idempotencyKey: newIdempotencyKey() }).then(() => undefined),
  };
}
