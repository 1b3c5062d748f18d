import { sql } from 'drizzle-orm';
import { COUNTRIES, type Site } from '../../config/countries.ts';
import type { Address, DeliveryMethod, Order, PaymentMethod } from '../../contract/checkout.ts';
import { POINTS_EXPIRY_MONTHS } from '../../contract/points.ts';
import type { ServerBag } from '../cart/read.ts';
import { todayIn } from '../cart/read.ts';
import type { Db } from '../db/client.ts';
import { batch } from '../db/batch.ts';
import { ORDER_NUMBER_SEQUENCE } from '../db/schema.ts';
import { issueOrderGiftCards } from '../gift-cards/issue.ts';
import { appliedTotal, spendGiftCards, type AppliedGiftCard } from '../gift-cards/redeem.ts';
import { orderConfirmationEmail } from './email.ts';
import { orderJson, orderOfRow } from './orders.ts';
import type { OrderFigures } from './price.ts';
import { addressHash } from './addresses.ts';
import { bagChanged, promoLimitReached, soldOut } from './refusals.ts';

/*
 * The order's transaction: the database decides. It locks the bag's row (so one bag is placed once,
 * and a second tab or a retry with another key finds it moved on), then the variants' rows in id
 * order (so two orders never wait on each other crosswise), takes the stock only where it is still
 * there, counts the promo code's uses under its row's lock, spends the gift cards that pay it (their
 * rows locked in id order, src/server/gift-cards/redeem.ts), and writes the order, its lines, the
 * e-gift cards it buys, its status, the points, the confirmation email and the emptied bag. Any
 * refusal rolls all of it back.
 */

export interface CommitInput {
  site: Site;
  /** The member placing it; null for a guest. */
  userId: number | null;
  cartId: number;
  bagVersion: number;
  bag: ServerBag;
  figures: OrderFigures;
  intentKey: string;
  email: string;
  delivery: { method: DeliveryMethod; storeId: string | null; storeName: string | null; address: Address };
  /** `paymentId` null: gift cards paid it all and nothing was authorized. */
  payment: { method: PaymentMethod; provider: string; paymentId: string | null; brand: string | null; last4: string | null };
  /** The gift cards that pay first, with what each pays (checked before the payment, spent here). */
  giftCards: readonly AppliedGiftCard[];
  now: Date;
}

export interface Committed {
  orderId: number;
  number: string;
  /** True when the order existed already (the same intent placed before): nothing was written now. */
  existing: boolean;
  /** The new order as written (read in the last round trip of its transaction); null when it existed already. */
  order: Order | null;
}

/** Stands for the order's number in the confirmation email until the database has drawn it. */
const NUMBER_TOKEN = '{{order-number}}';

