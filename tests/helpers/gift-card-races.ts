import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { runGiftCardSender } from '../../src/server/jobs/gift-card-sender.ts';
import { cookieHeader, cookieJar } from './auth.ts';
import { cartCall, type CartTarget } from './cart.ts';
import { bagVersion, checkout, paymentsOf } from './checkout.ts';
import { balanceOf, cardWith, pricedVariant } from './gift-cards.ts';

/**
 * E-gift cards' races (issue 13: "two checkouts spending the same card at once never spend more
 * than its balance"; the sender never sends a card twice), registered once and run on PGlite
 * (tests/api/gift-card-races.test.ts) and PostgreSQL (tests/pg/gift-card-races.test.ts).
 */
export function giftCardRaceTests(target: () => CartTarget, db: () => Db, offsetBase: number): void {
  let offset = offsetBase;

  /** `n` guest bags of one S$20 item each (S$25 to pay with standard delivery). */
  async function bags(n: number): Promise<string[]> {
    const variant = await pricedVariant(target(), 2_000, (offset += 1));
    return Promise.all(
      Array.from({ length: n }, async () => {
        const added = await cartCall(target(), 'POST', '/cart/line-items', { body: { variantId: variant, quantity: 1 } });
        if (added.status !== 201) throw new Error(`add failed: ${added.status}`);
        return cookieHeader(cookieJar(added));
      }),
    );
  }

  async function spendAtOnce(n: number, balanceMinor: number, { everyoneHolds = false } = {}): Promise<void> {
    const card = await cardWith(target(), balanceMinor);
    const cookies = await bags(n);
    const versions = await Promise.all(cookies.map((cookie) => bagVersion(target(), cookie)));
    const keys = cookies.map(() => randomUUID());
    const started = performance.now();
    const responses = await Promise.all(cookies.map((cookie, i) => checkout(target(), cookie, { giftCards: [{ code: card.code, pin: card.pin }] }, { bagVersion: versions[i] ?? 0, key: keys[i] })));
    const elapsed = performance.now() - started;
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { code?: string; data?: { giftCards: { amount: number }; payment: { amount: { amount: number } } } }[];
    const placed = bodies.filter((_, i) => responses[i]?.status === 201);
    const refused = bodies.filter((b) => b.code === 'gift_card_balance_changed').length;
    const emptied = bodies.filter((b) => b.code === 'gift_card_empty').length;
    const left = await balanceOf(target(), card.id);
    const [spent] = await target().query<{ total: number; n: number }>(`select coalesce(-sum(amount_minor), 0)::int as total, count(*)::int as n from gift_card_transactions where gift_card_id = ${card.id}`);
    const fromOrders = placed.reduce((sum, b) => sum + Math.round((b.data?.giftCards.amount ?? 0) * 100), 0);
    const byCard = placed.filter((b) => (b.data?.payment.amount.amount ?? 0) > 0).length;
    console.log(
      `${n} concurrent checkouts spending one S$${balanceMinor / 100} card (S$25 each): ${placed.length} placed (${byCard} paying a rest by card), ${refused} refused gift_card_balance_changed, ${emptied} gift_card_empty; spent S$${Number(spent?.total) / 100}, left S$${left / 100}, in ${elapsed.toFixed(0)} ms`,
    );
    // Every answer is an order or a refusal about the card; never more spent than the balance.
    expect(placed.length + refused + emptied).toBe(n);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(Number(spent?.total) + left).toBe(balanceMinor);
    expect(fromOrders).toBe(Number(spent?.total));
    expect(Number(spent?.n)).toBe(placed.filter((b) => (b.data?.giftCards.amount ?? 0) > 0).length);
    // Each order's rest was captured; a refused checkout's hold (when it had one: a card that paid it all needs none) was voided; nothing is left held.
    const payments = await paymentsOf(target(), keys);
    expect(payments.captured).toBe(byCard);
    expect(payments.authorized).toBe(0);
    expect(payments.voided).toBeLessThanOrEqual(refused);
    if (everyoneHolds) expect(payments.voided).toBe(refused);
  }

  it('two checkouts spending the same card at once never spend more than its balance', async () => {
    await spendAtOnce(2, 3_000);
  }, 60_000);

  it('10 checkouts spending the same card at once never spend more than its balance', async () => {
    // S$20 pays part of each S$25: every checkout holds S$5 on its card, so the refused ones' holds are voided.
    await spendAtOnce(10, 2_000, { everyoneHolds: true });
  }, 60_000);

  it('three sender runs at once email each due card once', async () => {
    // More cards than one run's batch (10), so the runs' batches meet.
    const emails = Array.from({ length: 24 }, () => `race-${randomUUID()}@example.com`);
    for (const email of emails) {
      const card = await cardWith(target(), 2_000, { email });
      await target().query(`update gift_cards set sent_at = null, pin_hash = null where id = ${card.id}`);
    }
    const runs = await Promise.all([runGiftCardSender(db()), runGiftCardSender(db()), runGiftCardSender(db())]);
    const list = emails.map((e) => `'${e}'`).join(',');
    const sent = await target().query<{ to_address: string; n: number }>(`select to_address, count(*)::int as n from outbox_emails where kind = 'gift-card' and to_address in (${list}) group by to_address`);
    console.log(`3 sender runs at once over 24 due cards: ${runs.map((r) => r.sent).join(' + ')} sent, ${sent.length} cards emailed, at most ${Math.max(...sent.map((s) => Number(s.n)))} email each`);
    expect(sent).toHaveLength(24);
    expect(sent.every((s) => Number(s.n) === 1)).toBe(true);
    const unsent = await target().query<{ n: number }>(`select count(*)::int as n from gift_cards where recipient_email in (${list}) and (sent_at is null or pin_hash is null)`);
    expect(Number(unsent[0]?.n)).toBe(0);
  }, 60_000);
}
