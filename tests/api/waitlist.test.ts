import { and, eq, gt, isNull, not, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationSubscriptionListSchema, NotificationSubscriptionResponseSchema, WaitlistPatchResponseSchema, WaitlistResponseSchema } from '../../src/contract/reviews.ts';
import { notifyBackInStock } from '../../src/server/catalog/notifications.ts';
import { notificationSubscriptions, outboxEmails, products, users, variants, waitlistEntries } from '../../src/server/db/schema.ts';
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

async function member(): Promise<{ cookie: string; id: number; email: string }> {
  const user = await insertUser(t.db);
  return { cookie: await signIn(t.app, user.email, user.password), id: user.id, email: user.email };
}

/** Slugs by kind: sold out, coming soon (with stock), and on sale now. */
async function slugs() {
  const soldOut = await t.db.select({ slug: products.slug }).from(products).where(eq(products.totalStock, 0)).orderBy(products.id);
  const comingSoon = await t.db
    .select({ slug: products.slug })
    .from(products)
    .where(and(gt(products.totalStock, 0), sql`'coming_soon' = any(${products.badges})`))
    .orderBy(products.id);
  const buyable = await t.db
    .select({ slug: products.slug })
    .from(products)
    .where(and(gt(products.totalStock, 0), not(sql`'coming_soon' = any(${products.badges})`)))
    .orderBy(products.id);
  const first = (rows: { slug: string }[], what: string) => rows.map((r) => r.slug)[0] ?? (() => { throw new Error(`no ${what} product in the seed`); })();
  return { soldOut: first(soldOut, 'sold-out'), soldOut2: soldOut[1]?.slug ?? '', comingSoon: first(comingSoon, 'coming-soon'), buyable: first(buyable, 'buyable') };
}

const patch = (slug: string, cookie: string | undefined, body: unknown) => call(t.app, 'PATCH', `/waitlist/${slug}`, { ...(cookie ? { cookie } : {}), body });
async function waitlistOf(cookie: string) {
  const response = await call(t.app, 'GET', '/waitlist', { cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return v.parse(WaitlistResponseSchema, await response.json()).data;
}

describe('waitlist', () => {
  it('needs a session for both reading and changing', async () => {
    const { soldOut } = await slugs();
    expect((await call(t.app, 'GET', '/waitlist')).status).toBe(401);
    expect((await patch(soldOut, undefined, { waitlisted: true })).status).toBe(401);
  });

  it('joins a sold-out product, idempotently, and lists it', async () => {
    const { soldOut } = await slugs();
    const { cookie, id } = await member();
    expect(await waitlistOf(cookie)).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const response = await patch(soldOut, cookie, { waitlisted: true });
      expect(response.status).toBe(200);
      expect(v.parse(WaitlistPatchResponseSchema, await response.json()).data).toEqual({ slug: soldOut, waitlisted: true });
    }
    const list = await waitlistOf(cookie);
    expect(list.map((e) => e.slug)).toEqual([soldOut]);
    const [product] = await t.db.select({ id: products.id }).from(products).where(eq(products.slug, soldOut));
    expect(list[0]?.productId).toBe(product?.id);
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, id))).toHaveLength(1);
  });

  it('joins a coming-soon product that has stock', async () => {
    const { comingSoon } = await slugs();
    const { cookie } = await member();
    expect((await patch(comingSoon, cookie, { waitlisted: true })).status).toBe(200);
    expect((await waitlistOf(cookie)).map((e) => e.slug)).toEqual([comingSoon]);
  });

  it('refuses a product that can be bought now with 409 not_waitlistable, writing nothing', async () => {
    const { buyable } = await slugs();
    const { cookie, id } = await member();
    const response = await patch(buyable, cookie, { waitlisted: true });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ status: 409, code: 'not_waitlistable' });
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, id))).toEqual([]);
  });

  it('leaves, idempotently, even a product that can be bought now', async () => {
    const { soldOut, buyable } = await slugs();
    const { cookie } = await member();
    await patch(soldOut, cookie, { waitlisted: true });
    for (let i = 0; i < 2; i++) {
      const response = await patch(soldOut, cookie, { waitlisted: false });
      expect(response.status).toBe(200);
      expect(v.parse(WaitlistPatchResponseSchema, await response.json()).data).toEqual({ slug: soldOut, waitlisted: false });
    }
    expect(await waitlistOf(cookie)).toEqual([]);
    expect((await patch(buyable, cookie, { waitlisted: false })).status).toBe(200);
  });

  it('keeps a member on the list when the product came back meanwhile', async () => {
    const { soldOut2 } = await slugs();
    const { cookie } = await member();
    await patch(soldOut2, cookie, { waitlisted: true });
    await t.db.update(products).set({ totalStock: 5 }).where(eq(products.slug, soldOut2));
    try {
      expect((await patch(soldOut2, cookie, { waitlisted: true })).status).toBe(200);
      expect((await waitlistOf(cookie)).map((e) => e.slug)).toEqual([soldOut2]);
    } finally {
      await t.db.update(products).set({ totalStock: 0 }).where(eq(products.slug, soldOut2));
    }
  });

  it('keeps one row when the same member joins twice at once', async () => {
    const { soldOut } = await slugs();
    const { cookie, id } = await member();
    const statuses = (await Promise.all([patch(soldOut, cookie, { waitlisted: true }), patch(soldOut, cookie, { waitlisted: true })])).map((r) => r.status);
    expect(statuses).toEqual([200, 200]);
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, id))).toHaveLength(1);
  });

  it('is each member’s own', async () => {
    const { soldOut } = await slugs();
    const a = await member();
    const b = await member();
    await patch(soldOut, a.cookie, { waitlisted: true });
    expect(await waitlistOf(b.cookie)).toEqual([]);
  });

  it.each([
    ['an empty body', '', 400],
    ['waitlisted as text', { waitlisted: 'yes' }, 400],
    ['malformed JSON', '{"waitlisted":', 400],
  ])('refuses %s', async (_label, body, status) => {
    const { soldOut } = await slugs();
    const { cookie } = await member();
    const response = await call(t.app, 'PATCH', `/waitlist/${soldOut}`, { cookie, body });
    expect(response.status).toBe(status);
  });

  it('answers 404 for an unknown product and 400 for a slug that cannot be one', async () => {
    const { cookie } = await member();
    expect((await patch('no-such-product', cookie, { waitlisted: true })).status).toBe(404);
    expect((await patch('NOT_A_SLUG', cookie, { waitlisted: true })).status).toBe(400);
  });
});

