import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BNPL_TERMS, SAMPLE_LIMITS } from '../../src/config/cart.ts';
import { instalmentPlans } from '../../src/config/instalments.ts';
import { COUNTRIES, COUNTRY_CODES, languageFor, type CountryCode } from '../../src/config/countries.ts';
import { DELIVERY_RATES } from '../../src/config/delivery.ts';
import { GIFT_CARD_RANGES } from '../../src/config/gift-cards.ts';
import { CartScreenResponseSchema, OffersResponseSchema } from '../../src/contract/cart.ts';
import { OFFER_TEXT_AMOUNT, offerText } from '../../src/contract/offer-text.ts';
import { offerRows } from '../../src/server/db/seed/cart.ts';
import { CheckoutOptionsResponseSchema, GiftCardCheckResponseSchema, type OrderCreate } from '../../src/contract/checkout.ts';
import { computeBag, type LineRow } from '../../src/server/cart/bag.ts';
import { orderConfirmationEmail } from '../../src/server/checkout/email.ts';
import { orderFigures } from '../../src/server/checkout/price.ts';
import { formatMoneyMinor } from '../../src/server/mail/format.ts';
import { translator } from '../../src/server/mail/i18n.ts';
import { ORDER_CONFIRMATION as M } from '../../src/server/mail/messages.ts';
import { appTarget, cartCall, type CartTarget } from '../helpers/cart.ts';
import { addressFor, checkout, paymentsOf, placedOrder } from '../helpers/checkout.ts';
import { addGiftCard, cardWith, dayIn, pricedVariant, purchaseBody } from '../helpers/gift-cards.ts';
import { cookieHeader, cookieJar } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Money right in every line, in all eight countries: the instalment line from what the shopper
 * pays (delivery in, gift cards out, the providers' limits on that), an order the gift cards pay in
 * full without a card, a bag of e-gift cards only that is no parcel (no samples, no offers, no
 * "Earn 0"), and a confirmation email whose figures add up.
 */

describe('the instalment line: one rule, from what the shopper pays', () => {
  // Goods, the standard delivery fee and a gift card per country; each payment written out by hand.
  const CASES: readonly [string, CountryCode, number, number, number, { provider: string; instalments: number; instalmentMinor: number; refusal: string | null }[]][] = [
    ['AU', 'AU', 4_590, 795, 1_000, [{ provider: 'afterpay', instalments: 4, instalmentMinor: 1_097, refusal: null }, { provider: 'klarna', instalments: 4, instalmentMinor: 1_097, refusal: null }]],
    ['HK (no provider)', 'HK', 30_000, 4_000, 5_000, []],
    ['ID (no provider)', 'ID', 60_000_000, 2_000_000, 10_000_000, []],
    ['MY, over the minimum', 'MY', 6_000, 800, 1_000, [{ provider: 'atome', instalments: 3, instalmentMinor: 1_934, refusal: null }]],
    ['MY, the gift card takes it below the minimum', 'MY', 5_000, 800, 1_000, [{ provider: 'atome', instalments: 3, instalmentMinor: 1_600, refusal: 'below_minimum' }]],
    ['NZ', 'NZ', 2_000, 700, 0, [{ provider: 'afterpay', instalments: 4, instalmentMinor: 675, refusal: null }]],
    ['NZ, above the maximum', 'NZ', 160_000, 0, 0, [{ provider: 'afterpay', instalments: 4, instalmentMinor: 40_000, refusal: 'above_maximum' }]],
    ['PH (no provider)', 'PH', 250_000, 15_000, 0, []],
    // The figures: S$22.90 of goods and S$5 Standard delivery is S$27.90, three payments of S$9.30 (not S$7.64).
    ['SG, with Standard delivery', 'SG', 2_290, 500, 0, [{ provider: 'atome', instalments: 3, instalmentMinor: 930, refusal: null }]],
    ['SG, delivery takes it over the minimum', 'SG', 800, 500, 0, [{ provider: 'atome', instalments: 3, instalmentMinor: 434, refusal: null }]],
    ['SG, gift cards pay it all', 'SG', 10_000, 0, 10_000, [{ provider: 'atome', instalments: 3, instalmentMinor: 0, refusal: 'below_minimum' }]],
    ['TH (no provider)', 'TH', 90_000, 6_000, 0, []],
  ];

  it.each(CASES)('%s', (_name, country, goods, fee, giftCard, expected) => {
    const plans = instalmentPlans(country, goods + fee - giftCard);
    expect(plans.map(({ provider, instalments, instalmentMinor, refusal }) => ({ provider, instalments, instalmentMinor, refusal }))).toEqual(expected);
    // The payments cover the amount, and never by a whole shown unit more.
    for (const plan of plans) expect(plan.instalmentMinor * plan.instalments - (goods + fee - giftCard)).toBeLessThan(plan.instalments);
  });

  it('covers every country with providers, in their order', () => {
    for (const country of COUNTRY_CODES) expect(instalmentPlans(country, 10_000).map((plan) => plan.provider)).toEqual((BNPL_TERMS[country] ?? []).map((terms) => terms.provider));
  });
});

describe('the confirmation email adds up', () => {
  const line = (country: CountryCode, unitMinor: number): LineRow => ({
    id: 1,
    quantity: 1,
    productId: 1,
    slug: 'velvet-lipstick',
    productName: 'Velvet Lipstick',
    brandName: 'Maison',
    brandSlug: 'maison',
    variantId: 11,
    sku: `SKU-${country}`,
    variantName: 'Rose',
    kind: 'shade',
    colorHex: '#aa3355',
    stock: 20,
    amountMinor: unitMinor,
    saleAmountMinor: null,
    imageUrl: '/media/1.jpg',
  });
  const card = (amountMinor: number) => ({ id: 5, amountMinor, recipientName: 'Aisha Rahman', recipientEmail: 'aisha@example.com', senderName: 'Mei', message: '', sendOn: '2030-01-15' });

  function email(country: CountryCode, lines: LineRow[], giftCardMinor: number, feeMinor: number) {
    const site = { country, language: COUNTRIES[country].languages[0] };
    const bag = { ...computeBag({ country, language: site.language, version: 1, lines, giftCards: [card(giftCardMinor)], chosenSamples: [], appliedOffer: null, member: null, mergeNotice: null, mergePending: false }), cartId: 1 };
    const figures = orderFigures(country, bag, feeMinor);
    const mail = orderConfirmationEmail({
      number: `${country}10001`,
      email: 'mei@example.com',
      site,
      bag,
      figures,
      delivery: { method: 'standard', storeId: null, storeName: null, address: { fullName: 'Mei', phone: '', line1: '1 Road', line2: '', city: '', state: '', postcode: '' } },
      payment: { method: 'card', provider: 'test', paymentId: 'p', brand: 'visa', last4: '4242' },
      points: 0,
      placedAt: new Date('2030-01-15T04:00:00Z'),
    });
    return { text: mail.text.split('\n'), t: translator(site.language), amount: (minor: number) => formatMoneyMinor(minor, site), figures };
  }

  it.each(COUNTRY_CODES.map((c) => [c]))('%s: goods, an e-gift card and delivery: subtotal + e-gift cards + shipping = total, in the language and currency', (country) => {
    const [smallest = 0, next = 0] = GIFT_CARD_RANGES[country].presets;
    const goods = next * 100;
    const giftCard = smallest * 100;
    const fee = DELIVERY_RATES[country].standard.feeMinor;
    const { text, t, amount, figures } = email(country, [line(country, goods)], giftCard, fee);
    expect(figures.totalMinor).toBe(goods + giftCard + fee);
    expect(text).toContain(t(M.subtotal, { amount: amount(goods) }));
    expect(text).toContain(t(M.giftCardsBought, { amount: amount(giftCard) }));
    expect(text).toContain(t(M.shipping, { amount: amount(fee) }));
    expect(text).toContain(t(M.total, { amount: amount(goods + giftCard + fee) }));
    expect(text).toContain(`- ${t(M.giftCardLine, { recipient: 'Aisha Rahman', email: 'aisha@example.com', amount: amount(giftCard) })}`);
  });

  it.each(COUNTRY_CODES.map((c) => [c]))('%s: e-gift cards only: the card listed, no goods subtotal, no shipping or tax line, the total its amount', (country) => {
    const giftCard = (GIFT_CARD_RANGES[country].presets[0] ?? 0) * 100;
    const { text, t, amount } = email(country, [], giftCard, 0);
    expect(text).toContain(`- ${t(M.giftCardLine, { recipient: 'Aisha Rahman', email: 'aisha@example.com', amount: amount(giftCard) })}`);
    expect(text).toContain(t(M.giftCardsBought, { amount: amount(giftCard) }));
    expect(text).toContain(t(M.total, { amount: amount(giftCard) }));
    expect(text).not.toContain(t(M.subtotal, { amount: amount(0) }));
    expect(text).not.toContain(t(M.shippingFree));
    // No tax line: nothing taxed is bought (its line is the only one with a percentage).
    expect(text.some((row) => /\d\s?%/.test(row))).toBe(false);
  });
});

describe('offer texts hold no amounts: they are formatted where shown', () => {
  it('every seeded offer, in every country and language, names its amounts as placeholders', () => {
    const rows = offerRows();
    expect(new Set(rows.map((row) => row.countryCode))).toEqual(new Set(COUNTRY_CODES));
    for (const row of rows) {
      for (const text of [...Object.values(row.title), ...Object.values(row.description)]) expect(text, `${row.countryCode} ${row.code}`).not.toMatch(/S\$|HK\$|Rp|RM|฿|₱|\$\d/);
      // An amount offer's title says its amount (through the placeholder).
      if (row.kind === 'amount') expect(Object.values(row.title).every((title) => title.includes(OFFER_TEXT_AMOUNT)), row.code).toBe(true);
    }
  });

  it('offerText writes them in the locale of the text: Rp 60.000 in Indonesian, S$15.00 in English', () => {
    const idr = (amount: number) => ({ currency: 'IDR', amount });
    const id = offerText('Potongan {amount} untuk belanja di atas {minimum}', { amount: idr(60_000), minimumSpend: idr(960_000) }, (money) => formatMoneyMinor(money.amount * 100, { country: 'ID', language: 'id' }));
    expect(id).toMatch(/^Potongan Rp\s?60\.000 untuk belanja di atas Rp\s?960\.000$/);
    const sg = offerText('{amount} off orders over {minimum}', { amount: { currency: 'SGD', amount: 15 }, minimumSpend: { currency: 'SGD', amount: 80 } }, (money) => formatMoneyMinor(money.amount * 100, { country: 'SG', language: 'en' }));
    expect(sg).toBe('S$15.00 off orders over S$80.00');
    // A placeholder without its amount stays as it is rather than reading as nothing.
    expect(offerText('{amount} off', { amount: null, minimumSpend: null }, () => 'x')).toBe('{amount} off');
  });
});

let t: TestApp;
let target: CartTarget;
let offset = 0;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 60 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await target.query(`delete from sign_in_failures where account_key = 'limit:gift-card-balance'`);
});