const ids = (values: readonly number[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/**
 * Three round trips on PGlite (`batch`): the locks and what they guard, then the order (its number
 * from the sequence), then everything that follows from it; the gift cards' own statements between
 * when the order has any.
 */
export async function commitOrder(db: Db, input: CommitInput): Promise<Committed> {
  return db.transaction(async (tx) => {
    const { site, figures, bag, userId } = input;
    const code = bag.appliedOffer?.code ?? null;
    const variantIds = [...new Set(bag.lines.map((line) => line.variant.id))].sort((a, b) => a - b);
    const email = input.email.toLowerCase();
    const [cartRows, placedRows, stockRows, offerRows, memberRows, sampleRows] = await batch(tx, [
      sql`select version from carts where id = ${input.cartId} for update`,
      // The same intent placed already (a retry that lost its answer): that order, nothing new.
      sql`select id, number from orders where intent_key = ${input.intentKey}`,
      variantIds.length === 0 ? sql`select 1 where false` : sql`select id, stock from variants where id in (${ids(variantIds)}) order by id for update`,
      // The promo code's limits, counted under its row's lock.
      code === null
        ? sql`select 1 where false`
        : sql`select o.id, o.usage_limit_total, o.usage_limit_per_customer,
            (select count(*)::int from offer_redemptions r where r.offer_id = o.id) as total,
            (select count(*)::int from offer_redemptions r where r.offer_id = o.id and (r.email = ${email}${userId === null ? sql`` : sql` or r.user_id = ${userId}`})) as mine
          from offers o where o.country_code = ${site.country} and upper(o.code) = upper(${code}) for update`,
      userId === null ? sql`select 1 where false` : sql`select 1 from beauty_pass_members where user_id = ${userId}`,
      bag.samples.chosen.length === 0 ? sql`select 1 where false` : sql`select name ->> ${site.language} as name from samples where id in (${ids(bag.samples.chosen)}) order by id`,
    ]);
    const placed = placedRows?.[0] as { id: number; number: string } | undefined;
    if (placed) return { orderId: Number(placed.id), number: placed.number, existing: true, order: null };
    const cart = cartRows?.[0] as { version: number } | undefined;
    if (!cart || Number(cart.version) !== input.bagVersion) throw bagChanged();
    checkStock(bag, (stockRows ?? []) as { id: number; stock: number }[]);
    const offerId = checkPromo((offerRows?.[0] ?? null) as PromoRow | null);
    const points = userId !== null && (memberRows ?? []).length > 0 ? Math.max(0, figures.points) : 0;
    const samples = ((sampleRows ?? []) as { name: string }[]).map((row) => ({ name: row.name }));

    const giftCardMinor = appliedTotal(input.giftCards);
    const [, orderRows] = await batch(tx, [
      variantIds.length === 0
        ? sql`select 1 where false`
        : sql`update variants set stock = stock - x.q from (values ${sql.join(
            variantIds.map((id) => sql`(${id}::integer, ${bag.lines.filter((line) => line.variant.id === id).reduce((sum, line) => sum + line.quantity, 0)}::integer)`),
            sql`, `,
          )}) as x(id, q) where variants.id = x.id`,
      sql`
      insert into orders (number, intent_key, country_code, language, user_id, email, status, currency, subtotal_minor, discount_minor, promo_code,
        tax_label, tax_percent, tax_minor, delivery_method, shipping_minor, store_id, gift_card_minor, total_minor, payment_method, payment_provider,
        payment_id, card_brand, card_last4, paid_minor, address, samples, points_earned, placed_at)
      values (${site.country} || nextval(${ORDER_NUMBER_SEQUENCE}), ${input.intentKey}, ${site.country}, ${site.language}, ${userId}, ${input.email}, 'placed', ${COUNTRIES[site.country].currency},
        ${figures.subtotalMinor}, ${figures.discountMinor}, ${code}, ${figures.tax?.label ?? null}, ${figures.tax?.percent ?? null},
        ${figures.tax?.amountMinor ?? null}, ${input.delivery.method}, ${figures.shippingMinor}, ${input.delivery.storeId}, ${giftCardMinor}, ${figures.totalMinor},
        ${input.payment.method}, ${input.payment.provider}, ${input.payment.paymentId}, ${input.payment.brand}, ${input.payment.last4}, ${figures.totalMinor - giftCardMinor},
        ${JSON.stringify(input.delivery.address)}::jsonb, ${JSON.stringify(samples)}::jsonb, ${points}, ${input.now}::timestamptz)
      returning id, number`,
    ]);
    const order = orderRows?.[0] as { id: number; number: string } | undefined;
    if (!order) throw new Error('the order was not written');
    const orderId = Number(order.id);
    const { number } = order;
    await spendGiftCards(tx, orderId, input.giftCards);
    await issueOrderGiftCards(tx, orderId, site, bag.giftCards ?? []);

    const today = todayIn(site.country, input.now.getTime());
    const mail = orderConfirmationEmail({ number: NUMBER_TOKEN, email: input.email, site, bag, figures, delivery: input.delivery, payment: input.payment, points, placedAt: input.now });
    const written = await batch(tx, [
      bag.lines.length === 0
        ? sql`select 1 where false`
        : sql`
        insert into order_lines (order_id, position, variant_id, product_slug, product_name, brand_name, variant_name, variant_kind, color_hex, sku, quantity, unit_minor, line_minor, image_url)
        values ${sql.join(
          bag.lines.map((line, position) => {
            const unitMinor = Math.round((line.unitSalePrice ?? line.unitPrice).amount * 100);
            return sql`(${orderId}, ${position}, ${line.variant.id}, ${line.product.slug}, ${line.product.name}, ${line.product.brand.name}, ${line.variant.name}, ${line.variant.kind}, ${line.variant.colorHex}, ${line.variant.sku}, ${line.quantity}, ${unitMinor}, ${unitMinor * line.quantity}, ${line.product.imageUrl})`;
          }),
          sql`, `,
        )}`,
      sql`insert into order_events (order_id, status, at) values (${orderId}, 'placed', ${input.now}::timestamptz)`,
      offerId === null
        ? sql`select 1 where false`
        : sql`insert into offer_redemptions (offer_id, order_id, user_id, email, redeemed_on) values (${offerId}, ${orderId}, ${userId}, ${email}, ${today}::date)`,
      // Once per order (the ledger's cause index), valid 18 months.
      points === 0 || userId === null
        ? sql`select 1 where false`
        : sql`with earned as (
            insert into points_ledger (user_id, source, amount, cause, order_id, reference, expires_on, created_at)
            values (${userId}, 'purchase_points_with_order_number', ${points}, ${`order:${orderId}`}, ${orderId}, ${number}, (${today}::date + make_interval(months => ${POINTS_EXPIRY_MONTHS}))::date, ${input.now}::timestamptz)
            on conflict (user_id, cause) do nothing returning amount)
          update beauty_pass_members set points = points + (select coalesce(sum(amount), 0) from earned) where user_id = ${userId}`,
      ...(userId !== null && bag.lines.length > 0 && input.delivery.method !== 'click_collect' ? saveAddress(userId, site.country, input.delivery.address) : []),
      sql`insert into outbox_emails (kind, to_address, subject, text, created_at)
        values (${mail.kind}, ${mail.to}, replace(${mail.subject}, ${NUMBER_TOKEN}, ${number}), replace(${mail.text}, ${NUMBER_TOKEN}, ${number}), ${input.now}::timestamptz)`,
      // The bag is spent: its lines, samples, cards and offer go, and its version moves on (a second tab's order finds it changed).
      sql`delete from cart_lines where cart_id = ${input.cartId}`,
      sql`delete from cart_samples where cart_id = ${input.cartId}`,
      sql`delete from cart_gift_cards where cart_id = ${input.cartId}`,
      sql`update carts set applied_offer_id = null, version = version + 1, updated_at = now() where id = ${input.cartId}`,
      // The order as the answer shows it, in the same round trip (no read after the commit).
      orderJson(sql`o.id = ${orderId}`),
    ]);
    return { orderId, number, existing: false, order: orderOfRow(written.at(-1)?.[0] as { r: unknown } | undefined) };
  });
}

/** Every line's units still there (the rows locked); else `sold_out` naming the lines short. */
function checkStock(bag: ServerBag, rows: readonly { id: number; stock: number }[]): void {
  const stock = new Map(rows.map((r) => [Number(r.id), Number(r.stock)]));
  const short = bag.lines.filter((line) => (stock.get(line.variant.id) ?? 0) < line.quantity);
  if (short.length > 0) throw soldOut(short.map((line) => ({ variantId: line.variant.id, productName: line.product.name, variantName: line.variant.name, available: Math.max(0, stock.get(line.variant.id) ?? 0) })));
}

interface PromoRow {
  id: number;
  usage_limit_total: number | null;
  usage_limit_per_customer: number | null;
  total: number;
  mine: number;
}

/** The applied promo code's id when its limits still allow one more use; null without one. */
function checkPromo(offer: PromoRow | null): number | null {
  if (!offer) return null;
  if (offer.usage_limit_total !== null && Number(offer.total) >= offer.usage_limit_total) throw promoLimitReached('total');
  if (offer.usage_limit_per_customer !== null && Number(offer.mine) >= offer.usage_limit_per_customer) throw promoLimitReached('customer');
  return Number(offer.id);
}

/** A member's address, saved once (by its normalised hash) and moved to the front when used again; five kept per country. */
function saveAddress(userId: number, country: string, address: Address) {
  return [
    sql`insert into member_addresses (user_id, country_code, address, address_hash) values (${userId}, ${country}, ${JSON.stringify(address)}::jsonb, ${addressHash(address)})
      on conflict (user_id, country_code, address_hash) do update set last_used_at = now(), address = excluded.address`,
    sql`delete from member_addresses where user_id = ${userId} and country_code = ${country} and id not in (
      select id from member_addresses where user_id = ${userId} and country_code = ${country} order by last_used_at desc, id desc limit 5)`,
  ];
}
