import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { SAMPLE_LIMITS } from '../../config/cart.ts';
import type { CountryCode, Site } from '../../config/countries.ts';
import { CART_ERROR_CODES, CART_MESSAGES, type Offer, type SampleChoice } from '../../contract/cart.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { beautyPassMembers, cartSamples, carts, offerRedemptions, offers, samples } from '../db/schema.ts';
import { ApiError, invalidRequest } from '../http/errors.ts';
import { offerView, type OfferRow } from './bag.ts';
import { bumpVersion, findCartId, lockCart, type CartOwner } from './owner.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { WriteResult } from './lines.ts';

/*
 * What the bag offers beside its lines: the country's samples (free, picked up to a limit) and its
 * offers (everyone's, and the Beauty Pass offers of the member's tier). Writes lock the bag's row
 * like the line writes do.
 */

/** A sachet drawn in the sample's own colour: samples have no product pictures, and `data:` images are allowed by the pages' policy. */
function sampleImage(id: number): string {
  const hue = (id * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect x="8" y="4" width="24" height="32" rx="3" fill="hsl(${hue},45%,78%)"/><rect x="8" y="4" width="24" height="6" fill="hsl(${hue},35%,55%)"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export async function listSamples(db: Db, owner: CartOwner, { country, language }: Site): Promise<{ limit: number; choices: SampleChoice[] }> {
  const cartId = await findCartId(db, owner, country);
  const rows = await db
    .select({ id: samples.id, name: samples.name, stock: samples.stock, chosen: sql<boolean>`${cartSamples.sampleId} is not null` })
    .from(samples)
    .leftJoin(cartSamples, and(eq(cartSamples.sampleId, samples.id), eq(cartSamples.cartId, cartId ?? 0)))
    .where(eq(samples.countryCode, country))
    .orderBy(asc(samples.position), asc(samples.id));
  return {
    limit: SAMPLE_LIMITS[country],
    choices: rows.map((r) => ({ id: r.id, name: r.name[language], imageUrl: sampleImage(r.id), inStock: r.stock > 0, chosen: Boolean(r.chosen) })),
  };
}

/** `PUT cart/samples`: replaces the picks; every id a sample of this country, in stock, at most the country's limit. */
export async function replaceSamples(db: Db, owner: CartOwner, country: CountryCode, requested: readonly number[]): Promise<WriteResult> {
  const ids = [...new Set(requested)];
  const limit = SAMPLE_LIMITS[country];
  if (ids.length > limit) {
    throw new ApiError(409, `At most ${limit} samples per purchase`, [{ field: 'body.sampleIds', message: `must hold at most ${limit} samples` }], { code: CART_ERROR_CODES.sampleLimit, limit });
  }
  return db.transaction(async (tx) => {
    const found = ids.length === 0 ? [] : await tx.select({ id: samples.id, stock: samples.stock }).from(samples).where(and(eq(samples.countryCode, country), inArray(samples.id, ids)));
    const byId = new Map(found.map((s) => [s.id, s]));
    const unknown = ids.findIndex((id) => !byId.has(id));
    if (unknown >= 0) throw invalidRequest([{ field: `body.sampleIds.${requested.indexOf(ids[unknown] ?? 0)}`, message: 'is not a sample of this country' }]);
    const gone = ids.find((id) => (byId.get(id)?.stock ?? 0) <= 0);
    if (gone !== undefined) {
      throw new ApiError(409, 'Sample out of stock', [{ field: `body.sampleIds.${requested.indexOf(gone)}`, message: 'is out of stock' }], { code: CART_ERROR_CODES.sampleUnavailable });
    }
    const { cart, newToken } = await lockCart(tx, owner, country);
    // Samples come with a parcel: a bag of e-gift cards only takes none (read under the bag's lock).
    if (ids.length > 0 && (await giftCardsOnly(tx, cart.id))) {
      throw new ApiError(409, 'Samples come with products: this bag has none', [{ field: 'body.sampleIds', message: 'must be empty for a bag without products' }], { code: CART_ERROR_CODES.sampleLimit, limit: 0 });
    }
    await tx.delete(cartSamples).where(eq(cartSamples.cartId, cart.id));
    if (ids.length > 0) await tx.insert(cartSamples).values(ids.map((sampleId) => ({ cartId: cart.id, sampleId })));
    return { version: await bumpVersion(tx, cart.id), newToken };
  });
}

/** `isGiftCardsOnly` of the bag's rows: e-gift cards and no goods. */
async function giftCardsOnly(tx: Db, cartId: number): Promise<boolean> {
  const rows = rowsOf<{ only: boolean }>(
    await tx.execute(sql`select (exists (select 1 from cart_gift_cards where cart_id = ${cartId}) and not exists (select 1 from cart_lines where cart_id = ${cartId})) as only`),
  );
  return rows[0]?.only === true;
}

/** The member's Beauty Pass tier; null for guests and for accounts outside the programme. */
export async function memberTier(db: Db, owner: CartOwner): Promise<string | null> {
  if (owner.kind !== 'member') return null;
  const [row] = await db.select({ tier: beautyPassMembers.tier }).from(beautyPassMembers).where(eq(beautyPassMembers.userId, owner.userId));
  return row?.tier ?? null;
}

const OFFER_COLUMNS = {
  id: offers.id,
  code: offers.code,
  title: offers.title,
  description: offers.description,
  kind: offers.kind,
  value: offers.value,
  minimumSpendMinor: offers.minimumSpendMinor,
  validTill: offers.validTill,
  tiers: offers.tiers,
};

/** Offers valid today in the country: everyone's (`beautyPass` false) or those for `tier`. */
async function validOffers(db: Db, country: CountryCode, beautyPass: boolean, tier: string | null, now?: number): Promise<OfferRow[]> {
  if (beautyPass && tier === null) return [];
  const rows = await db
    .select(OFFER_COLUMNS)
    .from(offers)
    .where(
      and(
        eq(offers.countryCode, country),
        sql`${offers.validTill} >= ${todayIn(country, now)}::date`,
        sql`(${offers.validFrom} is null or ${offers.validFrom} <= ${todayIn(country, now)}::date)`,
        beautyPass ? sql`${tier} = any(${offers.tiers})` : sql`${offers.tiers} is null`,
      ),
    )
    .orderBy(sql`${offers.minimumSpendMinor} nulls first`, asc(offers.id));
  return rows;
}

/** `GET cart/offers` and `cart/beauty-pass-offers`: those that apply to the bag now and those that would after spending more. */
export async function listOffers(db: Db, owner: CartOwner, site: Site, beautyPass: boolean, bag: { subtotalMinor: number; appliedCode: string | null }): Promise<Offer[]> {
  const tier = beautyPass ? await memberTier(db, owner) : null;
  const rows = await validOffers(db, site.country, beautyPass, tier);
  const appliedId = rows.find((r) => r.code === bag.appliedCode)?.id ?? null;
  return rows.map((row) => offerView(site.country, site.language, row, bag.subtotalMinor, appliedId));
}

/** The bag's subtotal in minor units at live prices, read inside the write's transaction (PGlite has one connection: never `db` there). */
async function subtotalOf(tx: Db, cartId: number, country: CountryCode): Promise<number> {
  const rows = rowsOf<{ subtotal: number }>(
    await tx.execute(sql`select coalesce(sum(l.quantity * coalesce(pp.sale_amount_minor, pp.amount_minor, 0)), 0)::int as subtotal
      from cart_lines l join variants v on v.id = l.variant_id
      left join product_prices pp on pp.product_id = v.product_id and pp.country_code = ${country}
      where l.cart_id = ${cartId}`),
  );
  return Number(rows[0]?.subtotal ?? 0);
}

function offerNotFound(): ApiError {
  return new ApiError(404, CART_MESSAGES.offerNotFound, undefined, { code: CART_ERROR_CODES.offerNotFound });
}

/**
 * `POST cart/offers`: applies an offer by its code (any case). Unknown, of another country or not
 * for this member's tier: 404 'Offer not found'. Otherwise every refusal names its reason: ended
 * (404 offer_expired), not started (409), used up in all or by this member (409, counted again
 * under a lock when the order is placed), minimum spend not reached yet (409).
 */
export async function applyOffer(db: Db, owner: CartOwner, country: CountryCode, code: string): Promise<WriteResult> {
  const [offer] = await db
    .select({ ...OFFER_COLUMNS, validFrom: offers.validFrom, usageLimitTotal: offers.usageLimitTotal, usageLimitPerCustomer: offers.usageLimitPerCustomer })
    .from(offers)
    .where(and(eq(offers.countryCode, country), sql`upper(${offers.code}) = upper(${code})`));
  if (!offer) throw offerNotFound();
  if (offer.tiers !== null) {
    const tier = await memberTier(db, owner);
    if (tier === null || !offer.tiers.includes(tier)) throw offerNotFound();
  }
  const today = todayIn(country);
  if (offer.validTill < today) throw new ApiError(404, 'This offer has ended', undefined, { code: CART_ERROR_CODES.offerExpired, validTill: offer.validTill });
  if (offer.validFrom !== null && offer.validFrom > today) throw new ApiError(409, 'This offer has not started yet', undefined, { code: CART_ERROR_CODES.offerNotStarted, validFrom: offer.validFrom });
  await checkUses(db, owner, offer);
  return db.transaction(async (tx) => {
    const { cart, newToken } = await lockCart(tx, owner, country);
    if (offer.minimumSpendMinor !== null && (await subtotalOf(tx, cart.id, country)) < offer.minimumSpendMinor) {
      throw new ApiError(409, 'The minimum spend of this offer is not reached', [{ field: 'body.code', message: 'needs a higher spend' }], { code: CART_ERROR_CODES.offerMinimumSpend });
    }
    await tx.update(carts).set({ appliedOfferId: offer.id }).where(eq(carts.id, cart.id));
    return { version: await bumpVersion(tx, cart.id), newToken };
  });
}

/** Early word on a code's limits (a guest's email is known only at checkout, where commit.ts counts again under the offer's lock). */
async function checkUses(db: Db, owner: CartOwner, offer: { id: number; usageLimitTotal: number | null; usageLimitPerCustomer: number | null }): Promise<void> {
  if (offer.usageLimitTotal === null && (offer.usageLimitPerCustomer === null || owner.kind !== 'member')) return;
  const mine = owner.kind === 'member' ? sql`count(*) filter (where ${offerRedemptions.userId} = ${owner.userId})::int` : sql`0`;
  const [used] = await db.select({ total: sql<number>`count(*)::int`, mine: sql<number>`${mine}` }).from(offerRedemptions).where(eq(offerRedemptions.offerId, offer.id));
  if (offer.usageLimitTotal !== null && Number(used?.total ?? 0) >= offer.usageLimitTotal) {
    throw new ApiError(409, 'This code has been used as often as it may be', undefined, { code: CART_ERROR_CODES.offerUsedUp });
  }
  if (offer.usageLimitPerCustomer !== null && Number(used?.mine ?? 0) >= offer.usageLimitPerCustomer) {
    throw new ApiError(409, 'You have used this code as often as it may be', undefined, { code: CART_ERROR_CODES.offerCustomerLimit });
  }
}

/** `DELETE cart/offers`: removes the applied offer (nothing to do without a bag). */
export async function removeOffer(db: Db, owner: CartOwner, country: CountryCode): Promise<void> {
  const cartId = await findCartId(db, owner, country);
  if (cartId === null) return;
  await db.transaction(async (tx) => {
    const { cart } = await lockCart(tx, owner, country);
    await tx.update(carts).set({ appliedOfferId: null }).where(eq(carts.id, cart.id));
    await bumpVersion(tx, cart.id);
  });
}
