import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BNPL_TERMS, bnplProvidersOf, FREE_SHIPPING_THRESHOLDS, POINTS_PER_UNIT, SAMPLE_LIMITS, TAX_RULES } from '../../src/config/cart.ts';
import { COUNTRIES, COUNTRY_CODES } from '../../src/config/countries.ts';
import { addDays, todayIn } from '../../src/contract/calendar-day.ts';
import { CART_MESSAGES, CartResponseSchema, CartScreenResponseSchema, OffersResponseSchema, SamplesResponseSchema } from '../../src/contract/cart.ts';
import type { ApiErrorBody } from '../../src/contract/site.ts';
import { pointsFor, roundMinor, taxPart } from '../../src/server/cart/bag.ts';
import { beautyPassMembers } from '../../src/server/db/schema.ts';
import { signIn } from '../helpers/account.ts';
import { insertUser } from '../helpers/auth.ts';
import { appTarget, cartCall, guestBag, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { createTestApp, json, type TestApp } from '../helpers/server.ts';

/** Issue 12: the bag's money per country, its samples and its offers. */
let t: TestApp;
let target: CartTarget;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 60 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let offset = 0;
const fresh = (count: number, country = 'SG') => variantsWithStock(target, count, 50, (offset += count) - count, country);
const bagOf = async (cookie: string, country?: string) => (await json(await cartCall(target, 'GET', '/cart/bag', { cookie, ...(country ? { country } : {}) }), CartResponseSchema)).data;

async function errorOf(response: Response, status: number): Promise<ApiErrorBody> {
  const body = (await response.json()) as ApiErrorBody;
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

async function member(tier: string | null): Promise<string> {
  const user = await insertUser(t.db);
  if (tier) await t.db.insert(beautyPassMembers).values({ userId: user.id, tier, termsVariant: 'test' });
  return signIn(t.app, user.email, user.password);
}


describe('money, per country', () => {
  it('computes the tax part of a tax-inclusive amount, rounded to what the country shows', () => {
    expect(taxPart('SG', 4990, 9)).toBe(412); // 49.90 × 9/109 = 4.1202…
    expect(taxPart('NZ', 2300, 15)).toBe(300);
    // Rupiah are whole: Rp 350,000 × 11/111 = Rp 34,684.68… → Rp 34,685.
    expect(taxPart('ID', 35_000_000, 11)).toBe(3_468_500);
    expect(roundMinor('ID', 1_234_567)).toBe(1_234_600);
    expect(pointsFor('SG', 12_390)).toBe(123);
    expect(pointsFor('ID', 35_000_000)).toBe(35);
  });

  it.each(COUNTRY_CODES.map((c) => [c]))('%s: live prices in the currency, its tax line, free-shipping progress, BNPL and points', async (country) => {
    const [variant] = await fresh(1, country);
    const cookie = await guestBag(target, variant ?? 0, country.toLowerCase());
    const bag = await bagOf(cookie, country.toLowerCase());
    const [row] = await target.query<{ amount: number; sale: number | null }>(
      `select amount_minor as amount, sale_amount_minor as sale from product_prices where country_code = '${country}' and product_id = (select product_id from variants where id = ${variant})`,
    );
    const unit = Number(row?.sale ?? row?.amount);
    const currency = COUNTRIES[country].currency;
    expect(bag.subtotal).toEqual({ currency, amount: unit / 100 });
    expect(bag.total).toEqual(bag.subtotal);
    const tax = TAX_RULES[country];
    expect(bag.tax).toEqual(tax ? { label: tax.label, percent: tax.percent, amount: { currency, amount: taxPart(country, unit, tax.percent) / 100 } } : null);
    const threshold = FREE_SHIPPING_THRESHOLDS[country].amount;
    expect(bag.shipping).toEqual({ threshold: { currency, amount: threshold }, remaining: { currency, amount: Math.max(0, threshold * 100 - unit) / 100 }, free: unit >= threshold * 100 });
    expect(bag.points.earn).toBe(Math.floor((unit / 100) * POINTS_PER_UNIT[country] + 1e-9));
    expect(bag.bnpl.map((b) => b.provider)).toEqual(bnplProvidersOf(country));
    for (const line of bag.bnpl) {
      const terms = BNPL_TERMS[country]?.find((x) => x.provider === line.provider);
      expect(line.available).toBe(unit >= (terms?.minimum ?? 0) * 100 && unit <= (terms?.maximum ?? 0) * 100);
      expect(line.instalment.amount * line.instalments).toBeGreaterThanOrEqual(unit / 100 - 0.01);
    }
    expect(bag.samples.limit).toBe(SAMPLE_LIMITS[country]);
  });

  it("names lines in the request's language", async () => {
    const [variant] = await fresh(1, 'TH');
    const cookie = await guestBag(target, variant ?? 0, 'th');
    const bag = (await json(await cartCall(target, 'GET', '/cart/bag', { cookie, country: 'th', headers: { 'Accept-Language': 'th-TH' } }), CartResponseSchema)).data;
    const [names] = await target.query<{ name: string }>(`select p.name ->> 'th' as name from variants v join products p on p.id = v.product_id where v.id = ${variant}`);
    expect(bag.lines[0]?.product.name).toBe(names?.name);
    expect(bag.lines[0]?.unitPrice.currency).toBe('THB');
  });
});

describe('cart/samples', () => {
  it("lists the country's samples with stock and takes picks up to the limit, never into the subtotal", async () => {
    const [variant] = await fresh(1);
    const cookie = await guestBag(target, variant ?? 0);
    const before = await bagOf(cookie);
    const { data } = await json(await cartCall(target, 'GET', '/cart/samples', { cookie }), SamplesResponseSchema);
    expect(data.limit).toBe(SAMPLE_LIMITS.SG);
    const inStock = data.choices.filter((s) => s.inStock);
    const soldOut = data.choices.find((s) => !s.inStock);
    expect(inStock.length).toBeGreaterThan(SAMPLE_LIMITS.SG);
    const picks = inStock.slice(0, 2).map((s) => s.id);
    const put = await json(await cartCall(target, 'PUT', '/cart/samples', { cookie, body: { sampleIds: picks } }), CartResponseSchema);
    expect(put.data.samples.chosen).toEqual(picks);
    expect((await json(await cartCall(target, 'GET', '/cart/samples', { cookie }), SamplesResponseSchema)).data.choices.filter((s) => s.chosen).map((s) => s.id)).toEqual(picks);
    const after = await bagOf(cookie);
    expect(after.samples.chosen).toEqual(picks);
    expect(after.subtotal).toEqual(before.subtotal);
    expect(after.count).toBe(before.count);

    const tooMany = await errorOf(await cartCall(target, 'PUT', '/cart/samples', { cookie, body: { sampleIds: inStock.slice(0, SAMPLE_LIMITS.SG + 1).map((s) => s.id) } }), 409);
    expect(tooMany.code).toBe('sample_limit');
    expect((await errorOf(await cartCall(target, 'PUT', '/cart/samples', { cookie, body: { sampleIds: [soldOut?.id] } }), 409)).code).toBe('sample_unavailable');
    const thai = (await json(await cartCall(target, 'GET', '/cart/samples', { country: 'th' }), SamplesResponseSchema)).data.choices[0]?.id;
    expect((await errorOf(await cartCall(target, 'PUT', '/cart/samples', { cookie, body: { sampleIds: [picks[0], thai] } }), 400)).errors).toEqual([{ field: 'body.sampleIds.1', message: 'is not a sample of this country' }]);
    // Refusals changed nothing.
    expect((await bagOf(cookie)).samples.chosen).toEqual(picks);
    await json(await cartCall(target, 'PUT', '/cart/samples', { cookie, body: { sampleIds: [] } }), CartResponseSchema);
    expect((await bagOf(cookie)).samples.chosen).toEqual([]);
  });
});

describe("today in the country's calendar (offers' validity)", () => {
  it('turns at local midnight, whatever was asked just before (the day is kept per minute only)', () => {
    // 2026-03-01 00:00 in Singapore (UTC+8) is 2026-02-28 16:00 UTC; Auckland is UTC+13 then (summer time).
    const sgMidnight = Date.UTC(2026, 1, 28, 16, 0);
    expect(todayIn('SG', sgMidnight - 1)).toBe('2026-02-28');
    expect(todayIn('SG', sgMidnight)).toBe('2026-03-01');
    expect(todayIn('SG', sgMidnight - 60_001)).toBe('2026-02-28');
    expect(todayIn('NZ', sgMidnight - 5 * 3_600_000)).toBe('2026-03-01');
    expect(todayIn('NZ', sgMidnight - 5 * 3_600_000 - 1)).toBe('2026-02-28');
    expect(todayIn('SG', sgMidnight + 59_999)).toBe('2026-03-01');
  });
});

describe('offers', () => {
  it('lists valid offers with and without a minimum spend, never an expired one or one not started yet', { tags: ['clock'] }, async () => {
    const [variant] = await fresh(1);
    const cookie = await guestBag(target, variant ?? 0);
    const subtotal = (await bagOf(cookie)).subtotal.amount;
    const { data } = await json(await cartCall(target, 'GET', '/cart/offers', { cookie }), OffersResponseSchema);
    expect(data.map((o) => o.code)).toEqual(['WELCOME10', 'FIRSTORDER', 'FLASH5', 'SPEND80']);
    expect(data[0]).toMatchObject({ minimumSpend: null, applies: true, applied: false, tiers: null, remaining: { amount: 0 } });
    expect(data[3]).toMatchObject({ minimumSpend: { currency: 'SGD', amount: 80 }, applies: subtotal >= 80, remaining: { amount: Math.max(0, Math.round((80 - subtotal) * 100)) / 100 } });
    for (const offer of data) expect(offer.validTill >= todayIn('SG')).toBe(true);
  });

  it("applies and removes an offer; unknown or another tier's: 404 'Offer not found'; ended: 404 offer_expired", { tags: ['clock'] }, async () => {
    const [variant] = await fresh(1);
    const cookie = await guestBag(target, variant ?? 0);
    const applied = (await json(await cartCall(target, 'POST', '/cart/offers', { cookie, body: { code: ' welcome10 ' } }), CartResponseSchema, 201)).data;
    const subtotalMinor = Math.round(applied.subtotal.amount * 100);
    expect(applied.appliedOffer?.code).toBe('WELCOME10');
    expect(applied.discount.amount).toBe(Math.round(subtotalMinor / 10) / 100);
    expect(applied.total.amount).toBeCloseTo(applied.subtotal.amount - applied.discount.amount, 2);
    const listed = (await json(await cartCall(target, 'GET', '/cart/offers', { cookie }), OffersResponseSchema)).data;
    expect(listed.find((o) => o.code === 'WELCOME10')?.applied).toBe(true);

    for (const code of ['NOPE', 'BPGOLD20']) {
      const refused = await errorOf(await cartCall(target, 'POST', '/cart/offers', { cookie, body: { code } }), 404);
      expect(refused).toMatchObject({ code: 'offer_not_found', message: CART_MESSAGES.offerNotFound });
    }
    expect(await errorOf(await cartCall(target, 'POST', '/cart/offers', { cookie, body: { code: 'SUMMER24' } }), 404)).toMatchObject({ code: 'offer_expired', validTill: '2024-08-31' });
    // The seeded offer starts on 1 January 2030: moved to a month from the store's today, so the refusal holds in any year.
    const starts = addDays(todayIn('SG'), 30);
    await target.query(`update offers set valid_from = '${starts}', valid_till = '${addDays(starts, 30)}' where code = 'NEWYEAR30' and country_code = 'SG'`);
    expect(await errorOf(await cartCall(target, 'POST', '/cart/offers', { cookie, body: { code: 'NEWYEAR30' } }), 409)).toMatchObject({ code: 'offer_not_started', validFrom: starts });
    const removed = (await json(await cartCall(target, 'DELETE', '/cart/offers', { cookie }), CartResponseSchema)).data;
    expect(removed).toMatchObject({ appliedOffer: null, discount: { amount: 0 } });
    expect(removed.total).toEqual(removed.subtotal);
  });

  it('refuses an offer whose minimum spend is not reached (409)', { tags: ['clock'] }, async () => {
    await target.query(`update product_prices set amount_minor = 1990, sale_amount_minor = null, effective_minor = 1990 where country_code = 'SG' and product_id = (select product_id from variants where id = ${(await fresh(1))[0]})`);
    const [variant] = await target.query<{ id: number }>(`select v.id from variants v join products p on p.id = v.product_id join product_prices pp on pp.product_id = v.product_id and pp.country_code = 'SG' where pp.amount_minor = 1990 and v.stock > 0 and not ('coming_soon' = any(p.badges)) limit 1`);
    const cookie = await guestBag(target, Number(variant?.id));
    expect((await errorOf(await cartCall(target, 'POST', '/cart/offers', { cookie, body: { code: 'SPEND80' } }), 409)).code).toBe('offer_minimum_spend');
  });

  it('lists Beauty Pass offers of the member tier only; none for guests', { tags: ['clock'] }, async () => {
    const gold = await member('gold');
    const pink = await member('pink');
    const codes = async (cookie?: string) => (await json(await cartCall(target, 'GET', '/cart/beauty-pass-offers', cookie ? { cookie } : {}), OffersResponseSchema)).data.map((o) => o.code);
    expect(await codes(gold)).toEqual(['BPGOLD20', 'BPMEMBER15']);
    expect(await codes(pink)).toEqual(['BPPINK5']);
    expect(await codes(await member(null))).toEqual([]);
    expect(await codes()).toEqual([]);
    const [variant] = await fresh(1);
    await cartCall(target, 'POST', '/cart/line-items', { cookie: gold, body: { variantId: variant, quantity: 1 } });
    const bag = (await json(await cartCall(target, 'POST', '/cart/offers', { cookie: gold, body: { code: 'BPGOLD20' } }), CartResponseSchema, 201)).data;
    expect(bag.appliedOffer?.code).toBe('BPGOLD20');
    expect(bag.points.valid).toEqual({ amount: 0, expiresOn: null });
    expect((await errorOf(await cartCall(target, 'POST', '/cart/offers', { cookie: pink, body: { code: 'BPGOLD20' } }), 404)).code).toBe('offer_not_found');
  });

  it('answers the whole bag screen in one read (GET cart/)', { tags: ['clock'] }, async () => {
    const [variant] = await fresh(1);
    const cookie = await guestBag(target, variant ?? 0);
    const { data } = await json(await cartCall(target, 'GET', '/cart', { cookie }), CartScreenResponseSchema);
    expect(data.bag.count).toBe(1);
    expect(data.samples.choices.length).toBeGreaterThan(0);
    expect(data.offers.map((o) => o.code)).toContain('WELCOME10');
    expect(data.beautyPassOffers).toEqual([]);
  });
});
