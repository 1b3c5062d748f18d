import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../contract/checkout.ts';
import type { Money } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { orders } from '../db/schema.ts';
import { parsed } from '../cart/read.ts';
import { maskGiftCardCode } from '../../contract/gift-cards.ts';
import { storeNameOf } from './rules.ts';
import { CANCELLABLE_ORDER_STATUSES } from '../../contract/checkout.ts';

/**
 * Whether a member may cancel the order now (issue 15): placed or paid (nothing shipped yet), a
 * member's (a guest's order has no account to cancel it from), and no e-gift card bought (one may
 * have been emailed and spent already). cancel.ts refuses by the same rule.
 */
export function isCancellable(order: { status: Order['status']; userId: number | null; giftCardsBought: number }): boolean {
  return (CANCELLABLE_ORDER_STATUSES as readonly string[]).includes(order.status) && order.userId !== null && order.giftCardsBought === 0;
}

/*
 * Orders as the shopper reads them: a member's own (another member's number is simply not found),
 * or a guest's by number and the email it was placed with. Every figure is the order's own.
 */

const moneyOf = (currency: string, minor: number): Money => ({ currency, amount: minor / 100 });

/**
 * An order with its lines, status history and gift cards in one statement (the answer of every
 * placed order and of the order pages): five queries took 2 ms of a placement's budget on PGlite.
 */
export const orderJson = (where: SQL) => sql`
  select json_build_object(
    'o', row_to_json(o),
    'lines', coalesce((select json_agg(l order by l.position) from order_lines l where l.order_id = o.id), '[]'::json),
    'events', coalesce((select json_agg(json_build_object('status', e.status, 'at', e.at) order by e.id) from order_events e where e.order_id = o.id), '[]'::json),
    'paid', coalesce((select json_agg(json_build_object('code', g.code, 'amount', -t.amount_minor) order by t.id)
      from gift_card_transactions t join gift_cards g on g.id = t.gift_card_id where t.order_id = o.id and t.kind = 'spend'), '[]'::json),
    'bought', coalesce((select json_agg(json_build_object('amount', g.initial_minor, 'recipientName', g.recipient_name, 'recipientEmail', g.recipient_email,
      'sendOn', g.send_on, 'sent', g.sent_at is not null) order by g.id) from gift_cards g where g.order_id = o.id), '[]'::json)
  ) as r from orders o where ${where}`;

async function readOrder(db: Db, where: SQL): Promise<Order | null> {
  const [row] = await queryRows<{ r: OrderJson | string }>(db, orderJson(where));
  return orderOfRow(row);
}

/** The order of a row `orderJson` answered (a read's, or the last statement of the order's own transaction). */
export function orderOfRow(row: { r: unknown } | undefined): Order | null {
  const value = row ? parsed(row.r as OrderJson | string) : null;
  return value ? orderOf(value) : null;
}

export function readOrderById(db: Db, id: number): Promise<Order | null> {
  return readOrder(db, sql`o.id = ${id}`);
}

/** A member's order by its number; null for a number of anyone else (404, never 403: the number's existence is not told). */
export function memberOrder(db: Db, userId: number, number: string): Promise<Order | null> {
  return readOrder(db, sql`o.number = ${number.toUpperCase()} and o.user_id = ${userId}`);
}

/** A guest's lookup: number and email must both match (the email without regard to case). */
export function lookupOrder(db: Db, number: string, email: string): Promise<Order | null> {
  return readOrder(db, sql`o.number = ${number.trim().toUpperCase()} and lower(o.email) = ${email.trim().toLowerCase()}`);
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

/** The statement's answer: the row and its parts as PostgreSQL writes them in JSON (snake_case columns, timestamps as text). */
interface OrderJson {
  o: {
    number: string;
    country_code: string;
    status: Order['status'];
    placed_at: string;
    email: string;
    currency: string;
    subtotal_minor: number;
    discount_minor: number;
    promo_code: string | null;
    tax_label: string | null;
    tax_percent: number | null;
    tax_minor: number | null;
    delivery_method: Order['shipping']['method'];
    shipping_minor: number;
    store_id: string | null;
    gift_card_minor: number;
    total_minor: number;
    payment_method: Order['payment']['method'];
    card_brand: string | null;
    card_last4: string | null;
    paid_minor: number;
    address: Order['address'];
    samples: Order['samples'];
    points_earned: number;
    points_used: number;
    reward_name: string | null;
    user_id: number | null;
  };
  lines: { product_slug: string; product_name: string; brand_name: string; variant_name: string; variant_kind: 'shade' | 'size'; color_hex: string | null; sku: string; quantity: number; unit_minor: number; line_minor: number; image_url: string }[];
  events: { status: Order['status']; at: string }[];
  paid: { code: string; amount: number }[];
  bought: { amount: number; recipientName: string; recipientEmail: string; sendOn: string; sent: boolean }[];
}

const iso = (timestamp: string) => new Date(timestamp).toISOString();

function orderOf({ o, lines, events, paid, bought }: OrderJson): Order {
  const money = (minor: number) => moneyOf(o.currency, Number(minor));
  return {
    number: o.number,
    country: o.country_code,
    status: o.status,
    history: events.map((e) => ({ status: e.status, at: iso(e.at) })),
    placedAt: iso(o.placed_at),
    email: o.email,
    lines: lines.map((l) => ({
      productSlug: l.product_slug,
      productName: l.product_name,
      brandName: l.brand_name,
      variantName: l.variant_name,
      variantKind: l.variant_kind,
      colorHex: l.color_hex,
      sku: l.sku,
      quantity: l.quantity,
      unitPrice: money(l.unit_minor),
      lineTotal: money(l.line_minor),
      imageUrl: l.image_url,
    })),
    samples: o.samples,
    subtotal: money(o.subtotal_minor),
    discount: money(o.discount_minor),
    promoCode: o.promo_code,
    tax: o.tax_label === null || o.tax_percent === null || o.tax_minor === null ? null : { label: o.tax_label, percent: o.tax_percent, amount: money(o.tax_minor) },
    shipping: { method: o.delivery_method, fee: money(o.shipping_minor), storeName: o.store_id === null ? null : storeNameOf(o.store_id) },
    giftCards: money(o.gift_card_minor),
    giftCardPayments: paid.map((p) => ({ code: maskGiftCardCode(p.code), amount: money(p.amount) })),
    giftCardsBought: bought.map((b) => ({ amount: money(b.amount), recipientName: b.recipientName, recipientEmail: b.recipientEmail, sendOn: b.sendOn, sent: b.sent })),
    total: money(o.total_minor),
    payment: { method: o.payment_method, brand: o.card_brand, last4: o.card_last4, amount: money(o.paid_minor) },
    address: o.address,
    pointsEarned: o.points_earned,
    pointsUsed: Number(o.points_used ?? 0),
    reward: o.reward_name === null || o.reward_name === undefined ? null : { name: o.reward_name, pointsCost: Number(o.points_used ?? 0) },
    cancellable: isCancellable({ status: o.status, userId: o.user_id, giftCardsBought: bought.length }),
  };
}
