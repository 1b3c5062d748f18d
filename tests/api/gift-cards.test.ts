import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CartResponseSchema } from '../../src/contract/cart.ts';
import { CheckoutOptionsResponseSchema, OrderResponseSchema } from '../../src/contract/checkout.ts';
import { addDays } from '../../src/contract/calendar-day.ts';
import { GiftCardBalanceResponseSchema } from '../../src/contract/gift-cards.ts';
import { issueGiftCard } from '../../src/server/gift-cards/issue.ts';
import { runGiftCardSender } from '../../src/server/jobs/gift-card-sender.ts';
import { registration } from '../helpers/account.ts';
import { cookieHeader, cookieJar } from '../helpers/auth.ts';
import { appTarget, cartCall, type CartTarget } from '../helpers/cart.ts';
import { bagVersion, checkout } from '../helpers/checkout.ts';
import { addGiftCard, cardWith, dayIn, pricedVariant, purchaseBody } from '../helpers/gift-cards.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Issue 13, e-gift cards: buying one (the country's range, the message limit, the send date in the
 * country's calendar), paying it through checkout (the card written with its code in the order's
 * transaction), the sender job (on the date, once, restart-safe, two at once, a missed day caught
 * up) and the balance check (rate-limited). Spending cards at checkout: gift-card-redemption.test.ts.
 */
let t: TestApp;
let target: CartTarget;
let offset = 0;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});
// Every wrong guess of this file comes from the same client ('local'): each test starts with none.
beforeEach(async () => {
  await target.query(`delete from sign_in_failures where account_key = 'limit:gift-card-balance'`);
});

const EMPTY_ADDRESS = { fullName: '', phone: '', line1: '', line2: '', city: '', state: '', postcode: '' };
const errorFields = async (response: Response) => ((await response.json()) as { errors?: { field: string; message: string }[] }).errors ?? [];
const bagOf = async (response: Response) => v.parse(CartResponseSchema, await response.json()).data;

describe('an e-gift card in the bag', () => {
  it("takes amounts within the country's range only: SG S$20–S$300 in whole dollars, ID Rp200,000–Rp3,000,000", { tags: ['clock'] }, async () => {
    for (const amount of [19, 301, 20.5]) {
      const { response } = await addGiftCard(target, purchaseBody({ amount }));
      expect(response.status, String(amount)).toBe(400);
      expect((await errorFields(response)).map((e) => e.field)).toEqual(['body.amount']);
    }
    for (const amount of [20, 300]) expect((await addGiftCard(target, purchaseBody({ amount }))).response.status).toBe(201);
    expect((await addGiftCard(target, purchaseBody({ amount: 100_000, sendOn: dayIn('ID') }), undefined, 'id')).response.status).toBe(400);
    const { response } = await addGiftCard(target, purchaseBody({ amount: 200_000, sendOn: dayIn('ID') }), undefined, 'id');
    expect(response.status).toBe(201);
    expect((await bagOf(response)).giftCards?.[0]?.amount).toEqual({ currency: 'IDR', amount: 200_000 });
  });

  it('limits the message to 200 characters and keeps names to one line', async () => {
    expect((await addGiftCard(target, purchaseBody({ message: 'x'.repeat(200) }))).response.status).toBe(201);
    const long = (await addGiftCard(target, purchaseBody({ message: 'x'.repeat(201) }))).response;
    expect(long.status).toBe(400);
    expect((await errorFields(long)).map((e) => e.field)).toEqual(['body.message']);
    expect((await addGiftCard(target, purchaseBody({ message: 'Line one\nline two' }))).response.status).toBe(201);
    const broken = (await addGiftCard(target, purchaseBody({ senderName: 'Mei\nBcc: x@example.com' }))).response;
    expect((await errorFields(broken)).map((e) => e.field)).toEqual(['body.senderName']);
    expect((await addGiftCard(target, purchaseBody({ recipientEmail: 'not an email' }))).response.status).toBe(400);
  });

  it("needs a send date from today to 180 days ahead in the country's calendar", { tags: ['clock'] }, async () => {
    const past = (await addGiftCard(target, purchaseBody({ sendOn: dayIn('SG', -1) }))).response;
    expect(past.status).toBe(400);
    expect(await errorFields(past)).toEqual([{ field: 'body.sendOn', message: 'must be today or later' }]);
    expect((await addGiftCard(target, purchaseBody({ sendOn: dayIn('SG', 180) }))).response.status).toBe(201);
    expect((await addGiftCard(target, purchaseBody({ sendOn: dayIn('SG', 181) }))).response.status).toBe(400);
    // Today in Auckland is the day after Singapore's for part of each day: each country's own calendar decides.
    expect((await addGiftCard(target, purchaseBody({ amount: 50, sendOn: dayIn('NZ') }), undefined, 'nz')).response.status).toBe(201);
  });

  it('adds to the total and the count but not to the tax, the points or free shipping; five per bag; removed by id', { tags: ['clock'] }, async () => {
    const variant = await pricedVariant(target, 2_000, (offset += 1));
    const added = await cartCall(target, 'POST', '/cart/line-items', { body: { variantId: variant, quantity: 1 } });
    const cookie = cookieHeader(cookieJar(added));
    const goods = await bagOf(added);
    const bag = await bagOf((await addGiftCard(target, purchaseBody({ amount: 50 }), cookie)).response);
    expect(bag.total.amount).toBe(goods.total.amount + 50);
    expect(bag.subtotal).toEqual(goods.subtotal);
    expect(bag.count).toBe(goods.count + 1);
    expect(bag.version).toBe(goods.version + 1);
    expect(bag.tax).toEqual(goods.tax);
    expect(bag.points.earn).toBe(goods.points.earn);
    expect(bag.shipping).toEqual(goods.shipping);
    const count = (await (await cartCall(target, 'GET', '/cart/items-count', { cookie })).json()) as { data: { count: number } };
    expect(count.data.count).toBe(2);
    for (let i = 0; i < 4; i++) expect((await addGiftCard(target, purchaseBody(), cookie)).response.status).toBe(201);
    const full = (await addGiftCard(target, purchaseBody(), cookie)).response;
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: 'gift_card_bag_limit' });
    const id = bag.giftCards?.[0]?.id ?? 0;
    const someoneElse = (await addGiftCard(target, purchaseBody())).cookie;
    expect((await cartCall(target, 'DELETE', `/cart/gift-cards/${id}`, { cookie: someoneElse })).status).toBe(404);
    const removed = await cartCall(target, 'DELETE', `/cart/gift-cards/${id}`, { cookie });
    expect(removed.status).toBe(200);
    expect((await bagOf(removed)).giftCards).toHaveLength(4);
  });
});

