import * as v from 'valibot';
import { CartResponseSchema, CartScreenResponseSchema, WishlistResponseSchema, type Cart, type CartScreen, type WishlistItem, type WishlistPatch } from '../../../contract/cart.ts';
import type { ApiClient } from './client.ts';
import { newIdempotencyKey } from './idempotency.ts';

/** Paths under /api/web/v1 (spec §7 `cart/…`, `wishlist`). */
export const CART_PATHS = {
  screen: 'cart',
  bag: 'cart/bag',
  lineItems: 'cart/line-items',
  lineItem: (id: number) => `cart/line-items/${id}`,
  samples: 'cart/samples',
  offers: 'cart/offers',
  merge: 'cart/merge',
  giftCard: (id: number) => `cart/gift-cards/${id}`,
  wishlist: 'wishlist',
  variants: 'variants',
} as const;

export interface CartRequestOptions {
  signal?: AbortSignal;
}

/**
 * The bag's calls, shared by the bag screen and the "Add to bag" buttons of the product page and
 * the cards (two features): never cached (the bag is live). Every write carries an idempotency key,
 * so the client may retry it and the server adds once; each answers the whole bag.
 */
export interface CartApi {
  /** `GET cart/`: the bag screen's one read. */
  screen(opts?: CartRequestOptions): Promise<CartScreen>;
  addLine(variantId: number, quantity: number): Promise<Cart>;
  setLine(lineId: number, quantity: number): Promise<Cart>;
  removeLine(lineId: number): Promise<Cart>;
  saveSamples(sampleIds: number[]): Promise<Cart>;
  applyOffer(code: string): Promise<Cart>;
  removeOffer(): Promise<Cart>;
  /** `DELETE cart/gift-cards/{id}`: an e-gift card out of the bag (`POST` is the gift cards screen's own call). */
  removeGiftCard(id: number): Promise<Cart>;
  /** `POST cart/merge`: the guest bag a failed merge at sign-in left behind, added now. */
  mergeGuestBag(): Promise<Cart>;
  /** A card's product has no variant id: its live variants (`GET variants`) name it. */
  variantIds(slug: string): Promise<number[]>;
  patchWishlist(patch: WishlistPatch): Promise<WishlistItem[]>;
}

/** The part of `GET variants` (VariantListResponseSchema) an add needs: the ids, without the product contract in the bag's chunk. */
const VariantIdsSchema = v.object({ data: v.array(v.object({ id: v.number() })) });

const bagOf = (answer: v.InferOutput<typeof CartResponseSchema>) => answer.data;

export function createCartApi(client: ApiClient): CartApi {
  const { request } = client;
  const write = () => ({ idempotencyKey: newIdempotencyKey() });
  return {
    screen: (opts) => request('GET', CART_PATHS.screen, CartScreenResponseSchema, opts?.signal ? { signal: opts.signal } : {}).then((answer) => answer.data),
    addLine: (variantId, quantity) => request('POST', CART_PATHS.lineItems, CartResponseSchema, { body: { variantId, quantity }, ...write() }).then(bagOf),
    setLine: (lineId, quantity) => request('PATCH', CART_PATHS.lineItem(lineId), CartResponseSchema, { body: { quantity }, ...write() }).then(bagOf),
    removeLine: (lineId) => request('DELETE', CART_PATHS.lineItem(lineId), CartResponseSchema, write()).then(bagOf),
    saveSamples: (sampleIds) => request('PUT', CART_PATHS.samples, CartResponseSchema, { body: { sampleIds }, ...write() }).then(bagOf),
    applyOffer: (code) => request('POST', CART_PATHS.offers, CartResponseSchema, { body: { code }, ...write() }).then(bagOf),
    removeOffer: () => request('DELETE', CART_PATHS.offers, CartResponseSchema, write()).then(bagOf),
    removeGiftCard: (id) => request('DELETE', CART_PATHS.giftCard(id), CartResponseSchema, write()).then(bagOf),
    mergeGuestBag: () => request('POST', CART_PATHS.merge, CartResponseSchema, write()).then(bagOf),
    variantIds: (slug) => request('GET', CART_PATHS.variants, VariantIdsSchema, { query: { product: slug } }).then((answer) => answer.data.map((variant) => variant.id)),
    patchWishlist: (patch) => request('PATCH', CART_PATHS.wishlist, WishlistResponseSchema, { body: patch, ...write() }).then((answer) => answer.data),
  };
}
