import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryCode } from '../../src/config/countries.ts';
import { EARNING_POINTS } from '../../src/config/loyalty-points.ts';
import { addDays, todayIn } from '../../src/contract/calendar-day.ts';
import { rowsOf } from '../../src/server/db/query.ts';
import { earnInTransaction } from '../../src/server/loyalty/earn.ts';
import { InsufficientPointsError, lockMember } from '../../src/server/loyalty/ledger.ts';
import { applyOrderLoyalty, reverseOrderLoyalty } from '../../src/server/loyalty/order-effects.ts';
import { pointsExpiresOn, pointsSummaryOf, startOfDayIn } from '../../src/server/loyalty/rules.ts';
import { settleMember } from '../../src/server/loyalty/settle.ts';
import { insertMember, insertOrder, memberFacts } from '../helpers/loyalty.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * The ledger's invariants under random interleavings (issue 15), against a model: orders that earn
 * and spend points (a reward), cancellations that return and reverse them, reviews paid once per
 * review (replayed), and time passing, in Auckland, Bangkok, Sydney and Singapore, with orders at
 * 23:30 and 00:30 local time. After every step: balance = ledger sum = the model's, never below 0,
 * no cause paid twice; every point expires exactly at the start of the day 18 months after the
 * last purchase, in the member's zone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0 });
});
afterAll(async () => {
  await t?.close();
});

type Edge = 'early' | 'noon' | 'late';
const EDGE_RANK: Record<Edge, number> = { early: 0, noon: 1, late: 2 };
type Op =
  | { kind: 'order'; days: number; edge: Edge; earn: number; use: number }
  | { kind: 'cancel'; days: number; edge: Edge; which: number }
  | { kind: 'review'; days: number; edge: Edge; review: number };

const days = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 40 }) }, { weight: 2, arbitrary: fc.integer({ min: 300, max: 560 }) });
const edge = fc.constantFrom<Edge>('early', 'noon', 'late');
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('order' as const), days, edge, earn: fc.integer({ min: 0, max: 500 }), use: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 900 })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), days, edge, which: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('review' as const), days, edge, review: fc.integer({ min: 1, max: 3 }) }) },
);

/** The instant of a day's edge in the country: 00:30, 12:00 or 23:30 local. */
function instantOf(country: CountryCode, date: string, at: Edge): Date {
  if (at === 'late') return new Date(startOfDayIn(country, addDays(date, 1)).getTime() - 30 * 60_000);
  return new Date(startOfDayIn(country, date).getTime() + (at === 'early' ? 30 : 12 * 60) * 60_000);
}

interface Model {
  activeOn: string;
  balance: number;
  expiries: { cause: string; at: string }[];
  orders: { id: number; number: string; earned: number; used: number; cancelled: boolean }[];
  reviews: Set<number>;
}

function settleModel(model: Model, country: CountryCode, today: string): void {
  const on = pointsExpiresOn(model.activeOn);
  if (on <= today && model.balance > 0) {
    model.expiries.push({ cause: `expiry:${on}`, at: startOfDayIn(country, on).toISOString() });
    model.balance = 0;
  }
}

let runs = 0;
let steps = 0;
let refusals = 0;
let expiries = 0;

