import type { CountryCode } from '../../src/config/countries.ts';
import type { TierName } from '../../src/contract/loyalty.ts';
import type { Db } from '../../src/server/db/client.ts';
import { runLoyaltyDay } from '../../src/server/jobs/loyalty-day.ts';
import { applyOrderLoyalty } from '../../src/server/loyalty/order-effects.ts';
import { beautyPassStatus } from '../../src/server/loyalty/status.ts';
import { insertMember, insertOrder, loyaltyTables } from './loyalty.ts';

/*
 * The daily job's scenario (issue 15: "run twice, run by two processes at once, run after a missed
 * day → the same result"), for PGlite (tests/api/loyalty-job.test.ts) and PostgreSQL
 * (tests/pg/loyalty-job.test.ts). One fixture of members whose points expire, years end and
 * downgrades land over 18 months, in five countries' calendars, and one order in a notice period;
 * played under several schedules of the job, each on a fresh database; the tables must come out
 * the same.
 */

interface FixtureMember {
  key: string;
  country: CountryCode;
  tier: TierName;
  points: number;
  spendMinor: number;
  yearEnd: string;
  pointsActiveOn: string;
}

const yearStartOf = (yearEnd: string) => `${Number(yearEnd.slice(0, 4)) - 1}${yearEnd.slice(4)}`;

export const JOB_FIXTURE: readonly FixtureMember[] = [
  // Short of gold's renewal: downgraded after the notice; a year later short of black's too.
  { key: 'sg-gold-lapses', country: 'SG', tier: 'gold', points: 800, spendMinor: 50_000, yearEnd: '2030-03-31', pointsActiveOn: '2029-12-01' },
  { key: 'nz-black-renews', country: 'NZ', tier: 'black', points: 120, spendMinor: 39_000, yearEnd: '2030-02-10', pointsActiveOn: '2029-11-20' },
  { key: 'th-pink-stays', country: 'TH', tier: 'pink', points: 40, spendMinor: 0, yearEnd: '2030-01-31', pointsActiveOn: '2029-10-01' },
  // Expiry at the start of 2030-03-15 in Sydney.
  { key: 'au-white-expires', country: 'AU', tier: 'white', points: 500, spendMinor: 0, yearEnd: '2030-09-30', pointsActiveOn: '2028-09-15' },
  // Month-end clamp: 2028-08-31 + 18 months = 2030-02-28 in Auckland.
  { key: 'nz-expires-month-end', country: 'NZ', tier: 'pink', points: 77, spendMinor: 0, yearEnd: '2030-12-31', pointsActiveOn: '2028-08-31' },
  { key: 'id-gold-renews', country: 'ID', tier: 'gold', points: 3_000, spendMinor: 1_300_000_000, yearEnd: '2030-04-30', pointsActiveOn: '2029-05-01' },
  // Gold short of renewal, but an order in the notice period reaches gold again: the downgrade is dropped.
  { key: 'sg-gold-saved', country: 'SG', tier: 'gold', points: 200, spendMinor: 20_000, yearEnd: '2030-05-31', pointsActiveOn: '2029-06-01' },
  // Away two years: two year ends, two downgrades, and the points expire meanwhile.
  { key: 'hk-gold-away', country: 'HK', tier: 'gold', points: 1_000, spendMinor: 0, yearEnd: '2030-01-15', pointsActiveOn: '2029-01-20' },
  // The year's spend reached a higher tier without an order upgrading it (a cancellation's leftovers): upgraded at the year end.
  { key: 'my-black-upgrades', country: 'MY', tier: 'black', points: 60, spendMinor: 450_000, yearEnd: '2030-06-30', pointsActiveOn: '2029-07-01' },
];

export const JOB_START = new Date('2030-01-01T03:00:00Z');
export const JOB_END = new Date('2031-06-30T03:00:00Z');
/** The order of `sg-gold-saved` in its notice period (SG S$1,250: gold's S$1,200 reached again). */
const SAVING_ORDER = { at: new Date('2030-06-05T04:00:00Z'), spendMinor: 125_000 };

export async function buildJobFixture(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const m of JOB_FIXTURE) {
    const user = await insertMember(db, { country: m.country, tier: m.tier, points: m.points, spendMinor: m.spendMinor, yearStart: yearStartOf(m.yearEnd), yearEnd: m.yearEnd, pointsActiveOn: m.pointsActiveOn });
    ids.set(m.key, user.id);
  }
  return ids;
}

