import { sql } from 'drizzle-orm';
import { COUNTRIES, type Site } from '../../config/countries.ts';
import type { Address, DeliveryMethod, PaymentMethod } from '../../contract/checkout.ts';
import { POINTS_EXPIRY_MONTHS } from '../../contract/points.ts';
import type { ServerBag } from '../cart/read.ts';
import { todayIn } from '../cart/read.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { ORDER_NUMBER_SEQUENCE } from '../db/schema.ts';
import { issueOrderGiftCards } from '../gift-cards/issue.ts';
import { appliedTotal, spendGiftCards, type AppliedGiftCard } from '../gift-cards/redeem.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { orderConfirmationEmail } from './email.ts';
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
}

export async function commitOrder(db: Db, input: CommitInput): Promise<Committed> {
  return db.transaction(async (tx) => {
    const exec = async <T,>(query: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(query));
    const [cart] = await exec<{ version: number }>(sql`select version from carts where id = ${input.cartId} for update`);
    // The same intent placed already (a retry that lost its answer): that order, nothing new.
    const [placed] = await exec<{ id: number; number: string }>(sql`select id, number from orders where intent_key = ${input.intentKey}`);
    if (placed) return { orderId: Number(placed.id), number: placed.number, existing: true };
    if (!cart || Number(cart.version) !== input.bagVersion) throw bagChanged();

    await takeStock(exec, input.bag);
    const offerId = await checkPromo(exec, input);

    const { site, figures, bag } = input;
    const giftCardMinor = appliedTotal(input.giftCards);
    const [seq] = await exec<{ n: string }>(sql`select nextval(${ORDER_NUMBER_SEQUENCE}) as n`);
    const number = `${site.country}${seq?.n}`;
    const samples = bag.samples.chosen.length === 0 ? [] : await exec<{ name: string }>(sql`select name ->> ${site.language} as name from samples where id in (${sql.join(bag.samples.chosen.map((id) => sql`${id}`), sql`, `)}) order by id`);
    const [order] = await exec<{ id: number }>(sql`
      insert into orders (number, intent_key, country_code, language, user_id, email, status, currency, subtotal_minor, discount_minor, promo_code,
        tax_label, tax_percent, tax_minor, delivery_method, shipping_minor, store_id, gift_card_minor, total_minor, payment_method, payment_provider,
        payment_id, card_brand, card_last4, paid_minor, address, samples, points_earned, placed_at)
      values (${number}, ${input.intentKey}, ${site.country}, ${site.language}, ${input.userId}, ${input.email}, 'placed', ${COUNTRIES[site.country].currency},
        ${figures.subtotalMinor}, ${figures.discountMinor}, ${bag.appliedOffer?.code ?? null}, ${figures.tax?.label ?? null}, ${figures.tax?.percent ?? null},
        ${figures.tax?.amountMinor ?? null}, ${input.delivery.method}, ${figures.shippingMinor}, ${input.delivery.storeId}, ${giftCardMinor}, ${figures.totalMinor},
        ${input.payment.method}, ${input.payment.provider}, ${input.payment.paymentId}, ${input.payment.brand}, ${input.payment.last4}, ${figures.totalMinor - giftCardMinor},
        ${JSON.stringify(input.delivery.address)}::jsonb, ${JSON.stringify(samples.map((s) => ({ name: s.name })))}::jsonb, 0, ${input.now})
      returning id`);
    if (!order) throw new Error('the order was not written');
    const orderId = Number(order.id);
    await spendGiftCards(tx, orderId, input.giftCards);
    await issueOrderGiftCards(tx, orderId, site, bag.giftCards ?? []);
    if (bag.lines.length > 0) {
      await tx.execute(sql`
        insert into order_lines (order_id, position, variant_id, product_slug, product_name, brand_name, variant_name, variant_kind, color_hex, sku, quantity, unit_minor, line_minor, image_url)
        values ${sql.join(
          bag.lines.map((line, position) => {
            const unitMinor = Math.round((line.unitSalePrice ?? line.unitPrice).amount * 100);
            return sql`(${orderId}, ${position}, ${line.variant.id}, ${line.product.slug}, ${line.product.name}, ${line.product.brand.name}, ${line.variant.name}, ${line.variant.kind}, ${line.variant.colorHex}, ${line.variant.sku}, ${line.quantity}, ${unitMinor}, ${unitMinor * line.quantity}, ${line.product.imageUrl})`;
          }),
          sql`, `,
        )}`);
    }
    await tx.execute(sql`insert into order_events (order_id, status, at) values (${orderId}, 'placed', ${input.now})`);
    if (offerId !== null) {
      await tx.execute(sql`insert into offer_redemptions (offer_id, order_id, user_id, email, redeemed_on) values (${offerId}, ${orderId}, ${input.userId}, ${input.email.toLowerCase()}, ${todayIn(site.country, input.now.getTime())}::date)`);
    }
    const points = input.userId === null ? 0 : await earnPoints(exec, input.userId, orderId, number, figures.points, input);
    if (points > 0) await tx.execute(sql`update orders set points_earned = ${points} where id = ${orderId}`);
    if (input.userId !== null && bag.lines.length > 0 && input.delivery.method !== 'click_collect') await saveAddress(tx, input.userId, site.country, input.delivery.address);
    await enqueueEmail(tx, orderConfirmationEmail({ number, email: input.email, site, bag, figures, delivery: input.delivery, payment: input.payment, points }), input.now);
    // The bag is spent: its lines, samples and offer go, and its version moves on (a second tab's order finds it changed).
    await tx.execute(sql`delete from cart_lines where cart_id = ${input.cartId}`);
    await tx.execute(sql`delete from cart_samples where cart_id = ${input.cartId}`);
    await tx.execute(sql`delete from cart_gift_cards where cart_id = ${input.cartId}`);
    await tx.execute(sql`update carts set applied_offer_id = null, version = version + 1, updated_at = now() where id = ${input.cartId}`);
    return { orderId, number, existing: false };
  });
}