describe('ledger properties', () => {
  it('balance = ledger sum = model ≥ 0, each cause once, expiry exactly 18 months after the last purchase', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<CountryCode>('NZ', 'TH', 'AU', 'SG'), fc.array(op, { minLength: 1, maxLength: 16 }), async (country, ops) => {
        runs += 1;
        let date = '2030-01-01';
        let rank = 1;
        const user = await insertMember(t.db, { country, points: 0, yearStart: date, yearEnd: '2030-12-31', pointsActiveOn: date });
        const model: Model = { activeOn: date, balance: 0, expiries: [], orders: [], reviews: new Set() };
        for (const step of ops) {
          steps += 1;
          if (step.days > 0 || EDGE_RANK[step.edge] < rank) date = addDays(date, Math.max(1, step.days));
          rank = EDGE_RANK[step.edge];
          const now = instantOf(country, date, step.edge);
          const today = todayIn(country, now.getTime());
          expect(today).toBe(date);
          settleModel(model, country, today);
          if (step.kind === 'order') {
            const order = await insertOrder(t.db, { userId: user.id, country, subtotalMinor: 1_000, placedAt: now });
            const input = { userId: user.id, orderId: order.id, number: order.number, country, spendMinor: 1_000, pointsEarned: step.earn, pointsUsed: step.use, now };
            if (step.use > model.balance) {
              refusals += 1;
              await expect(t.db.transaction((tx) => applyOrderLoyalty(tx, input))).rejects.toBeInstanceOf(InsufficientPointsError);
            } else {
              expect(await t.db.transaction((tx) => applyOrderLoyalty(tx, input))).toEqual({ pointsEarned: step.earn });
              model.balance += step.earn - step.use;
              model.activeOn = today;
              model.orders.push({ id: order.id, number: order.number, earned: step.earn, used: step.use, cancelled: false });
            }
          } else if (step.kind === 'cancel') {
            const order = model.orders[step.which % Math.max(1, model.orders.length)];
            if (!order) continue;
            await t.db.transaction((tx) => reverseOrderLoyalty(tx, { userId: user.id, orderId: order.id, number: order.number, country, spendMinor: 1_000, placedAt: now, pointsUsed: order.used, pointsEarned: order.earned, now }));
            if (!order.cancelled) {
              order.cancelled = true;
              model.balance += order.used;
              model.balance -= Math.min(order.earned, model.balance);
            }
          } else {
            const written = await t.db.transaction((tx) => earnInTransaction(tx, user.id, { source: 'product_review_with_name', amount: EARNING_POINTS.review, cause: `review:${step.review}`, reference: 'Serum' }, now));
            const paid = model.reviews.has(step.review);
            expect(written).toBe(paid ? 0 : EARNING_POINTS.review);
            if (!paid) {
              // A lapsed balance starts a fresh clock with the points that revive it.
              if (pointsExpiresOn(model.activeOn) <= today) model.activeOn = today;
              model.balance += EARNING_POINTS.review;
              model.reviews.add(step.review);
            }
          }
          const facts = await memberFacts(t.db, user.id);
          expect(facts.points).toBe(facts.ledgerSum);
          expect(facts.points).toBeGreaterThanOrEqual(0);
          expect(facts.pointsActiveOn).toBe(model.activeOn);
          // What reads show equals the model, settled or not yet.
          expect(pointsSummaryOf(facts, today).balance).toBe(model.balance);
          // Exactly at the start of the 18-months day: the day before it still counts, that day not.
          const expiresOn = pointsExpiresOn(model.activeOn);
          if (expiresOn > today) expect(pointsSummaryOf(facts, addDays(expiresOn, -1)).balance).toBe(model.balance);
          expect(pointsSummaryOf(facts, expiresOn).balance).toBe(0);
        }
        // Settle far ahead: the last expiry is written, dated by its day.
        const end = addDays(pointsExpiresOn(model.activeOn), 3);
        settleModel(model, country, end);
        await t.db.transaction(async (tx) => {
          const locked = await lockMember(tx, user.id);
          if (locked) await settleMember(tx, locked, end);
        });
        const rows = rowsOf<{ cause: string; at: string }>(
          await t.db.execute(sql`select cause, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from points_ledger where user_id = ${user.id} and source = 'expired_points' order by created_at`),
        );
        expect(rows).toEqual(model.expiries);
        expiries += rows.length;
        const twice = rowsOf(await t.db.execute(sql`select cause from points_ledger where user_id = ${user.id} group by cause having count(*) > 1`));
        expect(twice).toEqual([]);
        expect(await memberFacts(t.db, user.id)).toMatchObject({ points: 0, ledgerSum: 0 });
      }),
      { numRuns: 40, seed: Number(process.env['FC_SEED'] ?? 20_261_126) },
    );
    console.info(`ledger property: ${runs} runs, ${steps} steps, ${refusals} refused rewards, ${expiries} expiries written`);
  });
});
