/**
 * The races of tests/pg (the last unit, the last seat, one gift card's balance, the last reward),
 * built with the same request helpers, but sent through the balancer: each racer's requests land
 * on any of the processes, so only the database can keep the outcome exact.
 */
import { randomUUID } from 'node:crypto';
import { LAST_UNIT_REWARD_SLUG } from '../../src/server/db/seed/rewards.ts';
import { book, DETAILS, findSlots, holdRequest, postConfirm, postHold } from '../helpers/booking.ts';
import { cookieHeader, cookieJar } from '../helpers/auth.ts';
import { cartCall, guestBag, variantsWithStock } from '../helpers/cart.ts';
import { bagVersion, orderBody, paymentsOf, postOrder } from '../helpers/checkout.ts';
import { balanceOf, cardWith, pricedVariant } from '../helpers/gift-cards.ts';
import { codeOf, newMember, redeem, rewardOf } from '../helpers/rewards.ts';
import { formatSpread, type CountingTarget } from './http-target.ts';
import { tally, type Report } from './report.ts';

export const RACERS = 30;

interface RaceContext {
  target: CountingTarget;
  report: Report;
  processes: readonly string[];
}

/** Checks that the race's requests reached every process, and records its figures. */
function spreadAndFigure({ target, report, processes }: RaceContext, scenario: string, outcomes: readonly (string | number)[], failures: number, started: number): void {
  const spread = target.spread();
  report.check(scenario, 'requests reached every process', processes.every((name) => (spread.get(name) ?? 0) > 0), formatSpread(spread));
  report.figure({ scenario, requests: [...spread.values()].reduce((a, b) => a + b, 0), failures, statuses: tally(outcomes), p50: null, p99: null, seconds: (performance.now() - started) / 1000, spread: formatSpread(spread) });
}

export async function lastUnitRace(context: RaceContext): Promise<void> {
  const { target, report } = context;
  const scenario = 'race: last unit';
  target.resetSpread();
  const started = performance.now();
  const [variant] = await variantsWithStock(target, 1, 50, 0);
  const cookies = await Promise.all(Array.from({ length: RACERS }, () => guestBag(target, variant ?? 0)));
  await target.query(`update variants set stock = 1 where id = ${variant}`);
  const versions = await Promise.all(cookies.map((cookie) => bagVersion(target, cookie)));
  const keys = cookies.map(() => randomUUID());
  const responses = await Promise.all(cookies.map((cookie, i) => postOrder(target, cookie, orderBody(versions[i] ?? 0), keys[i])));
  const bodies = (await Promise.all(responses.map((r) => r.json()))) as { code?: string; blockedBy?: string }[];
  // A racer whose bag is read after the winner's order sees its line out of stock before paying (bag_blocked); one read before, after paying (sold_out).
  const outcomes = responses.map((r, i) => (r.status === 201 ? 'placed' : bodies[i]?.code === 'bag_blocked' ? `bag_blocked:${bodies[i]?.blockedBy}` : (bodies[i]?.code ?? String(r.status))));
  const refusedAfterPaying = outcomes.filter((o) => o === 'sold_out').length;
  report.equal(scenario, `${RACERS} checkouts of the last unit: exactly one order`, outcomes.filter((o) => o === 'placed').length, 1);
  report.equal(scenario, 'the others are told it sold out', refusedAfterPaying + outcomes.filter((o) => o === 'bag_blocked:out_of_stock').length, RACERS - 1);
  const [lines] = await target.query<{ n: number }>(`select count(*)::int as n from order_lines where variant_id = ${variant}`);
  report.equal(scenario, 'one order line in the database', Number(lines?.n), 1);
  const [stock] = await target.query<{ stock: number }>(`select stock from variants where id = ${variant}`);
  report.equal(scenario, 'stock left', Number(stock?.stock), 0);
  report.equal(scenario, 'payments: one captured, every hold of a refused racer voided, none left authorized', await paymentsOf(target, keys), { captured: 1, voided: refusedAfterPaying, authorized: 0 });
  spreadAndFigure(context, scenario, outcomes, outcomes.filter((o) => !['placed', 'sold_out', 'bag_blocked:out_of_stock'].includes(o)).length, started);
}

