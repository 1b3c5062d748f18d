import { sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '../../config/cart.ts';
import type { CountryCode, Site } from '../../config/countries.ts';
import type { BeautyPassOffer, Reward, RewardList, RewardRefusal } from '../../contract/beauty-pass.ts';
import { CART_ERROR_CODES, CART_MESSAGES } from '../../contract/cart.ts';
import type { TierName } from '../../contract/loyalty.ts';
import { money } from '../cart/bag.ts';
import type { CartOwner } from '../cart/owner.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import { memberCountry } from '../cart/read.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { ApiError } from '../http/errors.ts';
import { pointsSummaryOf } from './rules.ts';

/*
 * Reads of the rewards boutique and the Beauty Pass offers (issue 15; spec §1, §5, §6, §7
 * `rewards`, §8). Reads never write: a member's balance is the one settlement would leave today
 * (`pointsSummaryOf`), so the list agrees with `GET beauty-pass` whether or not the job ran.
 */

/** What the caller is, for the refusals: a visitor, a signed-in non-member, or a member with a tier and a balance. */
export type RewardCaller =
  | { kind: 'visitor' }
  | { kind: 'non_member' }
  | { kind: 'member'; tier: TierName; balance: number; /** The caller's bag in this country holds a reward. */ bagHoldsReward: boolean };

/** A reward's facts the refusal is decided on. */
export interface RewardFacts {
  tiers: readonly string[];
  pointsCost: number;
  /** Stock less the live holds of other bags. */
  available: number;
}

/**
 * Why the caller cannot redeem the reward now, most fundamental first (REWARD_REFUSALS' order):
 * the list shows it per reward and `POST cart/rewards` refuses with it, so both say the same.
 */
export function rewardRefusal(caller: RewardCaller, reward: RewardFacts): RewardRefusal | null {
  if (caller.kind === 'visitor') return 'sign_in';
  if (caller.kind === 'non_member') return 'not_member';
  if (!reward.tiers.includes(caller.tier)) return 'tier';
  if (reward.available <= 0) return 'out_of_stock';
  if (caller.balance < reward.pointsCost) return 'points';
  if (caller.bagHoldsReward) return 'one_per_transaction';
  return null;
}

export function rewardStockOf(available: number): Reward['stock'] {
  const units = Math.max(0, available);
  if (units === 0) return { state: 'out_of_stock', available: 0 };
  return { state: units <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock', available: units };
}

interface CallerRow {
  tier: TierName | null;
  points: number | null;
  points_active_on: string | null;
  country: string;
  cart_id: number | null;
  held: boolean;
}

/** The caller as the refusals see it, and their bag's id in `country` (null: no bag yet, or a visitor). */
export async function rewardCaller(db: Db, owner: CartOwner, country: CountryCode, now: Date): Promise<{ caller: RewardCaller; cartId: number | null }> {
  if (owner.kind !== 'member') return { caller: { kind: 'visitor' }, cartId: null };
  const [row] = await queryRows<CallerRow>(
    db,
    sql`select m.tier, m.points, m.points_active_on::text as points_active_on, u.country, c.id as cart_id,
          exists (select 1 from cart_rewards cr where cr.cart_id = c.id) as held
        from users u
        left join beauty_pass_members m on m.user_id = u.id
        left join carts c on c.user_id = u.id and c.country_code = ${country}
        where u.id = ${owner.userId}`,
  );
  if (!row) return { caller: { kind: 'visitor' }, cartId: null };
  const cartId = row.cart_id === null ? null : Number(row.cart_id);
  if (row.tier === null || row.points === null || row.points_active_on === null) return { caller: { kind: 'non_member' }, cartId };
  const today = todayIn(memberCountry(row.country, country), now.getTime());
  const { balance } = pointsSummaryOf({ points: Number(row.points), pointsActiveOn: row.points_active_on }, today);
  return { caller: { kind: 'member', tier: row.tier, balance, bagHoldsReward: row.held === true || String(row.held) === 't' }, cartId };
}

interface RewardRow {
  id: number;
  name: string;
  description: string;
  image_url: string;
  points_cost: number;
  tiers: TierName[] | string;
  stock: number;
  held: number;
}

/** PGlite's simple protocol may answer a text[] as its literal (`{pink,white}`). */
export function tiersOf(value: readonly string[] | string): TierName[] {
  if (Array.isArray(value)) return value as TierName[];
  return String(value).replace(/^\{|\}$/g, '').split(',').filter(Boolean) as TierName[];
}

/**
 * `GET rewards`: the country's rewards by points cost (cheapest first unless `points_desc`), each
 * with its stock as the caller may have it (stock less other bags' live holds) and why the caller
 * cannot redeem it now; `meta` the caller's balance and tier (null for visitors and non-members).
 */
export async function listRewards(db: Db, owner: CartOwner, site: Site, sort: 'points_asc' | 'points_desc', now: Date): Promise<RewardList> {
  const { caller, cartId } = await rewardCaller(db, owner, site.country, now);
  const rows = await queryRows<RewardRow>(
    db,
    sql`select r.id, r.name ->> ${site.language} as name, r.description ->> ${site.language} as description, r.image_url, r.points_cost, r.tiers, r.stock,
          (select count(*)::int from cart_rewards cr where cr.reward_id = r.id and cr.held_until > ${now.toISOString()}::timestamptz and cr.cart_id <> ${cartId ?? 0}) as held
        from rewards r where r.country_code = ${site.country}
        order by r.points_cost ${sort === 'points_desc' ? sql`desc` : sql`asc`}, r.id`,
  );
  const data = rows.map((row): Reward => {
    const available = Number(row.stock) - Number(row.held);
    const tiers = tiersOf(row.tiers);
    const pointsCost = Number(row.points_cost);
    return {
      id: Number(row.id),
      name: row.name,
      description: row.description,
      imageUrl: row.image_url,
      pointsCost,
      tiers,
      stock: rewardStockOf(available),
      refusal: rewardRefusal(caller, { tiers, pointsCost, available }),
    };
  });
  return { data, meta: caller.kind === 'member' ? { balance: caller.balance, tier: caller.tier } : { balance: null, tier: null } };
}

interface OfferRow {
  code: string;
  title: string;
  description: string;
  minimum_spend_minor: number | null;
  kind: 'percent' | 'amount';
  value: number;
  valid_till: string;
  tiers: TierName[] | string;
}

/** The Beauty Pass offers (offers with tiers) of the country valid today in its calendar; `code` narrows to one (any case). */
async function beautyPassOfferRows(db: Db, site: Site, now: Date, code: string | null): Promise<OfferRow[]> {
  const today = todayIn(site.country, now.getTime());
  return queryRows<OfferRow>(
    db,
    sql`select o.code, o.title ->> ${site.language} as title, o.description ->> ${site.language} as description, o.minimum_spend_minor, o.kind, o.value, o.valid_till::text as valid_till, o.tiers
        from offers o
        where o.country_code = ${site.country} and o.tiers is not null
          and o.valid_till >= ${today}::date and (o.valid_from is null or o.valid_from <= ${today}::date)
          ${code === null ? sql`` : sql`and upper(o.code) = upper(${code})`}
        order by o.minimum_spend_minor nulls first, o.id`,
  );
}

async function callerTier(db: Db, owner: CartOwner): Promise<TierName | null> {
  if (owner.kind !== 'member') return null;
  const [row] = await queryRows<{ tier: TierName }>(db, sql`select tier from beauty_pass_members where user_id = ${owner.userId}`);
  return row?.tier ?? null;
}

function offerOf(site: Site, row: OfferRow, tier: TierName | null): BeautyPassOffer {
  const tiers = tiersOf(row.tiers);
  return {
    code: row.code,
    title: row.title,
    description: row.description,
    amount: row.kind === 'amount' ? money(site.country, Number(row.value)) : null,
    minimumSpend: row.minimum_spend_minor === null ? null : money(site.country, Number(row.minimum_spend_minor)),
    validTill: row.valid_till,
    tiers,
    eligible: tier !== null && tiers.includes(tier),
  };
}

/** `GET beauty-pass/offers`: every Beauty Pass offer of the country valid today, with whether the caller's tier may use it. */
export async function listBeautyPassOffers(db: Db, owner: CartOwner, site: Site, now: Date): Promise<BeautyPassOffer[]> {
  const [rows, tier] = await Promise.all([beautyPassOfferRows(db, site, now, null), callerTier(db, owner)]);
  return rows.map((row) => offerOf(site, row, tier));
}

/** `GET beauty-pass/offers/{code}`: one of them; unknown, of another country, not started or ended: 404 'Offer not found' (spec §8). */
export async function showBeautyPassOffer(db: Db, owner: CartOwner, site: Site, code: string, now: Date): Promise<BeautyPassOffer> {
  const [[row], tier] = await Promise.all([beautyPassOfferRows(db, site, now, code), callerTier(db, owner)]);
  if (!row) throw new ApiError(404, CART_MESSAGES.offerNotFound, undefined, { code: CART_ERROR_CODES.offerNotFound });
  return offerOf(site, row, tier);
}