/** A sold-out product with at least two variants, and its variant ids. */
async function soldOutWithVariants(skip = 0): Promise<{ slug: string; productId: number; variantIds: number[] }> {
  const rows = await t.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(eq(products.totalStock, 0), sql`${products.variantCount} >= 2`))
    .orderBy(products.id);
  const row = rows[skip];
  if (!row) throw new Error('not enough sold-out products with two variants in the seed');
  const ids = await t.db.select({ id: variants.id }).from(variants).where(eq(variants.productId, row.id)).orderBy(variants.position);
  return { slug: row.slug, productId: row.id, variantIds: ids.map((r) => r.id) };
}

const subscribeAsMember = (cookie: string | undefined, body: unknown) => call(t.app, 'POST', '/notification-subscription', { ...(cookie ? { cookie } : {}), body });
const subscribeAsGuest = (body: unknown) => call(t.app, 'POST', '/notification-subscription/subscribe', { body });

describe('notification subscriptions', () => {
  it('a member subscribes with one click (201), a repeat answers the same subscription, and the list shows it', async () => {
    const { slug } = await soldOutWithVariants();
    const { cookie, id, email } = await member();
    const first = await subscribeAsMember(cookie, { product: slug });
    expect(first.status).toBe(201);
    const created = v.parse(NotificationSubscriptionResponseSchema, await first.json()).data;
    expect(created).toMatchObject({ productSlug: slug, variantId: null });
    const again = await subscribeAsMember(cookie, { product: slug, variantId: null });
    expect(again.status).toBe(201);
    expect(v.parse(NotificationSubscriptionResponseSchema, await again.json()).data).toEqual(created);
    const rows = await t.db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, country: 'SG', language: 'en' });

    const list = await call(t.app, 'GET', '/notification-subscription', { cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(v.parse(NotificationSubscriptionListSchema, await list.json()).data).toEqual([created]);
  });

  it('subscribes to one variant of the product, apart from the whole product', async () => {
    const { slug, variantIds } = await soldOutWithVariants();
    const { cookie } = await member();
    const whole = v.parse(NotificationSubscriptionResponseSchema, await (await subscribeAsMember(cookie, { product: slug })).json()).data;
    const one = await subscribeAsMember(cookie, { product: slug, variantId: variantIds[1] });
    expect(one.status).toBe(201);
    const variant = v.parse(NotificationSubscriptionResponseSchema, await one.json()).data;
    expect(variant.variantId).toBe(variantIds[1]);
    expect(variant.id).not.toBe(whole.id);
  });

  it('refuses a variant of another product (400) and an unknown product (404), writing nothing', async () => {
    const { slug } = await soldOutWithVariants();
    const other = await soldOutWithVariants(1);
    const { cookie, id } = await member();
    const wrong = await subscribeAsMember(cookie, { product: slug, variantId: other.variantIds[0] });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['body.variantId']);
    expect((await subscribeAsMember(cookie, { product: slug, variantId: 999_999 })).status).toBe(400);
    expect((await subscribeAsMember(cookie, { product: 'no-such-product' })).status).toBe(404);
    expect((await subscribeAsGuest({ product: 'no-such-product', email: 'a@example.com' })).status).toBe(404);
    expect((await subscribeAsGuest({ product: slug, variantId: other.variantIds[0], email: 'a@example.com' })).status).toBe(400);
    expect(await t.db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.userId, id))).toEqual([]);
  });

  it('needs a session to subscribe as a member or to list', async () => {
    const { slug } = await soldOutWithVariants();
    expect((await subscribeAsMember(undefined, { product: slug })).status).toBe(401);
    expect((await call(t.app, 'GET', '/notification-subscription')).status).toBe(401);
  });

  it('a guest gets 202 and the same neutral message whether new or repeat, and one row', async () => {
    const { slug } = await soldOutWithVariants();
    const email = `guest.${Date.now()}@example.com`;
    const first = await subscribeAsGuest({ product: slug, email: `  ${email.toUpperCase()} ` });
    const second = await subscribeAsGuest({ product: slug, email });
    expect([first.status, second.status]).toEqual([202, 202]);
    const [a, b] = [await first.json(), await second.json()];
    expect(a).toEqual(b);
    expect(a).toEqual({ message: expect.any(String) as string });
    const rows = await t.db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBeNull();
  });

  it.each([
    ['no email', { product: 'x' }],
    ['a bad email', { product: 'x', email: 'not-an-email' }],
    ['a bad slug', { product: 'Not A Slug', email: 'a@example.com' }],
    ['a bad variant id', { product: 'x', variantId: -1, email: 'a@example.com' }],
  ])('refuses a guest with %s (400)', async (_label, body) => {
    expect((await subscribeAsGuest(body)).status).toBe(400);
  });

  it('shows a member the subscriptions a guest made with their address', async () => {
    const { slug } = await soldOutWithVariants(1);
    const { cookie, email } = await member();
    await subscribeAsGuest({ product: slug, email });
    const list = v.parse(NotificationSubscriptionListSchema, await (await call(t.app, 'GET', '/notification-subscription', { cookie })).json()).data;
    expect(list.map((s) => s.productSlug)).toEqual([slug]);
  });
});

