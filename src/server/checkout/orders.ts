import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Order } from '../../contract/checkout.ts';
import type { Money } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import { orderEvents, orderLines, orders } from '../db/schema.ts';
import { orderGiftCards } from '../gift-cards/issue.ts';
import { storeNameOf } from './rules.ts';

/*
 * Orders as the shopper reads them: a member's own (another member's number is simply not found),
 * or a guest's by number and the email it was placed with. Every figure is the order's own.
 */

type OrderRow = typeof orders.$inferSelect;

const moneyOf = (currency: string, minor: number): Money => ({ currency, amount: minor / 100 });

export async function readOrderById(db: Db, id: number): Promise<Order | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ? orderOf(db, row) : null;
}

/** A member's order by its number; null for a number of anyone else (404, never 403: the number's existence is not told). */
export async function memberOrder(db: Db, userId: number, number: string): Promise<Order | null> {
  const [row] = await db.select().from(orders).where(and(eq(orders.number, number.toUpperCase()), eq(orders.userId, userId)));
  return row ? orderOf(db, row) : null;
}

/** A guest's lookup: number and email must both match (the email without regard to case). */
export async function lookupOrder(db: Db, number: string, email: string): Promise<Order | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number.trim().toUpperCase()), sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`));
  return row ? orderOf(db, row) : null;
}

export interface OrderPage {
  data: { number: string; status: Order['status']; placedAt: string; total: Money; itemCount: number; pointsEarned: number }[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}

/** A member's orders in every country, newest first, a page at a time. */
export async function listOrders(db: Db, userId: number, page: number, perPage: number): Promise<OrderPage> {
  const [counted] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const total = counted?.n ?? 0;
  const rows = await db
    .select({
      number: orders.number,
      status: orders.status,
      placedAt: orders.placedAt,
      currency: orders.currency,
      totalMinor: orders.totalMinor,
      pointsEarned: orders.pointsEarned,
      // Qualified by hand: drizzle writes a column of the outer table unqualified, which the subquery would read as its own.
      // Each e-gift card bought is an item too.
      itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = "orders"."id") + (select count(*)::int from gift_cards g where g.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((r) => ({ number: r.number, status: r.status, placedAt: r.placedAt.toISOString(), total: moneyOf(r.currency, r.totalMinor), itemCount: Number(r.itemCount), pointsEarned: r.pointsEarned })),
    meta: { page, perPage, total, totalPages: Math.max(1, Math.ceil(total / perPage)) },
  };
}

async function orderOf(db: Db, row: OrderRow): Promise<Order> {
  const [lines, events, cards] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.position)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id)).orderBy(asc(orderEvents.id)),
    orderGiftCards(db, row.id, row.currency),
  ]);
  const money = (minor: number) => moneyOf(row.currency, minor);
  return {
    number: row.number,
    country: row.countryCode,
    status: row.status,
    history: events.map((e) => ({ status: e.status, at: e.at.toISOString() })),
    placedAt: row.placedAt.toISOString(),
    email: row.email,
    lines: lines.map((l) => ({
      productSlug: l.productSlug,
      productName: l.productName,
      brandName: l.brandName,
      variantName: l.variantName,
      variantKind: l.variantKind,
      colorHex: l.colorHex,
      sku: l.sku,
      quantity: l.quantity,
      unitPrice: money(l.unitMinor),
      lineTotal: money(l.lineMinor),
      imageUrl: l.imageUrl,
    })),
    samples: row.samples,
    subtotal: money(row.subtotalMinor),
    discount: money(row.discountMinor),
    promoCode: row.promoCode,
    tax: row.taxLabel === null || row.taxPercent === null || row.taxMinor === null ? null : { label: row.taxLabel, percent: row.taxPercent, amount: money(row.taxMinor) },
    shipping: { method: row.deliveryMethod, fee: money(row.shippingMinor), storeName: row.storeId === null ? null : storeNameOf(row.storeId) },
    giftCards: money(row.giftCardMinor),
    ...cards,
    total: money(row.totalMinor),
    payment: { method: row.paymentMethod, brand: row.cardBrand, last4: row.cardLast4, amount: money(row.paidMinor) },
    address: row.address,
    pointsEarned: row.pointsEarned,
  };
}
