import { sql } from 'drizzle-orm';
import { SAVED_ADDRESSES_PER_COUNTRY } from '../../config/checkout.ts';
import { COUNTRIES, type Site } from '../../config/countries.ts';
import type { Address, DeliveryMethod, Order, PaymentMethod } from '../../contract/checkout.ts';
import type { ServerBag } from '../cart/read.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { batch, transaction } from '../db/query.ts';
import { ORDER_NUMBER_SEQUENCE } from '../db/schema.ts';
import { issueOrderGiftCards } from '../gift-cards/issue.ts';
import { appliedTotal, spendGiftCards, type AppliedGiftCard } from '../gift-cards/redeem.ts';
import { orderConfirmationEmail } from './email.ts';
import { orderJson, orderOfRow } from './orders.ts';
import type { OrderFigures } from './price.ts';
import { addressHash } from './addresses.ts';
import { bagBlocked, bagChanged, holdReleased, pointsInsufficient, promoLimitReached, rewardUnavailable, rewardWithoutGoods, soldOut } from './refusals.ts';
import { SETTLE_AFTER_MS } from './settle.ts';
import { applyOrderLoyalty } from '../loyalty/order-effects.ts';
import { InsufficientPointsError } from '../loyalty/ledger.ts';

/*
 * The order's transaction: the database decides. It locks the bag's row (so one bag is placed once,
 * and a second tab or a retry with another key finds it moved on), then the variants' rows in id
 * order (so two orders never wait on each other crosswise), takes the stock only where it is still
 * there, counts the promo code's uses under its row's lock, spends the gift cards that pay it (their
 * rows locked in id order, src/server/gift-cards/redeem.ts), and writes the order, its lines, the
 * e-gift cards it buys, its status, the points, the confirmation email and the emptied bag. A
 * member's reward takes its unit under the reward's row lock and its points through the ledger
 * (applyOrderLoyalty, whose `points >= 0` check refuses a balance spent meanwhile). The payment's
 * hold is claimed for capture (settle.ts). Any refusal rolls all of it back.
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
  return transaction(db, async (tx) => {
    const { site, figures, bag, userId } = input;
    const code = bag.appliedOffer?.code ?? null;
    const variantIds = [...new Set(bag.lines.map((line) => line.variant.id))].sort((a, b) => a - b);
    const email = input.email.toLowerCase();
    const reward = userId === null ? null : (bag.reward ?? null);
    const nowIso = input.now.toISOString();
    const [cartRows, placedRows, stockRows, offerRows, memberRows, sampleRows, rewardRows, holdRows] = await batch(tx, [
      sql`select version from carts where id = ${input.cartId} for update`,
      // The same intent placed already (a retry that lost its answer): that order, nothing new.
      sql`select id, number from orders where intent_key = ${input.intentKey}`,
      variantIds.length === 0 ? sql`select 1 where false` : sql`select v.id, v.stock, not ('coming_soon' = any(p.badges)) as on_sale from variants v join products p on p.id = v.product_id where v.id in (${ids(variantIds)}) order by v.id for update of v`,
      // The promo code's limits, counted under its row's lock.
      code === null
        ? sql`select 1 where false`
        : sql`select o.id, o.usage_limit_total, o.usage_limit_per_customer,
            (select count(*)::int from offer_redemptions r where r.offer_id = o.id) as total,
            (select count(*)::int from offer_redemptions r where r.offer_id = o.id and (r.email = ${email}${userId === null ? sql`` : sql` or r.user_id = ${userId}`})) as mine
          from offers o where o.country_code = ${site.country} and upper(o.code) = upper(${code}) for update`,
      userId === null ? sql`select 1 where false` : sql`select 1 from beauty_pass_members where user_id = ${userId}`,
      bag.samples.chosen.length === 0 ? sql`select 1 where false` : sql`select name ->> ${site.language} as name from samples where id in (${ids(bag.samples.chosen)}) order by id`,
      // A member's reward (never a guest's: no extra statement on their path): its row locked after the
      // variants and the offer, as the bag's redemption locks it; then, in a statement of its own (a
      // snapshot taken after the lock), the holds other bags have on it and whether this bag's is live.
      ...(reward === null
        ? []
        : [
            sql`select id, stock, name ->> ${site.language} as name, points_cost from rewards where id = ${reward.id} for update`,
            sql`select (select count(*)::int from cart_rewards where reward_id = ${reward.id} and held_until > ${nowIso}::timestamptz and cart_id <> ${input.cartId}) as others,
                (select held_until > ${nowIso}::timestamptz from cart_rewards where cart_id = ${input.cartId} and reward_id = ${reward.id}) as mine`,
          ]),
    ]);
    const placed = placedRows?.[0] as { id: number; number: string } | undefined;
    if (placed) return { orderId: Number(placed.id), number: placed.number, existing: true, order: null };
    const cart = cartRows?.[0] as { version: number } | undefined;
    if (!cart || Number(cart.version) !== input.bagVersion) throw bagChanged();
    checkStock(bag, (stockRows ?? []) as StockRow[]);
    const offerId = checkPromo((offerRows?.[0] ?? null) as PromoRow | null);
    const member = userId !== null && (memberRows ?? []).length > 0;
    const points = member ? Math.max(0, figures.points) : 0;
    const samples = ((sampleRows ?? []) as { name: string }[]).map((row) => ({ name: row.name }));
    const taken = reward === null ? null : checkReward(bag, member, (rewardRows?.[0] ?? null) as RewardRow | null, (holdRows?.[0] ?? null) as HoldRow | null);

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
        payment_id, card_brand, card_last4, paid_minor, address, samples, points_earned, points_used, reward_id, reward_name, placed_at)
      values (${site.country} || nextval(${ORDER_NUMBER_SEQUENCE}), ${input.intentKey}, ${site.country}, ${site.language}, ${userId}, ${input.email}, 'placed', ${COUNTRIES[site.country].currency},
        ${figures.subtotalMinor}, ${figures.discountMinor}, ${code}, ${figures.tax?.label ?? null}, ${figures.tax?.percent ?? null},
        ${figures.tax?.amountMinor ?? null}, ${input.delivery.method}, ${figures.shippingMinor}, ${input.delivery.storeId}, ${giftCardMinor}, ${figures.totalMinor},
        ${input.payment.method}, ${input.payment.provider}, ${input.payment.paymentId}, ${input.payment.brand}, ${input.payment.last4}, ${figures.totalMinor - giftCardMinor},
        ${JSON.stringify(input.delivery.address)}::jsonb, ${JSON.stringify(samples)}::jsonb, ${points}, ${taken?.pointsCost ?? 0}, ${taken?.id ?? null}, ${taken?.name ?? null}, ${input.now}::timestamptz)
      returning id, number`,
      // Checked above under the row's lock; `stock > 0` keeps the CHECK's promise whatever happens. (None on a guest's path.)
      ...(taken === null ? [] : [sql`update rewards set stock = stock - 1 where id = ${taken.id} and stock > 0`]),
    ]);
    const order = orderRows?.[0] as { id: number; number: string } | undefined;
    if (!order) throw new Error('the order was not written');
    const orderId = Number(order.id);
    const { number } = order;
    await spendGiftCards(tx, orderId, input.giftCards);
    await issueOrderGiftCards(tx, orderId, site, bag.giftCards ?? []);
    // The member's Beauty Pass: the reward's points taken (refused by the ledger when the balance no
    // longer covers them), the points earned, the year's spend, the clock of expiry restarted.
    if (member && userId !== null) {
      try {
        await applyOrderLoyalty(tx, { userId, orderId, number, country: site.country, spendMinor: figures.subtotalMinor - figures.discountMinor, pointsEarned: points, pointsUsed: taken?.pointsCost ?? 0, now: input.now });
      } catch (error) {
        if (error instanceof InsufficientPointsError) throw pointsInsufficient();
        throw error;
      }
    }

    const today = todayIn(site.country, input.now.getTime());
    const mail = orderConfirmationEmail({ number: NUMBER_TOKEN, email: input.email, site, bag, figures, delivery: input.delivery, payment: input.payment, points, giftCardsPaidMinor: appliedTotal(input.giftCards), reward: taken, placedAt: input.now });
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
      ...(userId !== null && bag.lines.length > 0 && input.delivery.method !== 'click_collect' ? saveAddress(userId, site.country, input.delivery.address) : []),
      sql`insert into outbox_emails (kind, to_address, subject, text, created_at)
        values (${mail.kind}, ${mail.to}, replace(${mail.subject}, ${NUMBER_TOKEN}, ${number}), replace(${mail.text}, ${NUMBER_TOKEN}, ${number}), ${input.now}::timestamptz)`,
      // The bag is spent: its lines, samples, cards and offer go, and its version moves on (a second tab's order finds it changed).
      sql`delete from cart_lines where cart_id = ${input.cartId}`,
      sql`delete from cart_samples where cart_id = ${input.cartId}`,
      sql`delete from cart_gift_cards where cart_id = ${input.cartId}`,
      ...(reward === null ? [] : [sql`delete from cart_rewards where cart_id = ${input.cartId}`]),
      sql`update carts set applied_offer_id = null, version = version + 1, updated_at = now() where id = ${input.cartId}`,
      // The hold is the order's to capture (settle.ts): its request has a minute to do it before the
      // sweeper may. Nothing returned: the sweeper released the hold first, and the order must not stand.
      input.payment.paymentId === null
        ? sql`select 1 as ours`
        : sql`insert into payment_settlements (payment_id, provider, decision, order_id, lease_until, created_at)
          values (${input.payment.paymentId}, ${input.payment.provider}, 'capture', ${orderId}, ${new Date(input.now.getTime() + SETTLE_AFTER_MS).toISOString()}::timestamptz, ${nowIso}::timestamptz)
          on conflict (payment_id) do nothing returning 1 as ours`,
      // The order as the answer shows it, in the same round trip (no read after the commit).
      orderJson(sql`o.id = ${orderId}`),
    ]);
    if ((written.at(-2) ?? []).length === 0) throw holdReleased();
    return { orderId, number, existing: false, order: orderOfRow(written.at(-1)?.[0] as { r: unknown } | undefined) };
  });
}

interface RewardRow {
  id: number;
  stock: number;
  name: string;
  points_cost: number;
}

interface HoldRow {
  /** Live holds of other bags. */
  others: number;
  /** This bag's hold is live (null: the bag's reward row is gone). */
  mine: boolean | string | null;
}