/** A guest bag of `country` holding one unit priced `goodsMinor`: its cookie. */
async function bagWith(country: CountryCode, goodsMinor: number): Promise<string> {
  const variant = await pricedVariant(target, goodsMinor, (offset += 1), country);
  const added = await cartCall(target, 'POST', '/cart/line-items', { body: { variantId: variant, quantity: 1 }, country: country.toLowerCase() });
  expect(added.status, await added.clone().text()).toBe(201);
  return cookieHeader(cookieJar(added));
}

/** Checks out in `country`'s site: a delivery its rules pass, a new email each time. */
function order(country: CountryCode, cookie: string, overrides: Partial<OrderCreate>, key: string = randomUUID()): Promise<Response> {
  return checkout(target, cookie, { email: `${randomUUID()}@example.com`, delivery: { method: 'standard', storeId: null, address: addressFor(country) }, ...overrides }, { country: country.toLowerCase(), key });
}

const emailOf = async (number: string) => (await target.query<{ text: string }>(`select text from outbox_emails where kind = 'order-confirmation' and text like '%${number}%'`))[0]?.text ?? '';
const siteOf = (country: CountryCode) => ({ country, language: languageFor(country, 'en') });

describe('checkout: the provider takes the order’s total with delivery, its limits on what is left after gift cards', () => {
  it.each(COUNTRY_CODES.map((c) => [c]))('%s', async (country) => {
    const terms = BNPL_TERMS[country]?.[0];
    const fee = DELIVERY_RATES[country].standard.feeMinor;
    if (!terms) {
      // No provider here: refused as not offered; a card pays.
      const cookie = await bagWith(country, 10_000);
      const refused = await order(country, cookie, { payment: { method: 'atome' } });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'payment_unavailable', reason: 'not_offered' });
      await placedOrder(await order(country, cookie, {}));
      return;
    }
    // Goods under the provider's minimum, which the delivery fee takes over it.
    const goods = Math.max(50, terms.minimum * 100 - Math.floor(fee / 2));
    expect(goods).toBeLessThan(terms.minimum * 100);
    const cookie = await bagWith(country, goods);
    const paid = await placedOrder(await order(country, cookie, { payment: { method: terms.provider } }));
    expect(paid.payment).toMatchObject({ method: terms.provider, amount: { amount: (goods + fee) / 100 } });
    const plan = instalmentPlans(country, goods + fee).find((candidate) => candidate.provider === terms.provider);
    expect(plan?.refusal).toBeNull();
    // The email says the same instalments, in the shopper's money.
    expect(await emailOf(paid.number)).toContain(formatMoneyMinor(plan?.instalmentMinor ?? -1, siteOf(country)));
    // A gift card that leaves less than the minimum: the provider cannot take the rest.
    const second = await bagWith(country, goods);
    const card = await cardWith(target, goods + fee - (terms.minimum * 100 - 1), { country });
    const refused = await order(country, second, { payment: { method: terms.provider }, giftCards: [{ code: card.code, pin: card.pin }] });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'payment_unavailable', reason: 'below_minimum' });
  });
});

