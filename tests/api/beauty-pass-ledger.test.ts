import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARNING_POINTS } from '../../src/config/loyalty-points.ts';
import { rowsOf } from '../../src/server/db/query.ts';
import { addPoints, InsufficientPointsError, lockMember } from '../../src/server/loyalty/ledger.ts';
import { applyOrderLoyalty, reverseOrderLoyalty } from '../../src/server/loyalty/order-effects.ts';
import { addMonths, pointsExpiresOn, pointsSummaryOf, startOfDayIn } from '../../src/server/loyalty/rules.ts';
import { addDays } from '../../src/contract/calendar-day.ts';
import { settleMember } from '../../src/server/loyalty/settle.ts';
import { earnBeautyProfile } from '../../src/server/loyalty/earn.ts';
import { insertMember, insertOrder, memberFacts } from '../helpers/loyalty.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/* The seam of the ledger (issue 15): addPoints, settleMember, the order effects, on PGlite. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0 });
});
afterAll(async () => {
  await t?.close();
});

const NOW = new Date('2026-03-10T04:00:00Z');
const member = (over: Partial<Parameters<typeof insertMember>[1]> = {}) => insertMember(t.db, { yearStart: '2026-01-01', yearEnd: '2026-12-31', pointsActiveOn: '2026-01-05', ...over });

