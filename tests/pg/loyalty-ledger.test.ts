/**
 * Issue 15: the points ledger under real concurrency (PostgreSQL, a pool of 10): many orders of
 * one member spending points at once never take the balance below zero (the member row's lock and
 * the `points >= 0` check), an order's earn paid twice at once pays once, and settling one member
 * from many connections at once writes one expiry.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/query.ts';
import type { Database } from '../../src/server/db/client.ts';
import { addPoints, InsufficientPointsError, lockMember } from '../../src/server/loyalty/ledger.ts';
import { applyOrderLoyalty } from '../../src/server/loyalty/order-effects.ts';
import { settleMember } from '../../src/server/loyalty/settle.ts';
import { prepareDatabase } from '../../src/server/server.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { insertMember, insertOrder, memberFacts } from '../helpers/loyalty.ts';
import { startCluster, type PgCluster } from './cluster.ts';

let cluster: PgCluster | undefined;
let database: Database | undefined;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase('loyalty_ledger');
  database = (await prepareDatabase({ databaseUrl: cluster.url('loyalty_ledger'), seedProducts: 0, log: () => undefined })).database;
}, 180_000);

afterAll(async () => {
  await runEveryStep([() => database?.close(), () => cluster?.stop()]);
}, 60_000);

const db = () => {
  if (!database) throw new Error('database not open');
  return database.db;
};
const NOW = new Date('2030-03-10T04:00:00Z');

describe('the ledger on PostgreSQL', () => {
  it('50 orders spending 100 points each at once from 1,000: exactly 10 go through, the balance ends at 0', async () => {
    const user = await insertMember(db(), { points: 1_000, yearStart: '2030-01-01', yearEnd: '2030-12-31', pointsActiveOn: '2030-01-01' });
    const orders = await Promise.all(Array.from({ length: 50 }, () => insertOrder(db(), { userId: user.id, subtotalMinor: 1_000, placedAt: NOW })));
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      orders.map((order) => db().transaction((tx) => applyOrderLoyalty(tx, { userId: user.id, orderId: order.id, number: order.number, country: 'SG', spendMinor: 1_000, pointsEarned: 0, pointsUsed: 100, now: NOW }))),
    );
    const placed = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof InsufficientPointsError).length;
    console.info(`points race on PostgreSQL: 50 orders of 100 points from 1,000 → ${placed} placed, ${refused} refused (insufficient points) in ${Math.round(performance.now() - started)} ms`);
    expect([placed, refused]).toEqual([10, 40]);
    expect(await memberFacts(db(), user.id)).toMatchObject({ points: 0, ledgerSum: 0 });
  });

  it('the same earn written by 20 connections at once pays once', async () => {
    const user = await insertMember(db(), { yearStart: '2030-01-01', yearEnd: '2030-12-31', pointsActiveOn: '2030-01-01' });
    const written = await Promise.all(
      Array.from({ length: 20 }, () =>
        db().transaction(async (tx) => {
          await lockMember(tx, user.id);
          return addPoints(tx, { userId: user.id, source: 'product_review_with_name', amount: 20, cause: 'review:1', reference: 'Serum', at: NOW });
        }),
      ),
    );
    expect(written.filter((n) => n === 20)).toHaveLength(1);
    expect(await memberFacts(db(), user.id)).toMatchObject({ points: 20, ledgerSum: 20 });
  });

  it('settling one member from 20 connections at once writes one expiry, one year end', async () => {
    const user = await insertMember(db(), { tier: 'gold', points: 700, spendMinor: 10_000, yearStart: '2028-07-01', yearEnd: '2029-06-30', pointsActiveOn: '2028-06-01' });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db().transaction(async (tx) => {
          const locked = await lockMember(tx, user.id);
          if (locked) await settleMember(tx, locked, '2030-03-10');
        }),
      ),
    );
    const ledger = rowsOf<{ cause: string }>(await db().execute(sql`select cause from points_ledger where user_id = ${user.id} and source = 'expired_points'`));
    const changes = rowsOf<{ cause: string; to_tier: string; applied: boolean }>(await db().execute(sql`select cause, to_tier, applied_at is not null as applied from tier_changes where user_id = ${user.id}`));
    expect(ledger).toEqual([{ cause: 'expiry:2029-12-01' }]);
    expect(changes).toEqual([{ cause: 'year:2029-06-30', to_tier: 'black', applied: true }]);
    expect(await memberFacts(db(), user.id)).toMatchObject({ tier: 'black', points: 0, ledgerSum: 0, yearStart: '2029-07-01', yearEnd: '2030-06-30' });
  });
});
