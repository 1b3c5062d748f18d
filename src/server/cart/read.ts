import { sql, type SQL } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode, type Site } from '../../config/countries.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { CartReward } from '../../contract/beauty-pass.ts';
import type { Cart } from '../../contract/cart.ts';
import { productImageUrl } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { integerArray, jsonOf, queryRows } from '../db/query.ts';
import type { MergeNoticeEntry } from '../db/schema.ts';
import { pointsSummaryOf } from '../loyalty/rules.ts';
import { computeBag, type BagInput, type GiftCardLineRow, type LineRow, type OfferRow } from './bag.ts';
import { hashToken, type CartOwner } from './owner.ts';

/*
 * Reads of the bag: the count for the header (one indexed query, no prices) and the whole bag
 * (the cart row, its lines joined with live stock, names and the country's prices, its samples).
 * Both are calls of the PL/pgSQL functions of src/server/db/functions/cart.sql, whose statements are
 * planned once per connection: planning the bag's query took longer than running it.
 */

/** A member's country as stored (`users.country`): their calendar decides when points expire (issue 15). */
export function memberCountry(stored: string, fallback: CountryCode): CountryCode {
  const upper = stored.toUpperCase();
  return (COUNTRY_CODES as readonly string[]).includes(upper) ? (upper as CountryCode) : fallback;
}

/**
 * The owner as the bag functions' first two arguments (src/server/db/functions/cart.sql): a member's id, or a guest's
 * token hash; null: a guest without a token has no bag. Typed casts, so the call resolves alike on
 * PGlite's simple protocol and node-postgres' parameters.
 */
export function ownerArgs(owner: CartOwner, token = owner.kind === 'guest' ? owner.token : null): SQL | null {
  if (owner.kind === 'member') return sql`${owner.userId}::integer, null::text`;
  if (token === null) return null;
  return sql`null::integer, ${hashToken(token)}::text`;
}

/** `cart/items-count`: units in the bag and its version (0 and 0 without a bag); the header asks it on every page view (`cart_items_count`, src/server/db/functions/cart.sql). */
export async function itemsCount(db: Db, owner: CartOwner, country: CountryCode): Promise<{ count: number; version: number }> {
  const args = ownerArgs(owner);
  const counted = args ? await jsonOf<{ count: number; version: number }>(db, sql`select cart_items_count(${args}, ${country}::text) as r`) : null;
  return counted ? { count: Number(counted.count), version: Number(counted.version) } : { count: 0, version: 0 };
}

/** What `cart_bag_json` answers (src/server/db/functions/cart.sql). */
export interface BagRow {
  id: number;
  version: number;
  mergeNotice: MergeNoticeEntry[] | null;
  chosen: number[];
  offer: OfferRow | null;
  lines: RawLine[];
  /** Absent from answers of the function before migration 0011. */
  giftCards?: RawGiftCard[];
}

type RawGiftCard = [number, number, string, string, string, string, string];
/** The last element, whether the product is on sale, is absent from answers of the function before migration 0019. */
type RawLine = [number, number, number, string, string, string, string, number, string, string, 'shade' | 'size', string | null, number, number | null, number | null, boolean?];

/** PGlite's simple protocol may answer json as text, node-postgres as parsed values. */
export function parsed<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export interface ReadBagOptions {
  /** Clears the merge notice once it has been read (GET cart/bag and cart/ show it once). */
  consumeNotice?: boolean;
  now?: number;
}

export type ServerBag = Cart & { cartId: number | null };

/** What a signed-in shopper's bag shows beside its lines: their usable points and the reward in the bag (issue 15). */
interface MemberExtras {
  member: BagInput['member'];
  reward: CartReward | null;
}

const GUEST_EXTRAS: MemberExtras = { member: null, reward: null };

interface MemberExtrasRow {
  points: number | null;
  points_active_on: string | null;
  country: string;
  reward: RewardJson | string | null;
}

interface RewardJson {
  id: number;
  name: string;
  imageUrl: string;
  pointsCost: number;
  heldUntil: string;
}

/**
 * A member's points as settlement would leave them today (reads never write: `pointsSummaryOf`) and
 * the reward their bag in this country holds, in one statement; a guest needs none of it, so the
 * guests' hot paths (the add, placing an order) keep their round trips.
 */
async function memberExtras(db: Db, owner: CartOwner, { country, language }: Site, now: number): Promise<MemberExtras> {
  if (owner.kind !== 'member') return GUEST_EXTRAS;
  const [row] = await queryRows<MemberExtrasRow>(
    db,
    sql`select m.points, m.points_active_on::text as points_active_on, u.country,
          (select json_build_object('id', r.id, 'name', r.name ->> ${language}, 'imageUrl', r.image_url, 'pointsCost', r.points_cost, 'heldUntil', cr.held_until)
            from carts c join cart_rewards cr on cr.cart_id = c.id join rewards r on r.id = cr.reward_id
            where c.user_id = u.id and c.country_code = ${country}) as reward
        from users u left join beauty_pass_members m on m.user_id = u.id where u.id = ${owner.userId}`,
  );
  // A signed-in shopper outside the programme has no points to use.
  if (!row || row.points === null || row.points_active_on === null) return { member: { validPoints: 0, expiresOn: null }, reward: rewardOf(row?.reward ?? null, now) };
  const summary = pointsSummaryOf({ points: Number(row.points), pointsActiveOn: row.points_active_on }, todayIn(memberCountry(row.country, country), now));
  return { member: { validPoints: summary.balance, expiresOn: summary.expiry?.on ?? null }, reward: rewardOf(row.reward, now) };
}