describe('notifyBackInStock', () => {
  const emailsTo = (address: string) => t.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, address), eq(outboxEmails.kind, 'back-in-stock')));

  it('queues one email per waiting subscription of a restocked variant and of its product, and marks them told', async () => {
    const { slug, productId, variantIds } = await soldOutWithVariants(2);
    const [v1, v2] = variantIds as [number, number];
    const whole = `whole.${Date.now()}@example.com`;
    const first = `first.${Date.now()}@example.com`;
    const second = `second.${Date.now()}@example.com`;
    await subscribeAsGuest({ product: slug, email: whole });
    await subscribeAsGuest({ product: slug, variantId: v1, email: first });
    await subscribeAsGuest({ product: slug, variantId: v2, email: second });

    // Still sold out: nobody is told.
    expect(await notifyBackInStock(t.db, { variantId: v1 })).toBe(0);
    expect(await emailsTo(whole)).toEqual([]);

    await t.db.update(variants).set({ stock: 4 }).where(eq(variants.id, v1));
    expect(await notifyBackInStock(t.db, { variantId: v1 }, { publicUrl: 'https://shop.example/' })).toBe(2);
    const [mail] = await emailsTo(first);
    expect(mail?.subject).toContain('Back in stock');
    expect(mail?.text).toContain(`https://shop.example/products/${slug}`);
    expect(await emailsTo(whole)).toHaveLength(1);
    // The other shade is still out: its subscriber waits.
    expect(await emailsTo(second)).toEqual([]);

    // Told once: a second call queues nothing more.
    expect(await notifyBackInStock(t.db, { variantId: v1 })).toBe(0);
    expect(await emailsTo(first)).toHaveLength(1);
    const pending = await t.db.select().from(notificationSubscriptions).where(and(eq(notificationSubscriptions.productId, productId), isNull(notificationSubscriptions.notifiedAt)));
    expect(pending.map((s) => s.email)).toEqual([second]);

    // A product restock tells the subscribers of each variant now in stock.
    await t.db.update(variants).set({ stock: 2 }).where(eq(variants.id, v2));
    expect(await notifyBackInStock(t.db, { productId })).toBe(1);
    expect(await emailsTo(second)).toHaveLength(1);
  });

  it('never emails twice when called twice at once, and a repeat subscription after the email waits again', async () => {
    const { slug, productId, variantIds } = await soldOutWithVariants(3);
    const { cookie, email } = await member();
    await subscribeAsMember(cookie, { product: slug });
    await t.db.update(variants).set({ stock: 3 }).where(eq(variants.id, variantIds[0] ?? 0));
    const counts = await Promise.all([notifyBackInStock(t.db, { productId }), notifyBackInStock(t.db, { productId })]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await emailsTo(email)).toHaveLength(1);
    // Told: it leaves the member's list; subscribing again puts it back for the next restock.
    expect(v.parse(NotificationSubscriptionListSchema, await (await call(t.app, 'GET', '/notification-subscription', { cookie })).json()).data).toEqual([]);
    expect((await subscribeAsMember(cookie, { product: slug })).status).toBe(201);
    expect(v.parse(NotificationSubscriptionListSchema, await (await call(t.app, 'GET', '/notification-subscription', { cookie })).json()).data).toHaveLength(1);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toBeDefined();
  });

  it('does nothing for an unknown variant', async () => {
    expect(await notifyBackInStock(t.db, { variantId: 999_999 })).toBe(0);
  });
});