describe('a guest who signs up', () => {
  it("brings the bag's e-gift cards into the member's bag, and sees the order's cards in the order list", { tags: ['clock'] }, async () => {
    const { cookie } = await addGiftCard(target, purchaseBody({ amount: 25, recipientEmail: 'merged@example.com' }));
    const joined = await cartCall(target, 'POST', '/user', { body: registration(), cookie });
    expect(joined.status).toBe(201);
    const session = cookieHeader(cookieJar(joined));
    const bag = await bagOf(await cartCall(target, 'GET', '/cart/bag', { cookie: session }));
    expect(bag.giftCards?.map((g) => g.recipientEmail)).toEqual(['merged@example.com']);
    const placed = await checkout(target, session, { delivery: { method: 'standard', storeId: null, address: EMPTY_ADDRESS } }, { bagVersion: bag.version });
    expect(placed.status).toBe(201);
    const list = (await (await cartCall(target, 'GET', '/orders', { cookie: session })).json()) as { data: { itemCount: number; total: { amount: number } }[] };
    expect(list.data[0]).toMatchObject({ itemCount: 1, total: { amount: 25 } });
  });
});

describe('paying for e-gift cards through checkout', () => {
  it('an order of e-gift cards only needs no address: the card is written with its code, no PIN until it is sent', { tags: ['clock'] }, async () => {
    const { cookie } = await addGiftCard(target, purchaseBody({ amount: 80, recipientEmail: 'only.cards@example.com' }));
    const options = v.parse(CheckoutOptionsResponseSchema, await (await cartCall(target, 'GET', '/checkout/options', { cookie })).json()).data;
    expect(options.emailOnly).toBe(true);
    expect(options.delivery).toEqual([{ method: 'standard', fee: { currency: 'SGD', amount: 0 }, free: true, days: '0' }]);
    const response = await checkout(target, cookie, { delivery: { method: 'standard', storeId: null, address: EMPTY_ADDRESS } });
    expect(response.status).toBe(201);
    const order = v.parse(OrderResponseSchema, await response.json()).data;
    expect(order).toMatchObject({ status: 'paid', total: { amount: 80 }, shipping: { fee: { amount: 0 } }, lines: [], pointsEarned: 0, payment: { amount: { amount: 80 } } });
    expect(order.tax?.amount.amount).toBe(0);
    expect(order.giftCardsBought).toEqual([{ amount: { currency: 'SGD', amount: 80 }, recipientName: 'Aisha Rahman', recipientEmail: 'only.cards@example.com', sendOn: dayIn('SG'), sent: false }]);
    const [card] = await target.query<{ code: string; pin_hash: string | null; initial_minor: number; balance_minor: number; sent_at: string | null }>(
      `select code, pin_hash, initial_minor, balance_minor, sent_at from gift_cards where recipient_email = 'only.cards@example.com'`,
    );
    expect(card?.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect(card).toMatchObject({ pin_hash: null, initial_minor: 8_000, balance_minor: 8_000, sent_at: null });
    expect(JSON.stringify(order)).not.toContain(card?.code);
    expect((await bagOf(await cartCall(target, 'GET', '/cart/bag', { cookie }))).giftCards).toEqual([]);
  });

  it('goods and a card in one order: the address rules apply, tax on goods and shipping only, the card on top', { tags: ['clock'] }, async () => {
    const variant = await pricedVariant(target, 2_000, (offset += 1));
    const added = await cartCall(target, 'POST', '/cart/line-items', { body: { variantId: variant, quantity: 1 } });
    const cookie = cookieHeader(cookieJar(added));
    await addGiftCard(target, purchaseBody({ amount: 30 }), cookie);
    const version = await bagVersion(target, cookie);
    expect((await checkout(target, cookie, { delivery: { method: 'standard', storeId: null, address: EMPTY_ADDRESS } }, { bagVersion: version })).status).toBe(400);
    const order = v.parse(OrderResponseSchema, await (await checkout(target, cookie, {}, { bagVersion: version })).json()).data;
    // S$20 of goods, S$5 standard delivery under the S$35 threshold, S$30 card.
    expect(order.subtotal.amount).toBe(20);
    expect(order.shipping.fee.amount).toBe(5);
    expect(order.total.amount).toBe(55);
    expect(order.tax?.amount.amount).toBe(2.06);
    expect(order.giftCardsBought?.map((c) => c.amount.amount)).toEqual([30]);
  });
});

describe('the sender job', () => {
  async function boughtCard(sendOn: string, email: string): Promise<void> {
    const { cookie } = await addGiftCard(target, purchaseBody({ sendOn, recipientEmail: email }));
    const response = await checkout(target, cookie, { delivery: { method: 'standard', storeId: null, address: EMPTY_ADDRESS } });
    expect(response.status).toBe(201);
  }
  const emailsTo = (email: string) => target.query<{ subject: string; text: string }>(`select subject, text from outbox_emails where kind = 'gift-card' and to_address = '${email}'`);
  // Noon in Singapore `days` after `today`: a test reads today once, so a run crossing midnight counts from one day.
  const midday = (today: string, days: number) => new Date(`${addDays(today, days)}T04:00:00Z`);

  it('emails the card on its send date, once however often it runs; the PIN is in the email and only its hash in the table', { tags: ['clock'] }, async () => {
    const email = `${randomUUID()}@example.com`;
    const today = dayIn('SG');
    await boughtCard(addDays(today, 2), email);
    await runGiftCardSender(t.db, midday(today, 1));
    expect(await emailsTo(email)).toHaveLength(0);
    await runGiftCardSender(t.db, midday(today, 2));
    await runGiftCardSender(t.db, midday(today, 2));
    await runGiftCardSender(t.db, midday(today, 5));
    const emails = await emailsTo(email);
    expect(emails).toHaveLength(1);
    const text = emails[0]?.text ?? '';
    expect(emails[0]?.subject).toBe('Mei Ling sent you a Beauty Pass Singapore e-gift card');
    expect(text).toContain('S$50.00');
    expect(text).toContain('Happy birthday!');
    const code = /Code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(text)?.[1] ?? '';
    const pin = /PIN: (\d{8})/.exec(text)?.[1] ?? '';
    const [row] = await target.query<{ pin_hash: string; sent_at: string }>(`select pin_hash, sent_at from gift_cards where recipient_email = '${email}'`);
    expect(row?.pin_hash).toMatch(/^scrypt\$/);
    expect(row?.pin_hash).not.toContain(pin);
    expect(row?.sent_at).not.toBeNull();
    const balance = await cartCall(target, 'POST', '/gift-cards/balance', { body: { code: code.toLowerCase(), pin } });
    expect(balance.status).toBe(200);
    expect(v.parse(GiftCardBalanceResponseSchema, await balance.json()).data).toEqual({ code: `••••-••••-••••-${code.slice(-4)}`, balance: { currency: 'SGD', amount: 50 }, initial: { currency: 'SGD', amount: 50 }, expiresOn: null });
  });

  it('two runs at once send each card once', { tags: ['clock'] }, async () => {
    const emails = Array.from({ length: 4 }, () => `${randomUUID()}@example.com`);
    const today = dayIn('SG');
    for (const email of emails) await boughtCard(today, email);
    const runs = await Promise.all([runGiftCardSender(t.db, midday(today, 0)), runGiftCardSender(t.db, midday(today, 0))]);
    for (const email of emails) expect(await emailsTo(email)).toHaveLength(1);
    // Every email the two runs wrote (cards of earlier tests due by now among them) was counted by exactly one run.
    const [written] = await target.query<{ n: number }>(`select count(*)::int as n from outbox_emails where kind = 'gift-card' and created_at = '${midday(today, 0).toISOString()}'`);
    expect(runs[0].sent + runs[1].sent).toBe(Number(written?.n));
    expect(Number(written?.n)).toBeGreaterThanOrEqual(4);
  });

  it('catches up a day it missed (the server was down on the send date)', { tags: ['clock'] }, async () => {
    const email = `${randomUUID()}@example.com`;
    const today = dayIn('SG');
    await boughtCard(addDays(today, 1), email);
    await runGiftCardSender(t.db, midday(today, 4));
    expect(await emailsTo(email)).toHaveLength(1);
  });
});

describe('a card issued outside checkout (customer service)', () => {
  it("is sent on its own country's today, not on the UTC date", { tags: ['clock'] }, async () => {
    // 19:30 in Singapore, 00:30 the next day in Auckland (summer time): the UTC date is Singapore's only.
    const at = new Date('2027-03-14T11:30:00Z');
    const sg = await issueGiftCard(t.db, { country: 'SG', amountMinor: 2_000, recipientEmail: `${randomUUID()}@example.com` }, at);
    const nz = await issueGiftCard(t.db, { country: 'NZ', amountMinor: 2_000, recipientEmail: `${randomUUID()}@example.com` }, at);
    const rows = await target.query<{ id: number; send_on: string; sent_at: string }>(`select id, send_on::text, sent_at from gift_cards where id in (${sg.id}, ${nz.id}) order by id`);
    expect(rows.map((row) => row.send_on)).toEqual(['2027-03-14', '2027-03-15']);
    expect(rows.map((row) => new Date(row.sent_at).toISOString())).toEqual([at.toISOString(), at.toISOString()]);
  });
});

describe('the balance check', () => {
  it('answers a card by its code and PIN, and a wrong one or a card not sent yet with 404', { tags: ['clock'] }, async () => {
    const card = await cardWith(target, 3_550);
    const ok = await cartCall(target, 'POST', '/gift-cards/balance', { body: { code: card.code.replace(/(.{4})/g, '$1 '), pin: card.pin } });
    expect(v.parse(GiftCardBalanceResponseSchema, await ok.json()).data.balance).toEqual({ currency: 'SGD', amount: 35.5 });
    const wrong = await cartCall(target, 'POST', '/gift-cards/balance', { body: { code: card.code, pin: '00000000' } });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ code: 'gift_card_not_found' });
    expect((await cartCall(target, 'POST', '/gift-cards/balance', { body: { code: 'ABCD', pin: card.pin } })).status).toBe(400);
    await addGiftCard(target, purchaseBody({ recipientEmail: 'unsent@example.com' }));
    const { cookie } = await addGiftCard(target, purchaseBody({ recipientEmail: 'unsent@example.com', sendOn: dayIn('SG', 30) }));
    await checkout(target, cookie, { delivery: { method: 'standard', storeId: null, address: EMPTY_ADDRESS } });
    const [unsent] = await target.query<{ code: string }>(`select code from gift_cards where recipient_email = 'unsent@example.com' and sent_at is null`);
    expect((await cartCall(target, 'POST', '/gift-cards/balance', { body: { code: unsent?.code, pin: '12345678' } })).status).toBe(404);
  });

  it('blocks a client after 10 wrong guesses (429), checkout guesses counting with them', async () => {
    const card = await cardWith(target, 1_000);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await cartCall(target, 'POST', '/gift-cards/balance', { body: { code: card.code, pin: String(10_000_000 + i) } })).status);
    const { cookie } = await addGiftCard(target, purchaseBody());
    const guessed = await checkout(target, cookie, { giftCards: [{ code: card.code, pin: '99999999' }] });
    expect(guessed.status).toBe(404);
    const right = await cartCall(target, 'POST', '/gift-cards/balance', { body: { code: card.code, pin: card.pin } });
    expect(statuses.every((s) => s === 404)).toBe(true);
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(right.headers.get('retry-after')).toBe(String(15 * 60));
    // The payment step's check of the cards is counted with them: refused as well, even with the right PIN.
    const checked = await cartCall(target, 'POST', '/checkout/gift-cards', { cookie, body: { giftCards: [{ code: card.code, pin: card.pin }] } });
    expect(checked.status).toBe(429);
    expect(await checked.json()).toMatchObject({ code: 'too_many_attempts' });
  });
});