type Exec = <T>(query: ReturnType<typeof sql>) => Promise<T[]>;

/** Locks the lines' variants in id order, then takes the units where all of them are still there; else `sold_out` naming the lines short. */
async function takeStock(exec: Exec, bag: ServerBag): Promise<void> {
  if (bag.lines.length === 0) return;
  const wanted = new Map(bag.lines.map((line) => [line.variant.id, line.quantity]));
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const rows = await exec<{ id: number; stock: number }>(sql`select id, stock from variants where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id for update`);
  const stock = new Map(rows.map((r) => [Number(r.id), Number(r.stock)]));
  const short = bag.lines.filter((line) => (stock.get(line.variant.id) ?? 0) < line.quantity);
  if (short.length > 0) throw soldOut(short.map((line) => ({ variantId: line.variant.id, productName: line.product.name, variantName: line.variant.name, available: Math.max(0, stock.get(line.variant.id) ?? 0) })));
  await exec(sql`update variants set stock = stock - x.q from (values ${sql.join(ids.map((id) => sql`(${id}::integer, ${wanted.get(id) ?? 0}::integer)`), sql`, `)}) as x(id, q) where variants.id = x.id`);
}

/** The applied promo code's id when its limits still allow one more use (counted under the offer row's lock); null without one. */
async function checkPromo(exec: Exec, input: CommitInput): Promise<number | null> {
  const code = input.bag.appliedOffer?.code;
  if (!code) return null;
  const [offer] = await exec<{ id: number; usage_limit_total: number | null; usage_limit_per_customer: number | null }>(
    sql`select id, usage_limit_total, usage_limit_per_customer from offers where country_code = ${input.site.country} and upper(code) = upper(${code}) for update`,
  );
  if (!offer) return null;
  const [used] = await exec<{ total: number; mine: number }>(sql`
    select count(*)::int as total,
      count(*) filter (where ${input.userId === null ? sql`email = ${input.email.toLowerCase()}` : sql`user_id = ${input.userId} or email = ${input.email.toLowerCase()}`})::int as mine
    from offer_redemptions where offer_id = ${offer.id}`);
  if (offer.usage_limit_total !== null && Number(used?.total ?? 0) >= offer.usage_limit_total) throw promoLimitReached('total');
  if (offer.usage_limit_per_customer !== null && Number(used?.mine ?? 0) >= offer.usage_limit_per_customer) throw promoLimitReached('customer');
  return Number(offer.id);
}

/** Points for a Beauty Pass member's order, once per order (the ledger's cause index), valid 18 months; 0 for an account outside the programme. */
async function earnPoints(exec: Exec, userId: number, orderId: number, number: string, points: number, input: CommitInput): Promise<number> {
  if (points <= 0) return 0;
  const today = todayIn(input.site.country, input.now.getTime());
  const rows = await exec<{ id: number }>(sql`
    insert into points_ledger (user_id, source, amount, cause, order_id, reference, expires_on, created_at)
    select m.user_id, 'purchase_points_with_order_number', ${points}, ${`order:${orderId}`}, ${orderId}, ${number}, (${today}::date + make_interval(months => ${POINTS_EXPIRY_MONTHS}))::date, ${input.now}
    from beauty_pass_members m where m.user_id = ${userId}
    on conflict (user_id, cause) do nothing
    returning id`);
  if (rows.length === 0) return 0;
  await exec(sql`update beauty_pass_members set points = points + ${points} where user_id = ${userId}`);
  return points;
}

/** A member's address, saved once (by its normalised hash) and moved to the front when used again; five kept per country. */
async function saveAddress(tx: Db, userId: number, country: string, address: Address): Promise<void> {
  await tx.execute(sql`
    insert into member_addresses (user_id, country_code, address, address_hash) values (${userId}, ${country}, ${JSON.stringify(address)}::jsonb, ${addressHash(address)})
    on conflict (user_id, country_code, address_hash) do update set last_used_at = now(), address = excluded.address`);
  await tx.execute(sql`
    delete from member_addresses where user_id = ${userId} and country_code = ${country} and id not in (
      select id from member_addresses where user_id = ${userId} and country_code = ${country} order by last_used_at desc, id desc limit 5)`);
}