describe('rules', () => {
  it('adds months clamped to the month end, 18 months for the expiry', () => {
    expect(addMonths('2025-08-31', 18)).toBe('2027-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(pointsExpiresOn('2025-01-10')).toBe('2026-07-10');
  });

  it('starts a day at local midnight of the country (Auckland in summer is UTC+13)', () => {
    expect(startOfDayIn('NZ', '2026-01-15').toISOString()).toBe('2026-01-14T11:00:00.000Z');
    expect(startOfDayIn('NZ', '2026-07-15').toISOString()).toBe('2026-07-14T12:00:00.000Z');
    expect(startOfDayIn('TH', '2026-07-15').toISOString()).toBe('2026-07-14T17:00:00.000Z');
    expect(startOfDayIn('AU', '2026-10-04').toISOString()).toBe('2026-10-03T14:00:00.000Z');
  });

  it('shows 0 from the expiry day on, and warns 42 days before', () => {
    expect(pointsSummaryOf({ points: 300, pointsActiveOn: '2025-01-10' }, '2026-07-10')).toEqual({ balance: 0, expiry: null, lastActivityOn: '2025-01-10' });
    expect(pointsSummaryOf({ points: 300, pointsActiveOn: '2025-01-10' }, '2026-07-09').expiry).toEqual({ on: '2026-07-10', amount: 300, daysLeft: 1, warning: true });
    expect(pointsSummaryOf({ points: 300, pointsActiveOn: '2025-01-10' }, '2026-05-29').expiry?.warning).toBe(true);
    expect(pointsSummaryOf({ points: 300, pointsActiveOn: '2025-01-10' }, '2026-05-28').expiry?.warning).toBe(false);
  });
});

describe('addPoints', () => {
  it('pays a cause once and keeps balance = ledger sum', async () => {
    const user = await member();
    const written = await t.db.transaction(async (tx) => {
      await lockMember(tx, user.id);
      return [
        await addPoints(tx, { userId: user.id, source: 'beauty_pass_registration', amount: 100, cause: 'registration', at: NOW }),
        await addPoints(tx, { userId: user.id, source: 'beauty_pass_registration', amount: 100, cause: 'registration', at: NOW }),
      ];
    });
    expect(written).toEqual([100, 0]);
    const facts = await memberFacts(t.db, user.id);
    expect(facts.points).toBe(100);
    expect(facts.ledgerSum).toBe(100);
  });

  it('refuses a debit below zero with InsufficientPointsError and writes nothing', async () => {
    const user = await member({ points: 50 });
    await expect(
      t.db.transaction(async (tx) => {
        await lockMember(tx, user.id);
        await addPoints(tx, { userId: user.id, source: 'used_points', amount: -51, cause: 'redeem:order:1', at: NOW });
      }),
    ).rejects.toBeInstanceOf(InsufficientPointsError);
    const facts = await memberFacts(t.db, user.id);
    expect(facts).toMatchObject({ points: 50, ledgerSum: 50 });
  });
});

describe('settleMember', () => {
  it('expires every point at the start of the expiry day in the member zone, once', async () => {
    const user = await member({ country: 'NZ', points: 400, pointsActiveOn: '2024-08-31', yearStart: '2026-01-01', yearEnd: '2026-12-31' });
    for (let i = 0; i < 2; i += 1) {
      await t.db.transaction(async (tx) => {
        const locked = await lockMember(tx, user.id);
        if (locked) await settleMember(tx, locked, '2026-03-10');
      });
    }
    const rows = rowsOf<{ amount: number; cause: string; created_at: Date }>(await t.db.execute(sql`select amount, cause, created_at from points_ledger where user_id = ${user.id} and source = 'expired_points'`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.cause).toBe('expiry:2026-02-28');
    expect(new Date(rows[0]?.created_at ?? 0).toISOString()).toBe(startOfDayIn('NZ', '2026-02-28').toISOString());
    expect(await memberFacts(t.db, user.id)).toMatchObject({ points: 0, ledgerSum: 0 });
  });
});

describe('order effects', () => {
  it('earns, debits, adds the spend, upgrades at once, and a cancel undoes the points and spend', async () => {
    const user = await member({ tier: 'pink', points: 300, spendMinor: 4_000 });
    const order = await insertOrder(t.db, { userId: user.id, subtotalMinor: 50_000, placedAt: NOW });
    const result = await t.db.transaction((tx) => applyOrderLoyalty(tx, { userId: user.id, orderId: order.id, number: order.number, country: 'SG', spendMinor: 50_000, pointsEarned: 500, pointsUsed: 200, now: NOW }));
    expect(result).toEqual({ pointsEarned: 500 });
    // 4,000 + 50,000 minor = S$540: black (S$400) reached, a fresh year from today.
    expect(await memberFacts(t.db, user.id)).toMatchObject({ tier: 'black', points: 600, ledgerSum: 600, spendMinor: 0, yearStart: '2026-03-10', yearEnd: '2027-03-09', pointsActiveOn: '2026-03-10' });
    const [change] = rowsOf<{ from_tier: string; to_tier: string; change: string; reason: string; cause: string }>(await t.db.execute(sql`select from_tier, to_tier, change, reason, cause from tier_changes where user_id = ${user.id}`));
    expect(change).toEqual({ from_tier: 'pink', to_tier: 'black', change: 'upgraded', reason: 'spend_reached', cause: `order:${order.id}` });

    // Spent 550 of the 600 meanwhile: the 200 used come back, 500 earned go as far as the 250 there.
    await t.db.transaction(async (tx) => {
      await lockMember(tx, user.id);
      await addPoints(tx, { userId: user.id, source: 'used_points', amount: -550, cause: 'redeem:order:other', at: NOW });
    });
    const cancel = { userId: user.id, orderId: order.id, number: order.number, country: 'SG' as const, spendMinor: 50_000, placedAt: NOW, pointsUsed: 200, pointsEarned: 500, now: NOW };
    await t.db.transaction((tx) => reverseOrderLoyalty(tx, cancel));
    await t.db.transaction((tx) => reverseOrderLoyalty(tx, cancel));
    expect(await memberFacts(t.db, user.id)).toMatchObject({ tier: 'black', points: 0, ledgerSum: 0, spendMinor: 0 });
    const causes = rowsOf<{ cause: string; amount: number }>(await t.db.execute(sql`select cause, amount from points_ledger where user_id = ${user.id} order by id`));
    expect(causes.map((r) => [r.cause, Number(r.amount)])).toEqual([
      ['opening', 300],
      [`redeem:order:${order.id}`, -200],
      [`order:${order.id}`, 500],
      ['redeem:order:other', -550],
      [`return:order:${order.id}`, 200],
      [`reverse:order:${order.id}`, -250],
    ]);
  });

  it('refuses an order whose reward the balance cannot cover', async () => {
    const user = await member({ points: 100 });
    const order = await insertOrder(t.db, { userId: user.id, subtotalMinor: 1_000, placedAt: NOW });
    await expect(t.db.transaction((tx) => applyOrderLoyalty(tx, { userId: user.id, orderId: order.id, number: order.number, country: 'SG', spendMinor: 1_000, pointsEarned: 10, pointsUsed: 101, now: NOW }))).rejects.toBeInstanceOf(
      InsufficientPointsError,
    );
    expect(await memberFacts(t.db, user.id)).toMatchObject({ points: 100, ledgerSum: 100, spendMinor: 0 });
  });

  it('pays the completed profile once', async () => {
    const user = await member();
    expect(await earnBeautyProfile(t.db, user.id, NOW)).toBe(EARNING_POINTS.beautyProfile);
    expect(await earnBeautyProfile(t.db, user.id, NOW)).toBe(0);
  });

  it("dates the purchase by the member's calendar: 23:30 and 00:30 in Auckland and Bangkok", async () => {
    const cases = [
      { country: 'NZ' as const, at: '2030-03-31T10:30:00Z', activeOn: '2030-03-31', expiresOn: '2031-09-30' },
      { country: 'NZ' as const, at: '2030-03-31T11:30:00Z', activeOn: '2030-04-01', expiresOn: '2031-10-01' },
      { country: 'TH' as const, at: '2030-08-31T16:30:00Z', activeOn: '2030-08-31', expiresOn: '2032-02-29' },
      { country: 'TH' as const, at: '2030-08-31T17:30:00Z', activeOn: '2030-09-01', expiresOn: '2032-03-01' },
    ];
    for (const c of cases) {
      const user = await member({ country: c.country, yearStart: '2030-01-01', yearEnd: '2030-12-31', pointsActiveOn: '2030-01-01' });
      const now = new Date(c.at);
      const order = await insertOrder(t.db, { userId: user.id, country: c.country, subtotalMinor: 1_000, placedAt: now });
      await t.db.transaction((tx) => applyOrderLoyalty(tx, { userId: user.id, orderId: order.id, number: order.number, country: c.country, spendMinor: 1_000, pointsEarned: 10, pointsUsed: 0, now }));
      const facts = await memberFacts(t.db, user.id);
      expect(facts.pointsActiveOn, c.at).toBe(c.activeOn);
      expect(pointsExpiresOn(facts.pointsActiveOn), c.at).toBe(c.expiresOn);
      const [earned] = rowsOf<{ expires_on: string }>(await t.db.execute(sql`select expires_on::text as expires_on from points_ledger where user_id = ${user.id} and cause = ${`order:${order.id}`}`));
      // The earning row notes its last usable day: the day before the expiry.
      expect(earned?.expires_on).toBe(addDays(c.expiresOn, -1));
    }
  });

  it('an upgrade in the notice period drops the pending downgrade, recorded before the upgrade', async () => {
    const user = await member({ tier: 'black', spendMinor: 10_000, yearStart: '2025-03-01', yearEnd: '2026-02-28', pointsActiveOn: '2026-01-05' });
    const order = await insertOrder(t.db, { userId: user.id, subtotalMinor: 130_000, placedAt: NOW });
    // 2026-03-10: the year ended 2026-02-28 short of black's S$300 → white from 2026-03-15; S$1,300 now reaches gold at once.
    await t.db.transaction((tx) => applyOrderLoyalty(tx, { userId: user.id, orderId: order.id, number: order.number, country: 'SG', spendMinor: 130_000, pointsEarned: 1_300, pointsUsed: 0, now: NOW }));
    const changes = rowsOf<{ cause: string; from_tier: string; to_tier: string; change: string; reason: string; effective_on: string }>(
      await t.db.execute(sql`select cause, from_tier, to_tier, change, reason, effective_on::text as effective_on from tier_changes where user_id = ${user.id} order by id`),
    );
    expect(changes).toEqual([
      { cause: 'year:2026-02-28', from_tier: 'black', to_tier: 'black', change: 'renewed', reason: 'spend_reached', effective_on: '2026-03-10' },
      { cause: `order:${order.id}`, from_tier: 'black', to_tier: 'gold', change: 'upgraded', reason: 'spend_reached', effective_on: '2026-03-10' },
    ]);
    expect(await memberFacts(t.db, user.id)).toMatchObject({ tier: 'gold', spendMinor: 0, yearStart: '2026-03-10', yearEnd: '2027-03-09' });
  });
});
