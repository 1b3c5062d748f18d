import { Hono } from 'hono';
import { REVIEWS_MAX_AGE_SECONDS } from '../../config/api-limits.ts';
import * as v from 'valibot';
import { SlugSchema } from '../../contract/catalog.ts';
import { CATALOG_ERROR_CODES, REVIEWS_PAGE_SIZE, ReviewBodySchema, ReviewListQuerySchema, MyReviewResponseSchema, ReviewListResponseSchema, ReviewResponseSchema } from '../../contract/reviews.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { createReview, listReviews, myReview, productIdBySlug } from '../catalog/reviews.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { siteOf } from '../http/site.ts';
import { earnReview } from '../loyalty/earn.ts';
import { endpoint, jsonBody, params, query } from '../openapi/declare.ts';

const SlugParamSchema = v.object({ slug: SlugSchema });

/** Shown for a member's second review of a product (409 `review_exists`). */
export const REVIEW_EXISTS_MESSAGE = 'You have already reviewed this product';

/** Shared caches may keep a page of reviews a minute, no longer: a new review shows up soon. */
const REVIEWS_CACHE = `public, max-age=${REVIEWS_MAX_AGE_SECONDS}`;

/** `products/{slug}/reviews` (mounted beside the product routes under `/products`). */
export function reviewRoutes(db: Db, auth: AuthService) {
  const productOf = async (slug: string): Promise<number> => {
    const id = await productIdBySlug(db, slug);
    if (id === null) throw notFound();
    return id;
  };

  return new Hono<AuthEnv>()
    .get('/:slug/reviews', endpoint({ id: 'reviews.index', operation: 'index', description: 'Published reviews of a product (sort newest, highest, lowest; paged) with the rating summary and histogram.', status: 200, response: ReviewListResponseSchema, errors: { 404: 'No such product.' } }), params(SlugParamSchema), query(ReviewListQuerySchema), async (c) => {
      const { slug } = c.req.valid('param');
      const query = c.req.valid('query');
      const productId = await productOf(slug);
      const result = await listReviews(db, productId, { sort: query.sort ?? 'newest', page: query.page ?? 1, perPage: query.per_page ?? REVIEWS_PAGE_SIZE });
      return c.json(result, 200, { 'Cache-Control': REVIEWS_CACHE, Vary: 'Accept-Language, X-Site-Country' });
    })
    .post('/:slug/reviews', endpoint({ id: 'reviews.create', operation: 'create', description: 'Writes the signed-in member\'s review (rating 1–5, title, text); one per product per member, a second gets 409 review_exists.', status: 201, response: ReviewResponseSchema, auth: true, errors: { 404: 'No such product.', 409: 'This member has reviewed the product already.' } }), requireAccess(auth), params(SlugParamSchema), jsonBody(ReviewBodySchema), async (c) => {
      const { slug } = c.req.valid('param');
      const body = c.req.valid('json');
      const productId = await productOf(slug);
      const userId = Number(c.var.auth.sub);
      const result = await createReview(db, productId, userId, body);
      // A published review earns a member its Beauty Pass points, once per review (the ledger's cause).
      const earn = (reviewId: number) => earnReview(db, userId, { id: reviewId, productId, language: siteOf(c).language }, new Date(auth.now()));
      switch (result.kind) {
        case 'created':
          await earn(result.review.id);
          return c.json({ data: result.review }, 201);
        case 'exists': {
          // A retry after the review was written but its points were not (the earn failed): paid now, once.
          const mine = await myReview(db, productId, userId);
          if (mine) await earn(mine.id);
          throw new ApiError(409, REVIEW_EXISTS_MESSAGE, undefined, { code: CATALOG_ERROR_CODES.reviewExists });
        }
        case 'noProduct':
          throw notFound();
        case 'noAuthor':
          // A token outliving its account is no longer a session.
          throw unauthorized();
      }
    })
    .get('/:slug/reviews/mine', endpoint({ id: 'myReview.show', operation: 'show', description: 'The signed-in member\'s own review of the product, or null.', status: 200, response: MyReviewResponseSchema, auth: true, errors: { 404: 'This member has not reviewed the product.' } }), requireAccess(auth), params(SlugParamSchema), async (c) => {
      const { slug } = c.req.valid('param');
      const productId = await productOf(slug);
      return c.json({ data: await myReview(db, productId, Number(c.var.auth.sub)) }, 200, { 'Cache-Control': NO_STORE });
    });
}