async function placeSavingOrder(db: Db, ids: Map<string, number>): Promise<void> {
  const userId = ids.get('sg-gold-saved');
  if (userId === undefined) throw new Error('fixture without sg-gold-saved');
  const order = await insertOrder(db, { userId, subtotalMinor: SAVING_ORDER.spendMinor, placedAt: SAVING_ORDER.at });
  await db.transaction((tx) => applyOrderLoyalty(tx, { userId, orderId: order.id, number: 'SAVED', country: 'SG', spendMinor: SAVING_ORDER.spendMinor, pointsEarned: 1_250, pointsUsed: 0, now: SAVING_ORDER.at }));
}

export interface Schedule {
  name: string;
  /** When the job runs (JOB_END is always the last). */
  ticks: Date[];
  /** Runs started at once per tick (two processes: two databases' pools, or two calls on one). */
  parallel: number;
  /** Runs one after the other per tick (a second run of a day must do nothing). */
  repeats: number;
}

const DAY = 86_400_000;
function everyDays(days: number, offsetHours = 0): Date[] {
  const ticks: Date[] = [];
  for (let t = JOB_START.getTime() + offsetHours * 3_600_000; t < JOB_END.getTime(); t += days * DAY) ticks.push(new Date(t));
  return ticks;
}

export const SCHEDULES: readonly Schedule[] = [
  { name: 'daily', ticks: everyDays(1), parallel: 1, repeats: 1 },
  { name: 'twice a day every third day, twice each time', ticks: [...everyDays(3), ...everyDays(3, 12)].sort((a, b) => a.getTime() - b.getTime()), parallel: 1, repeats: 2 },
  { name: 'missed days (every 45 days)', ticks: everyDays(45), parallel: 1, repeats: 1 },
  { name: 'only at the end', ticks: [], parallel: 1, repeats: 1 },
  { name: 'two processes at once, every 5 days', ticks: everyDays(5), parallel: 2, repeats: 1 },
];

export interface Played {
  ticks: number;
  runs: number;
  expiredMembers: number;
  closedYears: number;
  appliedChanges: number;
}

/**
 * Plays the schedule: the job at each tick (`dbs.length` or `parallel` runs at once), the saving
 * order at its time, and a last tick at JOB_END. With a second process, `dbs` holds its pool.
 */
export async function playSchedule(dbs: readonly Db[], ids: Map<string, number>, schedule: Schedule): Promise<Played> {
  const played: Played = { ticks: 0, runs: 0, expiredMembers: 0, closedYears: 0, appliedChanges: 0 };
  let ordered = false;
  const tick = async (now: Date) => {
    if (!ordered && now.getTime() >= SAVING_ORDER.at.getTime()) {
      ordered = true;
      await placeSavingOrder(dbs[0] as Db, ids);
    }
    played.ticks += 1;
    for (let r = 0; r < schedule.repeats; r += 1) {
      const runners = Array.from({ length: schedule.parallel }, (_, i) => dbs[i % dbs.length] as Db);
      const results = await Promise.all(runners.map((db) => runLoyaltyDay(db, now)));
      for (const run of results.flat()) {
        if (!run.ran) continue;
        played.runs += 1;
        played.expiredMembers += run.expiredMembers;
        played.closedYears += run.closedYears;
        played.appliedChanges += run.appliedChanges;
      }
    }
  };
  for (const at of schedule.ticks) await tick(at);
  await tick(JOB_END);
  return played;
}

/** The fixture's rows keyed by member instead of id (ids differ between databases). */
export async function fixtureTables(db: Db, ids: Map<string, number>): Promise<Record<string, unknown[]>> {
  const keyOf = new Map([...ids].map(([key, id]) => [id, key]));
  const tables = await loyaltyTables(db, [...ids.values()]);
  const rekey = (rows: unknown[]) =>
    rows
      .map((row) => {
        const { user_id: userId, order_id: orderId, ...rest } = row as Record<string, unknown>;
        return { member: keyOf.get(Number(userId)), ...rest, ...(orderId === undefined ? {} : { order: orderId === null ? null : 'order' }) };
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rekey(rows)]));
}

/** What GET beauty-pass would serve each fixture member at `now`. */
export async function fixtureStatuses(db: Db, ids: Map<string, number>, now: Date): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, id] of ids) out[key] = await beautyPassStatus(db, id, now);
  return out;
}
