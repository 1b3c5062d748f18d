import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../src/config/countries.ts';
import { COUNTRIES } from '../../src/config/countries.ts';
import type { TierName } from '../../src/contract/loyalty.ts';
import type { Db } from '../../src/server/db/client.ts';
import { rowsOf } from '../../src/server/db/query.ts';
import { insertUser, type TestUser } from './auth.ts';

/*
 * Beauty Pass test data: members written straight into the tables (with an opening ledger row, so
 * balance = ledger sum from the start), bare orders for the order effects, and whole-table
 * snapshots that two runs of the job are compared by.
 */

export interface MemberOptions {
  country?: CountryCode;
  tier?: TierName;
  points?: number;
  spendMinor?: number;
  yearStart: string;
  yearEnd: string;
  pointsActiveOn: string;
  email?: string;
  password?: string;
}

export async function insertMember(db: Db, options: MemberOptions): Promise<TestUser> {
  const country = options.country ?? 'SG';
  const user = await insertUser(db, { country, ...(options.email ? { email: options.email } : {}), ...(options.password ? { password: options.password } : {}) });
  const points = options.points ?? 0;
  await db.execute(sql`insert into beauty_pass_members (user_id, tier, points, terms_variant, year_start, year_end, spend_minor, points_active_on)
    values (${user.id}, ${options.tier ?? 'pink'}, ${points}, 'test', ${options.yearStart}::date, ${options.yearEnd}::date, ${options.spendMinor ?? 0}, ${options.pointsActiveOn}::date)`);
  if (points > 0) {
    await db.execute(sql`insert into points_ledger (user_id, source, amount, cause, created_at) values (${user.id}, 'manual_points_adjustment', ${points}, 'opening', ${`${options.pointsActiveOn}T00:00:00Z`}::timestamptz)`);
  }
  return user;
}

let orderCounter = 0;

/** A placed order row with only what the loyalty code reads (number, country, user, goods total). */
export async function insertOrder(db: Db, input: { userId: number; country?: CountryCode; subtotalMinor: number; placedAt: Date }): Promise<{ id: number; number: string }> {
  orderCounter += 1;
  const country = input.country ?? 'SG';
  const number = `${country}T${process.pid}${orderCounter}`;
  const [row] = rowsOf<{ id: number; number: string }>(
    await db.execute(sql`insert into orders (number, intent_key, country_code, language, user_id, email, status, currency, subtotal_minor, discount_minor, delivery_method,
        shipping_minor, total_minor, payment_method, payment_provider, paid_minor, address, samples, placed_at)
      values (${number}, ${`intent-${number}`}, ${country}, 'en', ${input.userId}, 'member@example.com', 'placed', ${COUNTRIES[country].currency}, ${input.subtotalMinor}, 0, 'standard',
        0, ${input.subtotalMinor}, 'card', 'test', ${input.subtotalMinor}, '{}'::jsonb, '[]'::jsonb, ${input.placedAt.toISOString()}::timestamptz)
      returning id, number`),
  );
  if (!row) throw new Error('insertOrder: no row');
  return { id: Number(row.id), number: row.number };
}

export interface MemberFacts {
  tier: TierName;
  points: number;
  yearStart: string;
  yearEnd: string;
  spendMinor: number;
  pointsActiveOn: string;
  ledgerSum: number;
}

export async function memberFacts(db: Db, userId: number): Promise<MemberFacts> {
  const [row] = rowsOf<{ tier: TierName; points: number; year_start: string; year_end: string; spend_minor: string | number; points_active_on: string; ledger_sum: number }>(
    await db.execute(sql`select tier, points, year_start::text as year_start, year_end::text as year_end, spend_minor, points_active_on::text as points_active_on,
      (select coalesce(sum(amount), 0)::int from points_ledger l where l.user_id = m.user_id) as ledger_sum
      from beauty_pass_members m where user_id = ${userId}`),
  );
  if (!row) throw new Error(`user ${userId} is not a member`);
  return { tier: row.tier, points: Number(row.points), yearStart: row.year_start, yearEnd: row.year_end, spendMinor: Number(row.spend_minor), pointsActiveOn: row.points_active_on, ledgerSum: Number(row.ledger_sum) };
}

/**
 * The loyalty tables as plain rows, without serial ids and in a fixed order: two databases that
 * went through the same events in any order of runs compare equal.
 */
export async function loyaltyTables(db: Db, userIds?: readonly number[]): Promise<Record<string, unknown[]>> {
  const only = userIds ? sql`where user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const rows = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await db.execute(query)).map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>);
  // The same text from PGlite and node-postgres (one answers strings, the other Dates).
  const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`);
  return {
    members: await rows(sql`select user_id, tier, points, year_start::text, year_end::text, spend_minor::text, points_active_on::text from beauty_pass_members ${only} order by user_id`),
    ledger: await rows(sql`select user_id, source, amount, cause, order_id, reference, expires_on::text, ${iso('created_at')} from points_ledger ${only} order by user_id, cause`),
    changes: await rows(sql`select user_id, from_tier, to_tier, change, reason, spend_minor::text, year_end::text, effective_on::text, ${iso('applied_at')}, ${iso('seen_at')}, cause, ${iso('created_at')} from tier_changes ${only} order by user_id, cause`),
  };
}
