import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Site } from '../../config/countries.ts';
import { DEFAULT_PORT } from '../env.ts';
import type { NotificationSubscription } from '../../contract/reviews.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { notificationSubscriptions, products, variants, type Localized } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { backInStockEmail, recipientLanguage } from '../mail/templates.ts';

export interface SubscriptionTarget {
  productId: number;
  variantId: number | null;
}

export type TargetResult = { kind: 'ok'; target: SubscriptionTarget } | { kind: 'noProduct' } | { kind: 'noVariant' };

/** The product by slug and, when given, one of its own variants. */
export async function subscriptionTarget(db: Db, slug: string, variantId: number | null | undefined): Promise<TargetResult> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1);
  if (!product) return { kind: 'noProduct' };
  if (variantId === undefined || variantId === null) return { kind: 'ok', target: { productId: product.id, variantId: null } };
  const [variant] = await db
    .select({ id: variants.id })
    .from(variants)
    .where(and(eq(variants.id, variantId), eq(variants.productId, product.id)))
    .limit(1);
  return variant ? { kind: 'ok', target: { productId: product.id, variantId: variant.id } } : { kind: 'noVariant' };
}

/** Who is told, in the site (country and language) they subscribed from. */
export interface Subscriber extends Site {
  email: string;
  userId: number | null;
}

/**
 * One subscription per product (or variant) and address: a repeat returns the same row, told
 * again at the next restock if it was told already, and claimed by the member when a guest
 * had subscribed the same address. The unique index decides, so concurrent repeats make one row.
 */
export async function subscribe(db: Db, target: SubscriptionTarget, who: Subscriber): Promise<{ id: number; created: boolean }> {
  const result = await db.execute(sql`
    insert into ${notificationSubscriptions} (product_id, variant_id, user_id, email, country, language)
    values (${target.productId}, ${target.variantId}, ${who.userId}, ${who.email}, ${who.country}, ${who.language})
    on conflict (product_id, coalesce(variant_id, 0), email) do update
      set notified_at = null, user_id = coalesce(${notificationSubscriptions}.user_id, excluded.user_id)
    returning id, (xmax = 0) as created`);
  const row = rowsOf<{ id: number; created: boolean }>(result)[0];
  if (!row) throw new Error('notification subscription upsert returned no row');
  return { id: Number(row.id), created: Boolean(row.created) };
}


const subscriptionColumns = {
  id: notificationSubscriptions.id,
  productSlug: products.slug,
  variantId: notificationSubscriptions.variantId,
  createdAt: notificationSubscriptions.createdAt,
};

function toSubscription(row: { id: number; productSlug: string; variantId: number | null; createdAt: Date }): NotificationSubscription {
  return { id: row.id, productSlug: row.productSlug, variantId: row.variantId, createdAt: row.createdAt.toISOString() };
}

export async function subscriptionById(db: Db, id: number): Promise<NotificationSubscription | null> {
  const [row] = await db
    .select(subscriptionColumns)
    .from(notificationSubscriptions)
    .innerJoin(products, eq(products.id, notificationSubscriptions.productId))
    .where(eq(notificationSubscriptions.id, id));
  return row ? toSubscription(row) : null;
}

/** The member's subscriptions still waiting for a restock: their own and any a guest made with their address. */
export async function listSubscriptions(db: Db, member: { id: number; email: string }): Promise<NotificationSubscription[]> {
  const rows = await db
    .select(subscriptionColumns)
    .from(notificationSubscriptions)
    .innerJoin(products, eq(products.id, notificationSubscriptions.productId))
    .where(
      and(
        isNull(notificationSubscriptions.notifiedAt),
        or(eq(notificationSubscriptions.userId, member.id), and(isNull(notificationSubscriptions.userId), eq(notificationSubscriptions.email, member.email))),
      ),
    )
    .orderBy(asc(notificationSubscriptions.createdAt), asc(notificationSubscriptions.id));
  return rows.map(toSubscription);
}

export interface NotifyOptions {
  /** Origin of the product links in the emails (`PUBLIC_URL`). */
  publicUrl?: string;
  now?: Date;
}

/**
 * Called when stock comes back (no stock-admin endpoint exists yet): queues one email per
 * subscription still waiting for what now has stock, and marks each told, in one transaction.
 * A variant restock tells that variant's subscribers and the product's; a product restock tells
 * the product's and those of each variant that has stock. Claiming the rows with `notified_at`
 * in the update itself means two concurrent calls never email anyone twice. Returns the count.
 */
export async function notifyBackInStock(db: Db, restocked: { variantId: number } | { productId: number }, options: NotifyOptions = {}): Promise<number> {
  const origin = (options.publicUrl ?? `http://localhost:${DEFAULT_PORT}`).replace(/\/+$/, '');
  const at = options.now ?? new Date();
  return db.transaction(async (tx) => {
    let productId: number;
    let due: SQL | undefined;
    if ('variantId' in restocked) {
      const [variant] = await tx.select({ productId: variants.productId, stock: variants.stock }).from(variants).where(eq(variants.id, restocked.variantId));
      if (!variant || variant.stock <= 0) return 0;
      productId = variant.productId;
      due = or(eq(notificationSubscriptions.variantId, restocked.variantId), and(eq(notificationSubscriptions.productId, productId), isNull(notificationSubscriptions.variantId)));
    } else {
      productId = restocked.productId;
      const inStock = await tx.select({ id: variants.id }).from(variants).where(and(eq(variants.productId, productId), gt(variants.stock, 0)));
      if (inStock.length === 0) return 0;
      due = and(
        eq(notificationSubscriptions.productId, productId),
        or(isNull(notificationSubscriptions.variantId), inArray(notificationSubscriptions.variantId, inStock.map((v) => v.id))),
      );
    }
    const claimed = await tx
      .update(notificationSubscriptions)
      .set({ notifiedAt: at })
      .where(and(due, isNull(notificationSubscriptions.notifiedAt)))
      .returning({
        email: notificationSubscriptions.email,
        country: notificationSubscriptions.country,
        language: notificationSubscriptions.language,
        variantId: notificationSubscriptions.variantId,
      });
    if (claimed.length === 0) return 0;
    const [product] = await tx.select({ slug: products.slug, name: products.name }).from(products).where(eq(products.id, productId));
    if (!product) return 0;
    const variantNames = new Map<number, Localized>();
    const variantIds = [...new Set(claimed.flatMap((row) => (row.variantId === null ? [] : [row.variantId])))];
    if (variantIds.length > 0) {
      for (const v of await tx.select({ id: variants.id, name: variants.name }).from(variants).where(inArray(variants.id, variantIds))) variantNames.set(v.id, v.name);
    }
    for (const row of claimed) {
      // The language the subscription was made in (its country's first language if that is not one of ours): the email's and the names'.
      const language = recipientLanguage(row.country, row.language);
      const variantName = row.variantId === null ? null : (variantNames.get(row.variantId)?.[language] ?? null);
      await enqueueEmail(
        tx,
        backInStockEmail(
          { email: row.email, country: row.country },
          language,
          { productName: product.name[language], variantName, link: `${origin}/products/${product.slug}` },
        ),
        at,
      );
    }
    return claimed.length;
  });
}