/**
 * The bag's reward as the order takes it (its row locked): a unit must be there for this bag — any
 * unit while its hold lasts (the hold set one aside), else one no other bag's live hold sets aside.
 */
function checkReward(bag: ServerBag, member: boolean, row: RewardRow | null, holds: HoldRow | null): { id: number; name: string; pointsCost: number } {
  if (bag.lines.length === 0) throw rewardWithoutGoods();
  if (!member || !row || !holds || holds.mine === null) throw rewardUnavailable();
  const live = holds.mine === true || holds.mine === 't';
  const available = Number(row.stock) - (live ? 0 : Number(holds.others));
  if (available <= 0) throw rewardUnavailable();
  return { id: Number(row.id), name: row.name, pointsCost: Number(row.points_cost) };
}

interface StockRow {
  id: number;
  stock: number;
  on_sale: boolean;
}

/**
 * Every line's units still there (the rows locked); else `sold_out` naming the lines short. A product
 * switched to coming soon since the bag was read blocks the order as the bag would (409 bag_blocked).
 */
function checkStock(bag: ServerBag, rows: readonly StockRow[]): void {
  if (rows.some((r) => r.on_sale === false)) throw bagBlocked('out_of_stock');
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

/** A member's address, saved once (by its normalised hash) and moved to the front when used again; SAVED_ADDRESSES_PER_COUNTRY kept per country. */
function saveAddress(userId: number, country: string, address: Address) {
  return [
    sql`insert into member_addresses (user_id, country_code, address, address_hash) values (${userId}, ${country}, ${JSON.stringify(address)}::jsonb, ${addressHash(address)})
      on conflict (user_id, country_code, address_hash) do update set last_used_at = now(), address = excluded.address`,
    sql`delete from member_addresses where user_id = ${userId} and country_code = ${country} and id not in (
      select id from member_addresses where user_id = ${userId} and country_code = ${country} order by last_used_at desc, id desc limit ${SAVED_ADDRESSES_PER_COUNTRY}::integer)`,
  ];
}
