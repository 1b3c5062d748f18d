import { and, asc, eq } from 'drizzle-orm';
import { isWaitlistable, type WaitlistEntry } from '../../contract/reviews.ts';
import type { Db } from '../db/client.ts';
import { products, waitlistEntries } from '../db/schema.ts';

export async function listWaitlist(db: Db, userId: number): Promise<WaitlistEntry[]> {
  const rows = await db
    .select({ productId: products.id, slug: products.slug, createdAt: waitlistEntries.createdAt })
    .from(waitlistEntries)
    .innerJoin(products, eq(products.id, waitlistEntries.productId))
    .where(eq(waitlistEntries.userId, userId))
    .orderBy(asc(waitlistEntries.createdAt), asc(products.id));
  return rows.map((row) => ({ productId: row.productId, slug: row.slug, createdAt: row.createdAt.toISOString() }));
}

export type WaitlistResult = 'ok' | 'noProduct' | 'notWaitlistable';

/** The contract's rule, which the SPA's waitlist button follows too. */
function waitlistable(product: { totalStock: number; badges: string[] }): boolean {
  return isWaitlistable({ inStock: product.totalStock > 0, badges: product.badges });
}

/**
 * Joins or leaves a product's waitlist; both are idempotent. Leaving always works; joining only
 * while the product is waitlistable, except that a member already on the list stays on it.
 */
export async function setWaitlisted(db: Db, userId: number, slug: string, waitlisted: boolean): Promise<WaitlistResult> {
  const [product] = await db.select({ id: products.id, totalStock: products.totalStock, badges: products.badges }).from(products).where(eq(products.slug, slug)).limit(1);
  if (!product) return 'noProduct';
  if (!waitlisted) {
    await db.delete(waitlistEntries).where(and(eq(waitlistEntries.userId, userId), eq(waitlistEntries.productId, product.id)));
    return 'ok';
  }
  const [existing] = await db
    .select({ userId: waitlistEntries.userId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, userId), eq(waitlistEntries.productId, product.id)));
  if (existing) return 'ok';
  if (!waitlistable(product)) return 'notWaitlistable';
  // Two joins at once: the primary key keeps one row, and both answer "waitlisted".
  await db.insert(waitlistEntries).values({ userId, productId: product.id }).onConflictDoNothing();
  return 'ok';
}
