import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VariantListResponseSchema, MyReviewResponseSchema, REVIEW_LIMITS, ReviewListResponseSchema, ReviewResponseSchema } from '../../src/contract/reviews.ts';
import { products, reviews, users, variants } from '../../src/server/db/schema.ts';
import { REVIEWERS } from '../../src/server/db/seed/reviews.ts';
import { refreshRating, reviewAuthorName } from '../../src/server/catalog/reviews.ts';
import { call, signIn } from '../helpers/account.ts';
import { insertUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 150 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A member with the given names, signed in: the cookie header and the user id. */
async function member(firstName = 'Mei', lastName = 'Lim'): Promise<{ cookie: string; id: number }> {
  const user = await insertUser(t.db);
  await t.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
  return { cookie: await signIn(t.app, user.email, user.password), id: user.id };
}

/**
 * A seeded product no other test had, with its seeded reviews (at least 3), or without any: its
 * seeded reviews are removed and its rating recomputed the way a new review does it.
 */
const used = new Set<string>();
async function productSlug(reviewed: boolean): Promise<string> {
  const rows = await t.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(reviewed ? sql`${products.ratingCount} >= 3` : undefined)
    .orderBy(reviewed ? products.id : desc(products.id));
  const row = rows.find((r) => !used.has(r.slug));
  if (!row) throw new Error('the seeded catalogue ran out of products for the tests');
  used.add(row.slug);
  if (!reviewed) {
    await t.db.delete(reviews).where(eq(reviews.productId, row.id));
    await refreshRating(t.db, row.id);
  }
  return row.slug;
}

const valid = { rating: 4, title: 'Lovely texture', text: 'Soft, light and lasts all day.' };

async function postReview(slug: string, cookie: string | undefined, body: unknown): Promise<Response> {
  return call(t.app, 'POST', `/products/${slug}/reviews`, { ...(cookie ? { cookie } : {}), body });
}

async function listOf(slug: string, query = '') {
  const response = await call(t.app, 'GET', `/products/${slug}/reviews${query ? `?${query}` : ''}`);
  expect(response.status).toBe(200);
  return v.parse(ReviewListResponseSchema, await response.json());
}

/** Products whose stored rating is not the aggregate of their reviews (should be none, ever). */
async function mismatchedRatings(): Promise<unknown[]> {
  const result = await t.db.execute(sql`
    select p.slug, p.rating_avg, p.rating_count from products p
    where p.rating_count <> (select count(*) from reviews r where r.product_id = p.id)
       or p.rating_avg <> coalesce((select round(avg(r.rating), 1) from reviews r where r.product_id = p.id), 0)`);
  return (result as unknown as { rows: unknown[] }).rows;
}

describe('the seeded reviews', () => {
  it('are real rows, and every product rating is their aggregate', async () => {
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(reviews);
    expect(count?.n).toBeGreaterThan(150);
    const perProduct = await t.db.select({ n: sql<number>`count(*)::int` }).from(reviews).groupBy(reviews.productId);
    expect(Math.max(...perProduct.map((r) => r.n))).toBeLessThanOrEqual(8);
    const [unreviewed] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.ratingCount, 0));
    expect(unreviewed?.n).toBeGreaterThan(0);
    expect(await mismatchedRatings()).toEqual([]);
  });

  it('come from reviewer accounts nobody can sign in to, in the four languages', async () => {
    const reviewer = REVIEWERS[0];
    if (!reviewer) throw new Error('no reviewers');
    const [row] = await t.db.select().from(users).where(eq(users.id, reviewer.id));
    expect(row?.passwordHash.startsWith('scrypt$')).toBe(false);
    for (const password of ['', row?.passwordHash ?? '', '!seed-reviewer']) {
      const response = await call(t.app, 'POST', '/sessions', { body: { email: row?.email, password: password || 'x' } });
      expect(response.status).toBe(401);
    }
    const texts = (await t.db.select({ body: reviews.body }).from(reviews)).map((r) => r.body).join(' ');
    expect(texts).toMatch(/[\u0e00-\u0e7f]/);
    expect(texts).toMatch(/[\u4e00-\u9fff]/);
    expect(texts).toMatch(/Saya|Sangat|Kulit/);
    expect(texts).toMatch(/\bthe\b|\bit\b/);
  });
});

