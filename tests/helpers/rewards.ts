import { randomUUID } from 'node:crypto';
import type { TierName } from '../../src/contract/loyalty.ts';
import { addDays, todayIn } from '../../src/contract/calendar-day.ts';
import { addYears } from '../../src/contract/tier-rules.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { cookieHeader, cookieJar } from './auth.ts';
import { cartCall, type CartTarget } from './cart.ts';

/*
 * Beauty Pass members and their rewards for the API tests and the races (issue 15), written through
 * SQL and the API alike, so the same code drives an app in process (PGlite) and a server over HTTP
 * (PostgreSQL).
 */

const PASSWORD = 'Reward hunter 42!';
let hashed: Promise<string> | undefined;
let counter = 0;

export interface Member {
  userId: number;
  email: string;
  /** The session's cookies. */
  cookie: string;
}

export interface MemberOptions {
  tier?: TierName;
  /** Granted as one ledger row, so the balance is the ledger's sum as everywhere else. */
  points?: number;
  country?: string;
  /** The last purchase or redemption (default: today in the member's country). */
  pointsActiveOn?: string;
  /** A signed-in shopper outside the programme. */
  member?: boolean;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A new account (a member of `tier` with `points` unless `member: false`), signed in. */
export async function newMember(target: CartTarget, { tier = 'pink', points = 0, country = 'SG', pointsActiveOn, member = true }: MemberOptions = {}): Promise<Member> {
  counter += 1;
  const email = `reward${counter}.${randomUUID().slice(0, 8)}@example.com`;
  hashed ??= hashPassword(PASSWORD);
  const [user] = await target.query<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, country, role) values (${quote(email)}, ${quote(await hashed)}, 'Reward', 'Tester ${counter}', '${country}', 'shopper') returning id`,
  );
  const userId = Number(user?.id);
  if (member) {
    // The year starts today in the member's country, as joining starts it (the columns' defaults would take the database's UTC day).
    const today = todayIn(country as 'SG');
    const activeOn = pointsActiveOn ?? today;
    await target.query(
      `insert into beauty_pass_members (user_id, tier, points, terms_variant, points_active_on, year_start, year_end) values (${userId}, '${tier}', ${points}, 'test', '${activeOn}', '${today}', '${addDays(addYears(today, 1), -1)}')`,
    );
    if (points > 0) {
      await target.query(`insert into points_ledger (user_id, source, amount, cause, reference, created_at) values (${userId}, 'manual_points_adjustment', ${points}, 'test:grant', null, now())`);
    }
  }
  const response = await cartCall(target, 'POST', '/sessions', { body: { email, password: PASSWORD } });
  if (response.status !== 201) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return { userId, email, cookie: cookieHeader(cookieJar(response)) };
}

/** The seeded reward of `slug` in `country` (src/server/db/seed/rewards.ts), with its stock set when given. */
export async function rewardOf(target: CartTarget, slug: string, { country = 'SG', stock }: { country?: string; stock?: number } = {}): Promise<{ id: number; pointsCost: number }> {
  const [row] = await target.query<{ id: number; points_cost: number }>(`select id, points_cost from rewards where country_code = '${country}' and slug = ${quote(slug)}`);
  if (!row) throw new Error(`no reward ${slug} in ${country}`);
  if (stock !== undefined) await target.query(`update rewards set stock = ${stock} where id = ${Number(row.id)}`);
  return { id: Number(row.id), pointsCost: Number(row.points_cost) };
}

export async function stockOf(target: CartTarget, rewardId: number): Promise<number> {
  const [row] = await target.query<{ stock: number }>(`select stock from rewards where id = ${rewardId}`);
  return Number(row?.stock);
}

export function redeem(target: CartTarget, cookie: string, rewardId: unknown, country?: string): Promise<Response> {
  return cartCall(target, 'POST', '/cart/rewards', { cookie, body: { rewardId }, ...(country ? { country } : {}) });
}

/** Adds one unit of `variantId` to the member's bag and answers the bag's version. */
export async function addGoods(target: CartTarget, cookie: string, variantId: number, country?: string): Promise<number> {
  const response = await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId, quantity: 1 }, ...(country ? { country } : {}) });
  if (response.status !== 201) throw new Error(`add failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { version: number } }).data.version;
}

export async function bagOf<T = { version: number; reward: { id: number; heldUntil: string | null } | null; points: { spend: number; valid: { amount: number } | null } }>(target: CartTarget, cookie: string): Promise<T> {
  const response = await cartCall(target, 'GET', '/cart/bag', { cookie });
  return ((await response.json()) as { data: T }).data;
}

/** A member's balance three ways: the member row, the ledger's sum, and what they are owed (they must agree). */
export async function balances(target: CartTarget, userId: number): Promise<{ row: number; ledger: number }> {
  const [row] = await target.query<{ row: number; ledger: number }>(
    `select (select points from beauty_pass_members where user_id = ${userId}) as row, (select coalesce(sum(amount), 0)::int from points_ledger where user_id = ${userId}) as ledger`,
  );
  return { row: Number(row?.row), ledger: Number(row?.ledger) };
}

export async function codeOf(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { code?: string }).code;
}
