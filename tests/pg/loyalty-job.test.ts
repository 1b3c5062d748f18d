/**
 * Issue 15: the Beauty Pass daily job on a real PostgreSQL. Each schedule of
 * tests/helpers/loyalty-job.ts plays on a database of its own; "two processes" are two pools
 * (10 connections each) on one database whose runs really overlap, as two servers' would. The
 * tables must equal the daily schedule's. tests/api/loyalty-job.test.ts plays it on PGlite.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { rowsOf } from '../../src/server/db/query.ts';
import { prepareDatabase } from '../../src/server/server.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { buildJobFixture, fixtureTables, playSchedule, SCHEDULES } from '../helpers/loyalty-job.ts';
import { startCluster, type PgCluster } from './cluster.ts';

let cluster: PgCluster | undefined;
const open: Database[] = [];

beforeAll(async () => {
  cluster = await startCluster();
}, 180_000);

afterAll(async () => {
  await runEveryStep([...open.map((db) => () => db.close()), () => cluster?.stop()]);
}, 60_000);

async function freshDatabase(name: string): Promise<Database> {
  if (!cluster) throw new Error('cluster not started');
  await cluster.createDatabase(name);
  const { database } = await prepareDatabase({ databaseUrl: cluster.url(name), seedProducts: 0, log: () => undefined });
  open.push(database);
  return database;
}

describe('the daily job on PostgreSQL', () => {
  it('gives the same tables under every schedule, with two pools running it at once', { timeout: 900_000 }, async () => {
    const results: { name: string; tables: Record<string, unknown[]> }[] = [];
    for (const [i, schedule] of SCHEDULES.entries()) {
      const main = await freshDatabase(`loyalty_job_${i}`);
      const dbs = [main.db];
      if (schedule.parallel > 1) {
        if (!cluster) throw new Error('cluster not started');
        const second = await openDatabase({ kind: 'postgres', url: cluster.url(`loyalty_job_${i}`) }, () => undefined);
        open.push(second);
        dbs.push(second.db);
      }
      const ids = await buildJobFixture(main.db);
      const started = performance.now();
      const played = await playSchedule(dbs, ids, schedule);
      console.info(
        `loyalty job on PostgreSQL, ${schedule.name}: ${played.ticks} ticks, ${played.runs} country-day runs by ${dbs.length} pool(s), ${played.expiredMembers} expiries, ${played.closedYears} years closed, ${played.appliedChanges} downgrades applied or dropped (${Math.round(performance.now() - started)} ms)`,
      );
      results.push({ name: schedule.name, tables: await fixtureTables(main.db, ids) });
      const doubled = rowsOf(await main.db.execute(sql`select country_code, day from loyalty_job_runs group by country_code, day having count(*) > 1`));
      expect(doubled).toEqual([]);
    }
    const [first, ...rest] = results;
    for (const other of rest) expect(other.tables, `${other.name} vs ${first?.name}`).toEqual(first?.tables);
  });
});