describe('gift cards that pay the whole order need no card', () => {
  it.each(COUNTRY_CODES.map((c) => [c]))('%s: checked, then placed with payment gift_cards; one that falls short is refused and charges nothing', async (country) => {
    const goods = 10_000;
    const fee = DELIVERY_RATES[country].standard.feeMinor;
    const cookie = await bagWith(country, goods);
    const options = v.parse(CheckoutOptionsResponseSchema, await (await cartCall(target, 'GET', '/checkout/options', { cookie, country: country.toLowerCase() })).json()).data;
    const standard = Math.round((options.delivery.find((d) => d.method === 'standard')?.fee.amount ?? 0) * 100);
    expect([0, fee]).toContain(standard);
    const total = goods + standard;
    const short = await cardWith(target, total - 100, { country });
    // The payment step's check: each card's balance, nothing spent.
    const checked = await cartCall(target, 'POST', '/checkout/gift-cards', { cookie, country: country.toLowerCase(), body: { giftCards: [{ code: short.code, pin: short.pin }] } });
    expect(checked.status).toBe(200);
    expect(v.parse(GiftCardCheckResponseSchema, await checked.json()).data.cards).toEqual([{ code: `••••-••••-••••-${short.code.slice(-4)}`, balance: { currency: COUNTRIES[country].currency, amount: (total - 100) / 100 } }]);
    const wrong = await cartCall(target, 'POST', '/checkout/gift-cards', { cookie, country: country.toLowerCase(), body: { giftCards: [{ code: short.code, pin: '00000000' }] } });
    expect(wrong.status).toBe(404);
    // Short of the total: refused, nothing spent.
    const refused = await order(country, cookie, { payment: { method: 'gift_cards' }, giftCards: [{ code: short.code, pin: short.pin }] });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'payment_unavailable', reason: 'gift_cards_short' });
    const [kept] = await target.query<{ balance_minor: number }>(`select balance_minor from gift_cards where id = ${short.id}`);
    expect(Number(kept?.balance_minor)).toBe(total - 100);
    // Enough: placed without a card, paid, nothing authorized.
    const enough = await cardWith(target, total + 500, { country });
    const key = randomUUID();
    const paid = await placedOrder(await order(country, cookie, { payment: { method: 'gift_cards' }, giftCards: [{ code: enough.code, pin: enough.pin }] }, key));
    expect(paid).toMatchObject({ status: 'paid', payment: { method: 'gift_cards', brand: null, last4: null, amount: { amount: 0 } }, giftCards: { amount: total / 100 } });
    expect(await paymentsOf(target, [key])).toEqual({ captured: 0, voided: 0, authorized: 0 });
  });
});

