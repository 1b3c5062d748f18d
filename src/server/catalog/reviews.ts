import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { RatingSummary, Review, REVIEW_SORTS } from '../../contract/reviews.ts';
import type { Db } from '../db/client.ts';
import { products, reviews, users } from '../db/schema.ts';

export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** How a review signs: first name and the first letter of the last name (`Mei Ling T.`). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  // A grapheme, not a UTF-16 unit: an emoji or a Thai letter with its mark stays whole.
  const [initial] = new Intl.Segmenter().segment(lastName.trim());
  return initial ? `${first} ${initial.segment}.` : first;
}

/** The product's id by slug, or null. */
export async function productIdBySlug(db: Db, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1);
  return row?.id ?? null;
}

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  authorName: reviews.authorName,
  createdAt: reviews.createdAt,
};
type ReviewRecord = { id: number; rating: number; title: string; body: string; authorName: string; createdAt: Date };

function toReview(row: ReviewRecord): Review {
  // Stored and answered exactly as written: escaping is the renderer's job (the SPA renders text).
  return { id: row.id, rating: row.rating, title: row.title, text: row.body, authorName: row.authorName, createdAt: row.createdAt.toISOString() };
}

const ORDER: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

/** Average (one decimal, half up: what `products.rating_avg` holds), count and stars histogram of the rows. */
export function summarize(histogram: readonly number[]): RatingSummary {
  const count = histogram.reduce((total, n) => total + n, 0);
  const sum = histogram.reduce((total, n, index) => total + n * (index + 1), 0);
  return { average: count === 0 ? 0 : Math.round((sum * 10) / count) / 10, count, histogram: [...histogram] };
}

export async function ratingSummary(db: Db, productId: number): Promise<RatingSummary> {
  const rows = await db
    .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .groupBy(reviews.rating);
  const histogram = [0, 0, 0, 0, 0];
  for (const row of rows) if (row.rating >= 1 && row.rating <= 5) histogram[row.rating - 1] = row.n;
  return summarize(histogram);
}

export async function listReviews(db: Db, productId: number, options: { sort: ReviewSort; page: number; perPage: number }) {
  const summary = await ratingSummary(db, productId);
  const total = summary.count;
  const meta = { page: options.page, perPage: options.perPage, total, totalPages: Math.ceil(total / options.perPage) };
  const offset = (options.page - 1) * options.perPage;
  if (offset >= total) return { data: [], meta, summary };
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(...ORDER[options.sort])
    .limit(options.perPage)
    .offset(offset);
  return { data: rows.map(toReview), meta, summary };
}

export async function myReview(db: Db, productId: number, userId: number): Promise<Review | null> {
  const [row] = await db.select(reviewColumns).from(reviews).where(and(eq(reviews.productId, productId), eq(reviews.userId, userId))).limit(1);
  return row ? toReview(row) : null;
}

export interface NewReview {
  rating: number;
  title: string;
  text: string;
}

/**
 * Writes the review and the product's rating aggregate in one transaction. The product row is
 * locked first, so two members reviewing at once update the aggregate one after the other (each
 * recount sees the other's row); the unique index decides a member's second review, which
 * inserts nothing.
 */
export type CreateReviewResult = { kind: 'created'; review: Review } | { kind: 'exists' } | { kind: 'noProduct' } | { kind: 'noAuthor' };

export async function createReview(db: Db, productId: number, userId: number, review: NewReview): Promise<CreateReviewResult> {
  return db.transaction(async (tx): Promise<CreateReviewResult> => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    if (!product) return { kind: 'noProduct' };
    const [author] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    if (!author) return { kind: 'noAuthor' };
    const [row] = await tx
      .insert(reviews)
      .values({ productId, userId, rating: review.rating, title: review.title, body: review.text, authorName: reviewAuthorName(author.firstName, author.lastName) })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning(reviewColumns);
    if (!row) return { kind: 'exists' };
    await refreshRating(tx, productId);
    return { kind: 'created', review: toReview(row) };
  });
}

/** `products.rating_avg` and `rating_count` from the reviews table: what the top-rated sort and the cards show. */
export async function refreshRating(db: Db, productId: number): Promise<void> {
  await db
    .update(products)
    .set({
      ratingCount: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${productId})`,
      ratingAvg: sql`coalesce((select round(avg(${reviews.rating}), 1) from ${reviews} where ${reviews.productId} = ${productId}), 0)`,
    })
    .where(eq(products.id, productId));
}
