import * as v from 'valibot';
import { PageMetaSchema } from './site.ts';
import { intFromQuery } from './site-input.ts';
import { SlugSchema, VariantSchema } from './catalog.ts';

/** Review limits (spec §5 leaves them to us): what the form states and the server enforces. */
export const REVIEW_LIMITS = { titleMax: 100, textMin: 10, textMax: 2_000 } as const;
export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export const REVIEWS_PAGE_SIZE = 10;

export const ReviewSchema = v.object({
  id: v.number(),
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  title: v.string(),
  /** Plain text exactly as written: the SPA renders it as text, never as markup. */
  text: v.string(),
  /** First name and the initial of the last name: `Mei L.`. */
  authorName: v.string(),
  /** ISO 8601 instant. */
  createdAt: v.string(),
});
export type Review = v.InferOutput<typeof ReviewSchema>;

export const RatingSummarySchema = v.object({
  average: v.number(),
  count: v.number(),
  /** Reviews per star, index 0 = 1 star … index 4 = 5 stars. */
  histogram: v.pipe(v.array(v.number()), v.length(5)),
});
export type RatingSummary = v.InferOutput<typeof RatingSummarySchema>;

export const ReviewListQuerySchema = v.object({
  sort: v.optional(v.picklist(REVIEW_SORTS, 'must be one of newest, highest, lowest')),
  page: v.optional(intFromQuery(1, 10_000)),
  per_page: v.optional(intFromQuery(1, 50)),
});
export type ReviewListQueryInput = v.InferInput<typeof ReviewListQuerySchema>;

/** `GET products/{slug}/reviews`: published reviews, everyone's, with the rating summary. */
export const ReviewListResponseSchema = v.object({
  data: v.array(ReviewSchema),
  meta: PageMetaSchema,
  summary: RatingSummarySchema,
});
export type ReviewListResponse = v.InferOutput<typeof ReviewListResponseSchema>;

const trimmed = v.pipe(v.string('must be text'), v.trim());

/** `POST products/{slug}/reviews`: one review per product per member. */
export const ReviewBodySchema = v.object({
  rating: v.pipe(v.number('must be a number from 1 to 5'), v.integer('must be a whole number from 1 to 5'), v.minValue(1, 'must be from 1 to 5'), v.maxValue(5, 'must be from 1 to 5')),
  title: v.pipe(trimmed, v.nonEmpty('must not be empty'), v.maxLength(REVIEW_LIMITS.titleMax, `must be at most ${REVIEW_LIMITS.titleMax} characters`)),
  text: v.pipe(
    trimmed,
    v.minLength(REVIEW_LIMITS.textMin, `must be at least ${REVIEW_LIMITS.textMin} characters`),
    v.maxLength(REVIEW_LIMITS.textMax, `must be at most ${REVIEW_LIMITS.textMax} characters`),
  ),
});
export type ReviewBody = v.InferInput<typeof ReviewBodySchema>;
export const ReviewResponseSchema = v.object({ data: ReviewSchema });
/** `GET products/{slug}/reviews/mine`: the member's own review of the product, or null. */
export const MyReviewResponseSchema = v.object({ data: v.nullable(ReviewSchema) });

/** Error codes of this area the SPA answers in its own words. */
export const CATALOG_ERROR_CODES = {
  /** A second review of the same product by the same member (409). */
  reviewExists: 'review_exists',
  /** Waitlisting a product that can be bought now (409). */
  notWaitlistable: 'not_waitlistable',
} as const;

/** `GET waitlist`: products the member asked to be told about (never cached). */
export const WaitlistResponseSchema = v.object({
  data: v.array(v.object({ productId: v.number(), slug: v.string(), createdAt: v.string() })),
});
export type WaitlistEntry = v.InferOutput<typeof WaitlistResponseSchema>['data'][number];

/**
 * Who may join a product's waitlist: nothing of it can be bought (sold out), or it is not on sale
 * yet (coming soon). The server refuses any other join (409 `not_waitlistable`); the SPA offers
 * the waitlist by this same rule. Leaving is always allowed.
 */
export function isWaitlistable(product: { inStock: boolean; badges: readonly string[] }): boolean {
  return !product.inStock || product.badges.includes('coming_soon');
}

/** `PATCH waitlist/{slug}`: join or leave the waitlist of an out-of-stock or coming-soon product. */
export const WaitlistPatchSchema = v.object({ waitlisted: v.boolean('must be true or false') });
export const WaitlistPatchResponseSchema = v.object({ data: v.object({ slug: v.string(), waitlisted: v.boolean() }) });

/** A "Notify me" subscription: email when the product (or one shade or size of it) is back in stock. */
export const NotificationSubscriptionSchema = v.object({
  id: v.number(),
  productSlug: v.string(),
  variantId: v.nullable(v.number()),
  createdAt: v.string(),
});
export type NotificationSubscription = v.InferOutput<typeof NotificationSubscriptionSchema>;
export const NotificationSubscriptionListSchema = v.object({ data: v.array(NotificationSubscriptionSchema) });

/** `POST notification-subscription` (signed in): the account's email is used. */
export const NotificationSubscriptionBodySchema = v.object({
  product: SlugSchema,
  variantId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
});
export const NotificationSubscriptionResponseSchema = v.object({ data: NotificationSubscriptionSchema });

/** `POST notification-subscription/subscribe` (anyone): the same with an email address. */
export const GuestSubscribeBodySchema = v.object({
  ...NotificationSubscriptionBodySchema.entries,
  email: v.pipe(v.string('must be text'), v.trim(), v.toLowerCase(), v.email('must be an email address'), v.maxLength(254)),
});

/** `GET variants?product={slug}`: live stock of a product's shades and sizes (never cached). */
export const VariantsQuerySchema = v.object({ product: SlugSchema });
export const VariantListResponseSchema = v.object({ data: v.array(VariantSchema) });
