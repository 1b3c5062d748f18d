import { MessageResponseSchema } from '../../../contract/auth.ts';
import type { Variant } from '../../../contract/catalog.ts';
import {
  MyReviewResponseSchema,
  NotificationSubscriptionResponseSchema,
  ReviewListResponseSchema,
  ReviewResponseSchema,
  VariantListResponseSchema,
  WaitlistPatchResponseSchema,
  WaitlistResponseSchema,
  type NotificationSubscription,
  type Review,
  type ReviewBody,
  type ReviewListResponse,
  type WaitlistEntry,
} from '../../../contract/reviews.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { newIdempotencyKey } from '../../shared/api/idempotency.ts';

/** Paths under /api/web/v1, each declared in its route file under src/server/routes/ (the OpenAPI document lists each); written here, as the client sends them. */
export const PRODUCT_PATHS = {
  variants: 'variants',
  reviews: (slug: string) => `products/${encodeURIComponent(slug)}/reviews`,
  myReview: (slug: string) => `products/${encodeURIComponent(slug)}/reviews/mine`,
  waitlist: 'waitlist',
  subscriptions: 'notification-subscription',
  guestSubscribe: 'notification-subscription/subscribe',
} as const;

export interface ProductRequestOptions {
  signal?: AbortSignal;
}

export interface ReviewQuery {
  sort: 'newest' | 'highest' | 'lowest';
  page: number;
  perPage?: number;
  /**
   * Past the browser's copy (the list may be cached a minute): a member who just wrote a review
   * and reloads must see it. Guests take the cached list.
   */
  fresh?: boolean;
}

/**
 * The product page's own calls: live stock and everything personal (reviews written, waitlist,
 * "Notify me"). Never cached on the client: stock must be live and a member's data is theirs.
 * Writes carry an idempotency key, so the client may retry them safely.
 */
export interface ProductApi {
  variants(slug: string, opts?: ProductRequestOptions): Promise<Variant[]>;
  reviews(slug: string, query: ReviewQuery, opts?: ProductRequestOptions): Promise<ReviewListResponse>;
  myReview(slug: string, opts?: ProductRequestOptions): Promise<Review | null>;
  writeReview(slug: string, body: ReviewBody): Promise<Review>;
  waitlist(opts?: ProductRequestOptions): Promise<WaitlistEntry[]>;
  setWaitlisted(slug: string, waitlisted: boolean): Promise<void>;
  /** Signed in: the account's address is used. */
  subscribe(product: string, variantId: number | null): Promise<NotificationSubscription>;
  /** Anyone: the same neutral answer whether or not the address was subscribed. */
  subscribeGuest(product: string, variantId: number | null, email: string): Promise<void>;
}

export function createProductApi(client: ApiClient): ProductApi {
  const { request } = client;
  const signal = (opts?: ProductRequestOptions) => (opts?.signal ? { signal: opts.signal } : {});
  const write = () => ({ idempotencyKey: newIdempotencyKey() });
  return {
    variants: (slug, opts) => request('GET', PRODUCT_PATHS.variants, VariantListResponseSchema, { query: { product: slug }, ...signal(opts) }).then((r) => r.data),
    reviews: (slug, { sort, page, perPage, fresh = false }, opts) =>
      request('GET', PRODUCT_PATHS.reviews(slug), ReviewListResponseSchema, {
        query: { sort, page, per_page: perPage },
        ...(fresh ? { headers: { 'Cache-Control': 'no-cache' } } : {}),
        ...signal(opts),
      }),
    myReview: (slug, opts) => request('GET', PRODUCT_PATHS.myReview(slug), MyReviewResponseSchema, signal(opts)).then((r) => r.data),
    writeReview: (slug, body) => request('POST', PRODUCT_PATHS.reviews(slug), ReviewResponseSchema, { body, ...write() }).then((r) => r.data),
    waitlist: (opts) => request('GET', PRODUCT_PATHS.waitlist, WaitlistResponseSchema, signal(opts)).then((r) => r.data),
    setWaitlisted: async (slug, waitlisted) => {
      await request('PATCH', `${PRODUCT_PATHS.waitlist}/${encodeURIComponent(slug)}`, WaitlistPatchResponseSchema, { body: { waitlisted }, ...write() });
    },
    subscribe: (product, variantId) =>
      request('POST', PRODUCT_PATHS.subscriptions, NotificationSubscriptionResponseSchema, { body: { product, variantId }, ...write() }).then((r) => r.data),
    subscribeGuest: async (product, variantId, email) => {
      await request('POST', PRODUCT_PATHS.guestSubscribe, MessageResponseSchema, { body: { product, variantId, email }, ...write() });
    },
  };
}