describe('cart/offers answers each offer’s amounts as data', () => {
  it.each(COUNTRY_CODES.map((c) => [c]))('%s: the amount offer carries its title with placeholders and its amount', async (country) => {
    const cookie = await bagWith(country, 10_000);
    const offers = v.parse(OffersResponseSchema, await (await cartCall(target, 'GET', '/cart/offers', { cookie, country: country.toLowerCase() })).json()).data;
    const spend80 = offers.find((offer) => offer.code === 'SPEND80');
    const [row] = await target.query<{ value: number; minimum_spend_minor: number }>(`select value, minimum_spend_minor from offers where code = 'SPEND80' and country_code = '${country}'`);
    expect(spend80).toMatchObject({ title: '{amount} off orders over {minimum}', amount: { currency: COUNTRIES[country].currency, amount: Number(row?.value) / 100 }, minimumSpend: { amount: Number(row?.minimum_spend_minor) / 100 } });
    expect(offers.find((offer) => offer.code === 'WELCOME10')?.amount).toBeNull();
  });
});

describe('a bag of e-gift cards only is not a parcel order', () => {
  it.each(COUNTRY_CODES.map((c) => [c]))('%s: no samples, no offers, no points; samples refused; checkout by email', async (country) => {
    const amount = GIFT_CARD_RANGES[country].presets[0] ?? GIFT_CARD_RANGES[country].min;
    const { response, cookie } = await addGiftCard(target, purchaseBody({ amount, sendOn: dayIn(country) }), undefined, country.toLowerCase());
    expect(response.status, await response.clone().text()).toBe(201);
    const screen = v.parse(CartScreenResponseSchema, await (await cartCall(target, 'GET', '/cart/', { cookie, country: country.toLowerCase() })).json()).data;
    expect(screen.samples).toEqual({ limit: 0, choices: [] });
    expect(screen.offers).toEqual([]);
    expect(screen.beautyPassOffers).toEqual([]);
    expect(screen.bag.samples).toEqual({ chosen: [], limit: 0 });
    expect(screen.bag.points.earn).toBe(0);
    const sampleId = (await target.query<{ id: number }>(`select id from samples where country_code = '${country}' and stock > 0 order by id limit 1`))[0]?.id;
    const picked = await cartCall(target, 'PUT', '/cart/samples', { cookie, country: country.toLowerCase(), body: { sampleIds: [sampleId] } });
    expect(picked.status).toBe(409);
    expect(await picked.json()).toMatchObject({ code: 'sample_limit', limit: 0 });
    // With goods beside it, the bag is a parcel again: the country's samples.
    const variant = await pricedVariant(target, 10_000, (offset += 1), country);
    await cartCall(target, 'POST', '/cart/line-items', { cookie, country: country.toLowerCase(), body: { variantId: variant, quantity: 1 } });
    const withGoods = v.parse(CartScreenResponseSchema, await (await cartCall(target, 'GET', '/cart/', { cookie, country: country.toLowerCase() })).json()).data;
    expect(withGoods.samples.limit).toBe(SAMPLE_LIMITS[country]);
    expect(withGoods.samples.choices.length).toBeGreaterThan(0);
  });

  it('SG: the order of e-gift cards only is emailed with the card listed and figures that add up', async () => {
    const { cookie } = await addGiftCard(target, purchaseBody({ amount: 100, recipientName: 'Nur Aisyah', recipientEmail: 'nur@example.com' }));
    const empty = { fullName: '', phone: '', line1: '', line2: '', city: '', state: '', postcode: '' };
    const paid = await placedOrder(await order('SG', cookie, { delivery: { method: 'standard', storeId: null, address: empty } }));
    const text = (await emailOf(paid.number)).split('\n');
    expect(text).toContain('- E-gift card for Nur Aisyah (nur@example.com): S$100.00');
    expect(text).toContain('E-gift cards: S$100.00');
    expect(text).toContain('Total: S$100.00');
    expect(text.some((row) => row.startsWith('Subtotal'))).toBe(false);
    expect(text.some((row) => row.startsWith('Shipping'))).toBe(false);
  });
});
