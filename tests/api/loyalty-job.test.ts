import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/query.ts';
import { runLoyaltyDay } from '../../src/server/jobs/loyalty-day.ts';
import { startOfDayIn } from '../../src/server/loyalty/rules.ts';
import { insertMember, insertOrder } from '../helpers/loyalty.ts';
import { buildJobFixture, fixtureStatuses, fixtureTables, JOB_END, playSchedule, SCHEDULES } from '../helpers/loyalty-job.ts';
import { createTestApp } from '../helpers/server.ts';

/*
 * The Beauty Pass daily job on PGlite (issue 15): the fixture of tests/helpers/loyalty-job.ts played
 * under five schedules (daily, twice a day with two runs each time, every 45 days, only at the end,
 * two runs at once), each on a fresh database, gives the same rows; what a read served before the
 * last run is what the tables say after it. tests/pg/loyalty-job.test.ts plays it on PostgreSQL
 * with two pools really at once.
 */

describe('the daily job', () => {
  it('gives the same tables whatever the schedule: twice, at once, after missed days, or never until the end', { timeout: 600_000 }, async () => {
    const results: { name: string; tables: Record<string, unknown[]> }[] = [];
    for (const schedule of SCHEDULES) {
      const t = await createTestApp({ seedProducts: 0 });
      try {
        const ids = await buildJobFixture(t.db);
        const started = performance.now();
        const played = await playSchedule([t.db], ids, schedule);
        const ms = Math.round(performance.now() - started);
        console.info(
          `loyalty job, ${schedule.name}: ${played.ticks} ticks, ${played.runs} country-day runs, ${played.expiredMembers} expiries, ${played.closedYears} years closed, ${played.appliedChanges} downgrades applied or dropped (${ms} ms)`,
        );
        const tables = await fixtureTables(t.db, ids);
        results.push({ name: schedule.name, tables });
        // A day is run once per country however often the job ticks.
        const perDay = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from loyalty_job_runs group by country_code, day having count(*) > 1`));
        expect(perDay).toEqual([]);
      } finally {
        await t.close();
      }
    }
    const [first, ...rest] = results;
    for (const other of rest) expect(other.tables, `${other.name} vs ${first?.name}`).toEqual(first?.tables);

    const members = Object.fromEntries((first?.tables['members'] ?? []).map((m) => [String((m as { member: string }).member), m]));
    expect(members).toMatchObject({
      'sg-gold-lapses': { tier: 'white', points: 0 },
      'nz-black-renews': { tier: 'white', points: 0 },
      'th-pink-stays': { tier: 'pink', points: 0 },
      'au-white-expires': { tier: 'white', points: 0 },
      'nz-expires-month-end': { tier: 'pink', points: 0 },
      'id-gold-renews': { tier: 'black', points: 0 },
      'sg-gold-saved': { tier: 'gold', points: 1_450 },
      'hk-gold-away': { tier: 'white', points: 0 },
      'my-black-upgrades': { tier: 'gold', points: 0 },
    });
    const changes = ((first?.tables['changes'] ?? []) as { member: string; cause: string; change: string; reason: string; to_tier: string; effective_on: string }[]).sort((a, b) => a.cause.localeCompare(b.cause));
    expect(changes.filter((c) => c.member === 'sg-gold-saved').map((c) => [c.cause, c.change, c.reason, c.to_tier, c.effective_on])).toEqual([
      ['year:2030-05-31', 'renewed', 'spend_reached', 'gold', '2030-06-15'],
      ['year:2031-05-31', 'renewed', 'renewal_met', 'gold', '2031-06-01'],
    ]);
    expect(changes.filter((c) => c.member === 'hk-gold-away').map((c) => [c.cause, c.to_tier, c.effective_on])).toEqual([
      ['year:2030-01-15', 'black', '2030-01-30'],
      ['year:2031-01-15', 'white', '2031-01-30'],
    ]);
    expect(changes.some((c) => c.member === 'th-pink-stays')).toBe(false);
    const ledger = (first?.tables['ledger'] ?? []) as { member: string; cause: string; created_at: string }[];
    // Dated by the day they belong to, in the member's zone: Sydney's 2030-03-15 began at 13:00 UTC the day before (daylight saving).
    expect(ledger.find((r) => r.member === 'au-white-expires' && r.cause.startsWith('expiry:'))).toMatchObject({ cause: 'expiry:2030-03-15', created_at: startOfDayIn('AU', '2030-03-15').toISOString() });
    expect(ledger.find((r) => r.member === 'nz-expires-month-end' && r.cause.startsWith('expiry:'))?.cause).toBe('expiry:2030-02-28');
  });

  it('serves before the run what the run then writes (reads settle as the job would, without writing)', { timeout: 120_000, tags: ['clock'] }, async () => {
    const t = await createTestApp({ seedProducts: 0 });
    try {
      const ids = await buildJobFixture(t.db);
      const before = await fixtureStatuses(t.db, ids, JOB_END);
      const untouched = await fixtureTables(t.db, ids);
      // Reading wrote nothing.
      expect(await fixtureTables(t.db, ids)).toEqual(untouched);
      await runLoyaltyDay(t.db, JOB_END);
      const after = await fixtureStatuses(t.db, ids, JOB_END);
      expect(after).toEqual(before);
      // A crash midway leaves no run row: deleting it and running again changes no member.
      const settled = await fixtureTables(t.db, ids);
      await t.db.execute(sql`delete from loyalty_job_runs`);
      const again = await runLoyaltyDay(t.db, JOB_END);
      expect(again.every((run) => run.ran && run.expiredMembers === 0 && run.closedYears === 0 && run.appliedChanges === 0)).toBe(true);
      expect(await fixtureTables(t.db, ids)).toEqual(settled);
    } finally {
      await t.close();
    }
  });

  it('emails the points expiry warning once per expiry, in the language of the last order, when the window opens', { timeout: 120_000, tags: ['clock'] }, async () => {
    const t = await createTestApp({ seedProducts: 0 });
    try {
      // Points from 2029-01-10: gone at the start of 2030-07-10 in Bangkok; the warning window opens 42 days before, 2030-05-29.
      const user = await insertMember(t.db, { country: 'TH', points: 640, yearStart: '2030-01-01', yearEnd: '2030-12-31', pointsActiveOn: '2029-01-10' });
      await t.db.execute(sql`update orders set language = 'th' where id = ${(await insertOrder(t.db, { userId: user.id, country: 'TH', subtotalMinor: 10_000, placedAt: new Date('2029-01-10T05:00:00Z') })).id}`);
      const warnings = async () => rowsOf<{ subject: string; text: string }>(await t.db.execute(sql`select subject, text from outbox_emails where kind = 'points-expiry' and to_address = ${user.email}`));
      await runLoyaltyDay(t.db, new Date('2030-05-28T05:00:00Z'));
      expect(await warnings()).toEqual([]);
      await Promise.all([runLoyaltyDay(t.db, new Date('2030-05-29T05:00:00Z')), runLoyaltyDay(t.db, new Date('2030-05-29T05:00:00Z'))]);
      for (const day of ['2030-05-30', '2030-06-20', '2030-07-09']) await runLoyaltyDay(t.db, new Date(`${day}T05:00:00Z`));
      const sent = await warnings();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.subject).toContain('640');
      expect(sent[0]?.subject).toContain('หมดอายุ');
      // The Thai date, in the Buddhist era: 10 July 2030 is 2573.
      expect(sent[0]?.text).toContain('2573');
    } finally {
      await t.close();
    }
  });
});
