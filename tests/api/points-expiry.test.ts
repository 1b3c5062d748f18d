// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query.ts';
import { pointsExpireOnSql, pointsExpiresOn } from '../../src/server/loyalty/rules.ts';

/*
 * The points' expiry is written once (src/server/loyalty/rules.ts): the TypeScript day the reads
 * show and the SQL day the job, the warning and the ledger select and write by must be the same
 * day, on month ends and across leap years.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' }, () => undefined);
}, 60_000);
afterAll(() => database.close());

const DAYS = ['2025-08-31', '2026-08-29', '2026-08-30', '2026-08-31', '2026-02-28', '2027-08-31', '2026-01-31', '2026-03-31', '2027-02-28', '2028-02-29', '2025-12-31', '2026-06-15'];

describe('the points expiry day', () => {
  test('is the same day in TypeScript and in SQL', async () => {
    for (const day of DAYS) {
      const [row] = await queryRows<{ on: string }>(database.db, sql`select ${pointsExpireOnSql(sql`${day}::date`)}::text as on`);
      expect({ day, on: row?.on }).toEqual({ day, on: pointsExpiresOn(day) });
    }
  });

  test('clamps to the month’s last day 18 months on', () => {
    expect(pointsExpiresOn('2025-08-31')).toBe('2027-02-28');
    expect(pointsExpiresOn('2026-08-31')).toBe('2028-02-29');
    expect(pointsExpiresOn('2026-08-29')).toBe('2028-02-29');
    expect(pointsExpiresOn('2026-08-30')).toBe('2028-02-29');
    expect(pointsExpiresOn('2026-02-28')).toBe('2027-08-28');
    expect(pointsExpiresOn('2027-08-31')).toBe('2029-02-28');
  });
});