function rewardOf(value: RewardJson | string | null, now: number): CartReward | null {
  const reward = parsed(value);
  if (!reward) return null;
  const heldUntil = new Date(reward.heldUntil);
  return {
    id: Number(reward.id),
    name: reward.name,
    imageUrl: reward.imageUrl,
    pointsCost: Number(reward.pointsCost),
    // A lapsed hold is no longer set aside for this bag: the order takes the reward only if a unit is still there.
    heldUntil: heldUntil.getTime() > now ? heldUntil.toISOString() : null,
  };
}

/** The whole bag of the owner in the request's site; an empty bag (version 0) when there is none yet. */
const mergePending = (owner: CartOwner): boolean => owner.kind === 'member' && owner.guestBagLeft === true;

export async function readBag(db: Db, owner: CartOwner, site: Site, options: ReadBagOptions = {}): Promise<ServerBag> {
  const { country, language } = site;
  const args = ownerArgs(owner);
  if (!args) return emptyBag(owner, site, GUEST_EXTRAS);
  // One round trip, planned once per connection: the cart, its lines with live stock, names and prices, its samples, its offer while still valid.
  const [[row], extras] = await Promise.all([
    queryRows<{ r: BagRow | string | null }>(db, sql`select cart_read(${args}, ${country}::text, ${language}::text, ${todayIn(country, options.now)}::date) as r`),
    memberExtras(db, owner, site, options.now ?? Date.now()),
  ]);
  const bag = row ? parsed(row.r) : null;
  return bag ? bagOf(db, owner, site, bag, options, extras) : emptyBag(owner, site, extras);
}

function emptyBag(owner: CartOwner, { country, language }: Site, extras: MemberExtras): ServerBag {
  return { ...computeBag({ country, language, version: 0, lines: [], chosenSamples: [], appliedOffer: null, member: extras.member, reward: extras.reward, mergeNotice: null, mergePending: mergePending(owner) }), cartId: null };
}

/** The bag computed from what `cart_bag_json` answered (a read's or a write's). */
export async function bagOf(db: Db, owner: CartOwner, site: Site, row: BagRow, options: ReadBagOptions = {}, known?: MemberExtras): Promise<ServerBag> {
  const { country, language } = site;
  const lines: LineRow[] = (parsed(row.lines) ?? []).map((l) => ({
    id: l[0],
    quantity: l[1],
    productId: l[2],
    slug: l[3],
    productName: l[4],
    brandSlug: l[5],
    brandName: l[6],
    variantId: l[7],
    sku: l[8],
    variantName: l[9],
    kind: l[10],
    colorHex: l[11],
    stock: l[12],
    amountMinor: l[13],
    saleAmountMinor: l[14],
    onSale: l[15] !== false,
    imageUrl: productImageUrl(l[2], l[7]),
  }));
  const giftCards: GiftCardLineRow[] = (parsed(row.giftCards ?? null) ?? []).map((g) => ({
    id: Number(g[0]),
    amountMinor: Number(g[1]),
    recipientName: g[2],
    recipientEmail: g[3],
    senderName: g[4],
    message: g[5],
    sendOn: g[6],
  }));
  const extras = known ?? (await memberExtras(db, owner, site, options.now ?? Date.now()));
  const notice = parsed(row.mergeNotice);
  let mergeNotice: Cart['mergeNotice'] = null;
  if (notice && notice.length > 0) {
    mergeNotice = await noticeNames(db, notice, site);
    // Shown once: the read that shows it clears it (a compare on the same value, so a newer notice stays).
    if (options.consumeNotice) await db.execute(sql`update carts set merge_notice = null where id = ${row.id} and merge_notice = ${JSON.stringify(notice)}::jsonb`);
  }
  const bag = computeBag({
    country,
    language,
    version: Number(row.version),
    lines,
    giftCards,
    chosenSamples: parsed(row.chosen) ?? [],
    appliedOffer: parsed(row.offer),
    member: extras.member,
    reward: extras.reward,
    mergeNotice,
    mergePending: mergePending(owner),
  });
  return { ...bag, cartId: Number(row.id) };
}

async function noticeNames(db: Db, notice: MergeNoticeEntry[], { language }: Site): Promise<NonNullable<Cart['mergeNotice']>> {
  const ids = notice.map((n) => n.variantId).filter((id) => Number.isSafeInteger(id));
  const rows =
    ids.length === 0
      ? []
      : await queryRows<{ id: number; product: string; variant: string }>(
          db,
          sql`select v.id, p.name ->> ${language} as product, v.name ->> ${language} as variant from variants v join products p on p.id = v.product_id where v.id = any(${integerArray(ids)})`,
        );
  const names = new Map(rows.map((r) => [Number(r.id), r]));
  return notice.map((n) => ({ productName: names.get(n.variantId)?.product ?? '', variantName: names.get(n.variantId)?.variant ?? '', requested: n.requested, kept: n.kept }));
}