export async function lastSeatRace(context: RaceContext): Promise<void> {
  const { target, report } = context;
  const scenario = 'race: last seat';
  target.resetSpread();
  const started = performance.now();
  // A class of 8 seats: 7 booked one by one, then the racers for the last.
  const [{ slot }] = await findSlots(target, 'makeup-masterclass', 'sg-ion-orchard', 1, (s) => s.seatsLeft === 8);
  for (let seat = 0; seat < 7; seat += 1) await book(target, 'makeup-masterclass', 'sg-ion-orchard', slot.startsAt);
  const outcomes = await Promise.all(
    Array.from({ length: RACERS }, async (_, i) => {
      const held = await postHold(target, holdRequest('makeup-masterclass', 'sg-ion-orchard', slot.startsAt));
      if (held.status !== 201) return (await codeOf(held)) ?? String(held.status);
      const { data } = (await held.json()) as { data: { id: string; token: string; activityId: string } };
      const confirmed = await postConfirm(target, data, {}, { ...DETAILS, email: `seat${i}@example.com` });
      return confirmed.status === 201 ? 'confirmed' : ((await codeOf(confirmed)) ?? String(confirmed.status));
    }),
  );
  report.equal(scenario, `${RACERS} bookings of the last seat: exactly one confirmed`, outcomes.filter((o) => o === 'confirmed').length, 1);
  report.equal(scenario, 'the others are told it sold out', outcomes.filter((o) => o === 'sold_out').length, RACERS - 1);
  const [seats] = await target.query<{ n: number }>(
    `select count(*)::int as n from reservations r join activity_sessions s on s.id = r.session_id
      where s.activity_id = 'makeup-masterclass' and s.store_id = 'sg-ion-orchard' and s.starts_at = '${slot.startsAt}' and r.status in ('confirmed', 'rescheduled')`,
  );
  report.equal(scenario, 'seats taken in the database', Number(seats?.n), 8);
  spreadAndFigure(context, scenario, outcomes, outcomes.filter((o) => o !== 'confirmed' && o !== 'sold_out').length, started);
}

export async function giftCardRace(context: RaceContext): Promise<void> {
  const { target, report } = context;
  const scenario = 'race: one gift card';
  target.resetSpread();
  const started = performance.now();
  const balance = 2_000;
  // S$20 on the card, bags of S$25 to pay: each checkout holds the rest on its card, so every refusal has a hold to void.
  const card = await cardWith(target, balance);
  const variant = await pricedVariant(target, 2_000, 10);
  const cookies = await Promise.all(
    Array.from({ length: RACERS }, async () => {
      const added = await cartCall(target, 'POST', '/cart/line-items', { body: { variantId: variant, quantity: 1 } });
      if (added.status !== 201) throw new Error(`add failed: ${added.status} ${await added.text()}`);
      return cookieHeader(cookieJar(added));
    }),
  );
  const versions = await Promise.all(cookies.map((cookie) => bagVersion(target, cookie)));
  const keys = cookies.map(() => randomUUID());
  const responses = await Promise.all(cookies.map((cookie, i) => postOrder(target, cookie, orderBody(versions[i] ?? 0, { giftCards: [{ code: card.code, pin: card.pin }] }), keys[i])));
  const bodies = (await Promise.all(responses.map((r) => r.json()))) as { code?: string; data?: { giftCards: { amount: number } } }[];
  const outcomes = responses.map((r, i) => (r.status === 201 ? 'placed' : (bodies[i]?.code ?? String(r.status))));
  const left = await balanceOf(target, card.id);
  const [spent] = await target.query<{ total: number }>(`select coalesce(-sum(amount_minor), 0)::int as total from gift_card_transactions where gift_card_id = ${card.id}`);
  const fromOrders = bodies.filter((_, i) => responses[i]?.status === 201).reduce((sum, b) => sum + Math.round((b.data?.giftCards.amount ?? 0) * 100), 0);
  report.check(scenario, `${RACERS} checkouts spending one S$20 card: balance never below zero`, left >= 0, `left ${left / 100}`);
  report.equal(scenario, 'spent + left = the balance', Number(spent?.total) + left, balance);
  report.equal(scenario, "the orders' gift card amounts = what the card lost", fromOrders, Number(spent?.total));
  report.check(scenario, 'every answer an order or a refusal about the card', outcomes.every((o) => ['placed', 'gift_card_balance_changed', 'gift_card_empty'].includes(o)), tally(outcomes));
  report.equal(scenario, 'no payment left authorized', (await paymentsOf(target, keys)).authorized, 0);
  spreadAndFigure(context, scenario, outcomes, outcomes.filter((o) => !['placed', 'gift_card_balance_changed', 'gift_card_empty'].includes(o)).length, started);
}

export async function lastRewardRace(context: RaceContext): Promise<void> {
  const { target, report } = context;
  const scenario = 'race: last reward';
  target.resetSpread();
  const started = performance.now();
  const { id } = await rewardOf(target, LAST_UNIT_REWARD_SLUG, { stock: 1 });
  await target.query(`delete from cart_rewards where reward_id = ${id}`);
  // Members signed in through the balancer: a session begun on one process is honoured by the others.
  const racers = await Promise.all(Array.from({ length: RACERS }, () => newMember(target, { points: 1_000 })));
  const responses = await Promise.all(racers.map((m) => redeem(target, m.cookie, id)));
  const outcomes = await Promise.all(responses.map(async (r) => (r.status === 201 ? 'held' : ((await codeOf(r)) ?? String(r.status)))));
  report.equal(scenario, `${RACERS} members redeem the last reward: exactly one holds it`, outcomes.filter((o) => o === 'held').length, 1);
  report.equal(scenario, 'the others are told it is out of stock', outcomes.filter((o) => o === 'out_of_stock').length, RACERS - 1);
  const [holds] = await target.query<{ n: number }>(`select count(*)::int as n from cart_rewards where reward_id = ${id} and held_until > now()`);
  report.equal(scenario, 'one hold in the database', Number(holds?.n), 1);
  spreadAndFigure(context, scenario, outcomes, outcomes.filter((o) => o !== 'held' && o !== 'out_of_stock').length, started);
}