describe('GET products/{slug}/reviews', () => {
  it('gives the summary from the rows: histogram sums to the count, the average is the product rating', async () => {
    const slug = await productSlug(true);
    const list = await listOf(slug);
    const [product] = await t.db.select().from(products).where(eq(products.slug, slug));
    const rows = await t.db.select({ rating: reviews.rating }).from(reviews).where(eq(reviews.productId, product?.id ?? 0));
    expect(list.summary.count).toBe(rows.length);
    expect(list.summary.histogram.reduce((a, b) => a + b, 0)).toBe(list.summary.count);
    for (let stars = 1; stars <= 5; stars++) expect(list.summary.histogram[stars - 1]).toBe(rows.filter((r) => r.rating === stars).length);
    expect(list.summary.average).toBe(product?.ratingAvg);
    expect(list.summary.count).toBe(product?.ratingCount);
    expect(list.meta).toEqual({ page: 1, perPage: 10, total: rows.length, totalPages: Math.ceil(rows.length / 10) });
  });

  it('sorts newest, highest and lowest first and pages', async () => {
    const slug = await productSlug(true);
    const newest = await listOf(slug, 'sort=newest');
    const times = newest.data.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const highest = await listOf(slug, 'sort=highest');
    expect(highest.data.map((r) => r.rating)).toEqual([...highest.data.map((r) => r.rating)].sort((a, b) => b - a));
    const lowest = await listOf(slug, 'sort=lowest');
    expect(lowest.data.map((r) => r.rating)).toEqual([...lowest.data.map((r) => r.rating)].sort((a, b) => a - b));

    const total = newest.meta.total;
    const first = await listOf(slug, 'per_page=2&page=1');
    const second = await listOf(slug, 'per_page=2&page=2');
    expect(first.data.map((r) => r.id)).toEqual(newest.data.slice(0, 2).map((r) => r.id));
    expect(second.data.map((r) => r.id)).toEqual(newest.data.slice(2, 4).map((r) => r.id));
    expect(second.meta).toEqual({ page: 2, perPage: 2, total, totalPages: Math.ceil(total / 2) });
    const past = await listOf(slug, 'per_page=2&page=99');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(total);
    expect(past.summary.count).toBe(total);
  });

  it('answers an unreviewed product with an empty list and a zero summary', async () => {
    const list = await listOf(await productSlug(false));
    expect(list.data).toEqual([]);
    expect(list.summary).toEqual({ average: 0, count: 0, histogram: [0, 0, 0, 0, 0] });
  });

  it('may be cached a minute at most, varying by site', async () => {
    const response = await call(t.app, 'GET', `/products/${await productSlug(true)}/reviews`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('vary')).toContain('X-Site-Country');
  });

  it.each([
    ['sort=best', 'query.sort'],
    ['page=0', 'query.page'],
    ['per_page=51', 'query.per_page'],
    ['per_page=abc', 'query.per_page'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await call(t.app, 'GET', `/products/${await productSlug(true)}/reviews?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { field: string }[] };
    expect(body.errors.map((e) => e.field)).toContain(field);
  });

  it('answers 404 for an unknown product and 400 for a slug that cannot be one', async () => {
    expect((await call(t.app, 'GET', '/products/no-such-product/reviews')).status).toBe(404);
    expect((await call(t.app, 'GET', '/products/Not%20A%20Slug/reviews')).status).toBe(400);
  });
});

describe('POST products/{slug}/reviews', () => {
  it('needs a session: 401 without one, and nothing is written', async () => {
    const slug = await productSlug(false);
    const response = await postReview(slug, undefined, valid);
    expect(response.status).toBe(401);
    expect((await listOf(slug)).summary.count).toBe(0);
  });

  it('writes the review (201), signs it first name and initial, and updates the product rating in the same step', async () => {
    const slug = await productSlug(false);
    const { cookie } = await member('Mei', 'Lim');
    const response = await postReview(slug, cookie, { ...valid, rating: 5 });
    expect(response.status).toBe(201);
    const { data } = v.parse(ReviewResponseSchema, await response.json());
    expect(data).toMatchObject({ rating: 5, title: valid.title, text: valid.text, authorName: 'Mei L.' });
    const [product] = await t.db.select().from(products).where(eq(products.slug, slug));
    expect(product).toMatchObject({ ratingAvg: 5, ratingCount: 1 });
    const list = await listOf(slug);
    expect(list.data.map((r) => r.id)).toEqual([data.id]);
    expect(list.summary).toEqual({ average: 5, count: 1, histogram: [0, 0, 0, 0, 1] });
  });

  it('keeps the aggregate right as reviews accumulate, also when members write at the same time', async () => {
    const slug = await productSlug(true);
    const members = await Promise.all([member(), member(), member(), member()]);
    const responses = await Promise.all(members.map((m, i) => postReview(slug, m.cookie, { ...valid, rating: i + 1 })));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await mismatchedRatings()).toEqual([]);
    const list = await listOf(slug);
    const [product] = await t.db.select().from(products).where(eq(products.slug, slug));
    expect(list.summary.count).toBe(product?.ratingCount);
    expect(list.summary.average).toBe(product?.ratingAvg);
  });

  it('stores and returns markup exactly as written', async () => {
    const slug = await productSlug(false);
    const { cookie } = await member();
    const text = '<script>alert(1)</script> & <b>bold</b> "quoted" \'single\' 💄 ครีมดีมาก 很好用';
    const title = '<img src=x onerror=alert(1)>';
    const response = await postReview(slug, cookie, { rating: 3, title, text });
    expect(response.status).toBe(201);
    const created = v.parse(ReviewResponseSchema, await response.json()).data;
    expect(created.text).toBe(text);
    expect(created.title).toBe(title);
    const listed = (await listOf(slug)).data[0];
    expect(listed?.text).toBe(text);
    expect(listed?.title).toBe(title);
    const mine = v.parse(MyReviewResponseSchema, await (await call(t.app, 'GET', `/products/${slug}/reviews/mine`, { cookie })).json());
    expect(mine.data?.text).toBe(text);
  });

  it('accepts the limits exactly: ratings 1 and 5, a 100-character title, 10 and 2,000 characters of text', async () => {
    const { cookie } = await member();
    const cases = [
      { rating: 1, title: 'x'.repeat(REVIEW_LIMITS.titleMax), text: 'y'.repeat(REVIEW_LIMITS.textMin) },
      { rating: 5, title: 'Ok', text: 'z'.repeat(REVIEW_LIMITS.textMax) },
    ];
    for (const body of cases) {
      const response = await postReview(await productSlug(false), cookie, body);
      expect(response.status, await response.clone().text()).toBe(201);
      const { data } = v.parse(ReviewResponseSchema, await response.json());
      expect(data.text).toBe(body.text);
      expect(data.rating).toBe(body.rating);
    }
  });

  it('trims the title and text before counting', async () => {
    const { cookie } = await member();
    const response = await postReview(await productSlug(false), cookie, { rating: 4, title: '  Nice  ', text: `   ${'a'.repeat(9)}   ` });
    expect(response.status).toBe(400);
    const ok = await postReview(await productSlug(false), cookie, { rating: 4, title: '  Nice  ', text: `  ${'a'.repeat(10)}  ` });
    expect(ok.status).toBe(201);
    expect(v.parse(ReviewResponseSchema, await ok.json()).data).toMatchObject({ title: 'Nice', text: 'a'.repeat(10) });
  });

  it.each([
    ['rating 0', { ...valid, rating: 0 }, 'body.rating'],
    ['rating 6', { ...valid, rating: 6 }, 'body.rating'],
    ['rating 3.5', { ...valid, rating: 3.5 }, 'body.rating'],
    ['rating "5" (text)', { ...valid, rating: '5' }, 'body.rating'],
    ['no rating', { title: 'Hi', text: 'Nice and soft.' }, 'body.rating'],
    ['a blank title', { ...valid, title: '   ' }, 'body.title'],
    ['a 101-character title', { ...valid, title: 'x'.repeat(REVIEW_LIMITS.titleMax + 1) }, 'body.title'],
    ['9 characters of text', { ...valid, text: 'x'.repeat(REVIEW_LIMITS.textMin - 1) }, 'body.text'],
    ['2,001 characters of text', { ...valid, text: 'x'.repeat(REVIEW_LIMITS.textMax + 1) }, 'body.text'],
    ['a NUL character in the text', { ...valid, text: 'bad \u0000 byte here' }, 'body.text'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_label, body, field) => {
    const slug = await productSlug(false);
    const { cookie, id } = await member();
    const response = await postReview(slug, cookie, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { errors: { field: string; message: string }[] };
    expect(error.errors.map((e) => e.field)).toContain(field);
    const rows = await t.db.select().from(reviews).where(eq(reviews.userId, id));
    expect(rows).toEqual([]);
  });

  it('refuses malformed JSON with 400', async () => {
    const { cookie } = await member();
    expect((await postReview(await productSlug(false), cookie, '{"rating":')).status).toBe(400);
  });

  it('answers a second review by the same member with 409 review_exists, leaving one row and the rating as it was', async () => {
    const slug = await productSlug(false);
    const { cookie, id } = await member();
    expect((await postReview(slug, cookie, { ...valid, rating: 2 })).status).toBe(201);
    const second = await postReview(slug, cookie, { ...valid, rating: 5, title: 'Changed my mind' });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ status: 409, code: 'review_exists', message: 'You have already reviewed this product' });
    const [product] = await t.db.select().from(products).where(eq(products.slug, slug));
    const rows = await t.db.select().from(reviews).where(and(eq(reviews.userId, id), eq(reviews.productId, product?.id ?? 0)));
    expect(rows.map((r) => r.rating)).toEqual([2]);
    expect(product).toMatchObject({ ratingAvg: 2, ratingCount: 1 });
  });

  it('lets exactly one of two simultaneous reviews by one member through', async () => {
    const slug = await productSlug(false);
    const { cookie } = await member();
    const statuses = (await Promise.all([postReview(slug, cookie, valid), postReview(slug, cookie, valid)])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    expect((await listOf(slug)).summary.count).toBe(1);
    expect(await mismatchedRatings()).toEqual([]);
  });

  it('answers 404 for an unknown product', async () => {
    const { cookie, id } = await member();
    expect((await postReview('no-such-product', cookie, valid)).status).toBe(404);
    expect(await t.db.select().from(reviews).where(eq(reviews.userId, id))).toEqual([]);
  });
});

describe('GET products/{slug}/reviews/mine', () => {
  it('needs a session, answers null before and the review after, never cached', async () => {
    const slug = await productSlug(false);
    expect((await call(t.app, 'GET', `/products/${slug}/reviews/mine`)).status).toBe(401);
    const { cookie } = await member('Aroha', 'Ngata');
    const before = await call(t.app, 'GET', `/products/${slug}/reviews/mine`, { cookie });
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(await before.json()).toEqual({ data: null });
    await postReview(slug, cookie, valid);
    const after = v.parse(MyReviewResponseSchema, await (await call(t.app, 'GET', `/products/${slug}/reviews/mine`, { cookie })).json());
    expect(after.data).toMatchObject({ title: valid.title, authorName: 'Aroha N.' });
    // Someone else's review is not theirs.
    const other = await member();
    expect(await (await call(t.app, 'GET', `/products/${slug}/reviews/mine`, { cookie: other.cookie })).json()).toEqual({ data: null });
  });

  it('answers 404 for an unknown product', async () => {
    const { cookie } = await member();
    expect((await call(t.app, 'GET', '/products/no-such-product/reviews/mine', { cookie })).status).toBe(404);
  });
});

describe('reviewAuthorName', () => {
  it('takes the first grapheme of the last name', () => {
    expect(reviewAuthorName('Mei Ling', 'Tan')).toBe('Mei Ling T.');
    expect(reviewAuthorName(' Nok ', 'ศรีสุข')).toBe('Nok ศ.');
    expect(reviewAuthorName('Ana', '👩‍🎤 Star')).toBe('Ana 👩‍🎤.');
    expect(reviewAuthorName('Ana', '  ')).toBe('Ana');
  });
});

describe('GET variants?product={slug}', () => {
  it('answers the live stock, never cached', async () => {
    const slug = await productSlug(true);
    const [product] = await t.db.select().from(products).where(eq(products.slug, slug));
    const first = await call(t.app, 'GET', `/variants?product=${slug}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const { data } = v.parse(VariantListResponseSchema, await first.json());
    const rows = await t.db.select().from(variants).where(eq(variants.productId, product?.id ?? 0)).orderBy(variants.position);
    expect(data.map((d) => [d.id, d.stock])).toEqual(rows.map((r) => [r.id, r.stock]));
    const target = data[0];
    if (!target) throw new Error('a product without variants');
    await t.db.update(variants).set({ stock: target.stock + 7 }).where(eq(variants.id, target.id));
    const again = v.parse(VariantListResponseSchema, await (await call(t.app, 'GET', `/variants?product=${slug}`)).json());
    expect(again.data[0]?.stock).toBe(target.stock + 7);
  });

  it('names the variants in the request language', async () => {
    const slug = await productSlug(true);
    const th = v.parse(VariantListResponseSchema, await (await call(t.app, 'GET', `/variants?product=${slug}`, { headers: { 'X-Site-Country': 'th', 'Accept-Language': 'th-TH' } })).json());
    expect(th.data.every((variant) => /[\u0e00-\u0e7f]/.test(variant.name) || /^\d/.test(variant.name))).toBe(true);
  });

  it('answers 404 for an unknown product and 400 without a product', async () => {
    expect((await call(t.app, 'GET', '/variants?product=no-such-product')).status).toBe(404);
    expect((await call(t.app, 'GET', '/variants')).status).toBe(400);
    expect((await call(t.app, 'GET', '/variants?product=%3Cscript%3E')).status).toBe(400);
  });
});
