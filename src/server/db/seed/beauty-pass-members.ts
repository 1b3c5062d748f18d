import { sql } from 'drizzle-orm';
import { BEAUTY_PASS_TERMS } from '../../../config/consents.ts';
import { RENEWAL_NOTICE_DAYS } from '../../../config/tiers.ts';
import type { TierChangeReason } from '../../../contract/beauty-pass.ts';
import type { TierChange, TierName } from '../../../contract/loyalty.ts';
import { hashPassword } from '../../auth/password.ts';
import { addDays, todayIn } from '../../../contract/calendar-day.ts';
import { productImageUrl } from '../../catalog/products.ts';
import { addMonths, pointsExpiresOn, startOfDayIn } from '../../loyalty/rules.ts';
import { POINTS_EXPIRY_MONTHS } from '../../../contract/points.ts';
import { addYears } from '../../../contract/tier-rules.ts';
import type { Db } from '../client.ts';
import { rowsOf } from '../query.ts';
import { ORDER_NUMBER_SEQUENCE } from '../schema.ts';

/*
 * Beauty Pass members for QA and the end-to-end tests (issue 15): one Singapore member per message
 * state of the tier machine (machines/loyalty/tier.machine.ts), `bp-<tier>-<state>@example.com`,
 * plus a signed-up non-member, a member whose points expire within the warning window and one with
 * points for every reward. Dated from the seed's today so each state holds for at least two weeks
 * (a failed renewal until its notice ends, a nearing expiry until its year ends, a change until it
 * is seen). Every balance is its ledger's sum, and every member has an order with a number.
 */

/** The one password of every seeded Beauty Pass account (docs/features/beauty-pass.md). */
export const BEAUTY_PASS_SEED_PASSWORD = 'BeautyPass#2026';

interface ChangeSpec {
  from: TierName;
  to: TierName;
  change: TierChange;
  reason: TierChangeReason;
  spendMajor: number;
  /** Days from today of the closed (or upgraded-in) year's last day. */
  yearEndIn: number;
  /** Days from today it took effect (or will). */
  effectiveIn: number;
  applied: boolean;
  seen: boolean;
  /** `year:<year end>`, or the member's order for an upgrade. */
  byOrder?: boolean;
}

interface MemberSpec {
  /** `<tier>-<state>` of the tier machine, or an extra's name. */
  key: string;
  tier: TierName;
  spendMajor: number;
  /** Days from today of the current year's last day. */
  yearEndIn: number;
  /** Days from today of the order (the last purchase). */
  orderIn: number;
  points?: number;
  change?: ChangeSpec;
}

const upgrade = (from: TierName, to: TierName, effectiveIn: number, seen = false): ChangeSpec => ({
  from, to, change: 'upgraded', reason: 'spend_reached', spendMajor: to === 'white' ? 60 : to === 'black' ? 420 : 1250, yearEndIn: 200, effectiveIn, applied: true, seen, byOrder: true,
});
const renewal = (tier: TierName, spendMajor: number): ChangeSpec => ({ from: tier, to: tier, change: 'renewed', reason: 'renewal_met', spendMajor, yearEndIn: -5, effectiveIn: -4, applied: true, seen: false });
// A downgrade lands RENEWAL_NOTICE_DAYS after its year's end.
const downgrade = (from: TierName, to: TierName, applied: boolean): ChangeSpec => {
  const yearEndIn = applied ? -3 - RENEWAL_NOTICE_DAYS : -1;
  return { from, to, change: 'downgraded', reason: 'renewal_missed', spendMajor: from === 'gold' ? 700 : 150, yearEndIn, effectiveIn: yearEndIn + 1 + RENEWAL_NOTICE_DAYS, applied, seen: false };
};

/** A year that began `days` ago ends this many days from today. */
const yearFrom = (startedDaysAgo: number) => 364 - startedDaysAgo;

export const BEAUTY_PASS_SEED_MEMBERS: readonly MemberSpec[] = [
  { key: 'pink-in-progress', tier: 'pink', spendMajor: 20, yearEndIn: 200, orderIn: -10 },
  { key: 'white-just-upgraded', tier: 'white', spendMajor: 0, yearEndIn: yearFrom(3), orderIn: -3, change: upgrade('pink', 'white', -3) },
  { key: 'white-renewed', tier: 'white', spendMajor: 0, yearEndIn: yearFrom(4), orderIn: -30, change: renewal('white', 120) },
  { key: 'white-downgraded', tier: 'white', spendMajor: 0, yearEndIn: yearFrom(16), orderIn: -40, change: downgrade('black', 'white', true) },
  { key: 'white-in-progress', tier: 'white', spendMajor: 100, yearEndIn: 150, orderIn: -12, change: upgrade('pink', 'white', -214, true) },
  { key: 'black-just-upgraded', tier: 'black', spendMajor: 0, yearEndIn: yearFrom(2), orderIn: -2, change: upgrade('white', 'black', -2) },
  { key: 'black-renewed', tier: 'black', spendMajor: 0, yearEndIn: yearFrom(4), orderIn: -30, change: renewal('black', 320) },
  { key: 'black-downgraded', tier: 'black', spendMajor: 0, yearEndIn: yearFrom(16), orderIn: -40, change: downgrade('gold', 'black', true) },
  { key: 'black-keep-tier', tier: 'black', spendMajor: 350, yearEndIn: 100, orderIn: -8 },
  { key: 'black-nearing-expiry', tier: 'black', spendMajor: 100, yearEndIn: 30, orderIn: -20 },
  { key: 'black-downgrade-warning', tier: 'black', spendMajor: 100, yearEndIn: 200, orderIn: -15 },
  { key: 'black-failed-renewal', tier: 'black', spendMajor: 0, yearEndIn: yearFrom(0), orderIn: -60, change: downgrade('black', 'white', false) },
  { key: 'gold-just-upgraded', tier: 'gold', spendMajor: 0, yearEndIn: yearFrom(1), orderIn: -1, change: upgrade('black', 'gold', -1) },
  { key: 'gold-renewed', tier: 'gold', spendMajor: 0, yearEndIn: yearFrom(4), orderIn: -30, change: renewal('gold', 1050) },
  { key: 'gold-max-tier', tier: 'gold', spendMajor: 1100, yearEndIn: 100, orderIn: -6 },
  { key: 'gold-nearing-expiry', tier: 'gold', spendMajor: 500, yearEndIn: 30, orderIn: -25 },
  { key: 'gold-downgrade-warning', tier: 'gold', spendMajor: 500, yearEndIn: 200, orderIn: -18 },
  { key: 'gold-failed-renewal', tier: 'gold', spendMajor: 0, yearEndIn: yearFrom(0), orderIn: -60, change: downgrade('gold', 'black', false) },
  // Extras: points expiring in about three weeks (the warning shows), and enough points for every reward.
  { key: 'points-expiring', tier: 'white', spendMajor: 80, yearEndIn: 90, orderIn: Number.NaN },
  { key: 'rich', tier: 'gold', spendMajor: 1100, yearEndIn: 120, orderIn: -5, points: 50_000 },
];

export const beautyPassSeedEmail = (key: string) => `bp-${key}@example.com`;
export const BEAUTY_PASS_SEED_NON_MEMBER = 'bp-non-member@example.com';

/** Writes the seeded accounts unless they are there (one statement decides: the non-member's email). */
export async function seedBeautyPassMembers(db: Db, now: Date = new Date()): Promise<void> {
  const passwordHash = await hashPassword(BEAUTY_PASS_SEED_PASSWORD);
  const [first] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name, country) values (${BEAUTY_PASS_SEED_NON_MEMBER}, ${passwordHash}, 'Nadia', 'Visitor', 'SG')
      on conflict (email) do nothing returning id`),
  );
  if (!first) return;
  const today = todayIn('SG', now.getTime());
  for (const spec of BEAUTY_PASS_SEED_MEMBERS) await seedMember(db, spec, today, passwordHash);
}

const day = (today: string, offset: number) => addDays(today, offset);
const startOf = (date: string) => startOfDayIn('SG', date).toISOString();
/** Noon of a day in Singapore, for an order placed that day. */
const noonOf = (date: string) => new Date(startOfDayIn('SG', date).getTime() + 12 * 3_600_000).toISOString();

async function seedMember(db: Db, spec: MemberSpec, today: string, passwordHash: string): Promise<void> {
  const name = spec.key.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const [user] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name, country) values (${beautyPassSeedEmail(spec.key)}, ${passwordHash}, ${name[0] ?? 'Member'}, ${name.slice(1).join(' ') || 'Member'}, 'SG') returning id`),
  );
  if (!user) throw new Error('seeded member not written');
  const userId = Number(user.id);
  const yearEnd = day(today, spec.yearEndIn);
  const yearStart = addDays(addYears(yearEnd, -1), 1);
  const joinedOn = addYears(today, -2);
  // The expiring member's last purchase: POINTS_EXPIRY_MONTHS before about three weeks from now.
  const orderOn = Number.isNaN(spec.orderIn) ? day(addMonths(today, -POINTS_EXPIRY_MONTHS), 20) : day(today, spec.orderIn);
  const subtotalMinor = Math.max(spec.spendMajor, spec.change?.spendMajor ?? 0, 60) * 100;
  const earned = Math.floor(subtotalMinor / 100);
  const bonus = spec.points ?? 0;
  const variant = BEAUTY_PASS_TERMS.SG.variant;
  const [order] = rowsOf<{ id: number; number: string }>(
    await db.execute(sql`insert into orders (number, intent_key, country_code, language, user_id, email, status, currency, subtotal_minor, discount_minor, delivery_method,
        shipping_minor, total_minor, payment_method, payment_provider, paid_minor, address, samples, points_earned, placed_at)
      values ('SG' || nextval(${ORDER_NUMBER_SEQUENCE}), ${`seed-bp-${spec.key}`}, 'SG', 'en', ${userId}, ${beautyPassSeedEmail(spec.key)}, 'delivered', 'SGD', ${subtotalMinor}, 0, 'standard',
        0, ${subtotalMinor}, 'card', 'test', ${subtotalMinor},
        ${JSON.stringify({ fullName: 'Beauty Pass Member', phone: '9123 4567', line1: '2 Orchard Turn', line2: '#03-21', city: '', state: '', postcode: '238801' })}::jsonb, '[]'::jsonb, ${earned}, ${noonOf(orderOn)}::timestamptz)
      returning id, number`),
  );
  if (!order) throw new Error('seeded order not written');
  const orderId = Number(order.id);
  await db.execute(sql`insert into order_lines (order_id, position, variant_id, product_slug, product_name, brand_name, variant_name, variant_kind, color_hex, sku, quantity, unit_minor, line_minor, image_url)
    values (${orderId}, 0, null, 'hydra-glow-serum', 'Hydra Glow Serum', 'Sora Botanics', '30 ml', 'size', null, 'SEED-BP-1', 1, ${subtotalMinor}, ${subtotalMinor}, ${productImageUrl(1, 1)})`);
  await db.execute(sql`insert into order_events (order_id, status, at) values (${orderId}, 'placed', ${noonOf(orderOn)}::timestamptz)`);
  await db.execute(sql`insert into consents (user_id, kind, granted, variant, created_at) values (${userId}, 'beautyPass', true, ${variant}, ${startOf(joinedOn)}::timestamptz)`);
  const points = 100 + earned + bonus;
  await db.execute(sql`insert into beauty_pass_members (user_id, tier, points, terms_variant, joined_at, year_start, year_end, spend_minor, points_active_on)
    values (${userId}, ${spec.tier}, ${points}, ${variant}, ${startOf(joinedOn)}::timestamptz, ${yearStart}::date, ${yearEnd}::date, ${spec.spendMajor * 100}, ${orderOn}::date)`);
  await db.execute(sql`insert into points_ledger (user_id, source, amount, cause, created_at) values (${userId}, 'beauty_pass_registration', 100, 'registration', ${startOf(joinedOn)}::timestamptz)`);
  await db.execute(sql`insert into points_ledger (user_id, source, amount, cause, order_id, reference, expires_on, created_at)
    values (${userId}, 'purchase_points_with_order_number', ${earned}, ${`order:${orderId}`}, ${orderId}, ${order.number}, ${addDays(pointsExpiresOn(orderOn), -1)}::date, ${noonOf(orderOn)}::timestamptz)`);
  if (bonus > 0) await db.execute(sql`insert into points_ledger (user_id, source, amount, cause, created_at) values (${userId}, 'bonus_points', ${bonus}, 'seed:bonus', ${startOf(today)}::timestamptz)`);
  const change = spec.change;
  if (!change) return;
  const changeYearEnd = day(today, change.yearEndIn);
  const effectiveOn = day(today, change.effectiveIn);
  const decidedAt = change.byOrder ? noonOf(effectiveOn) : startOf(addDays(changeYearEnd, 1));
  const appliedAt = change.applied ? (change.byOrder ? decidedAt : startOf(effectiveOn)) : null;
  await db.execute(sql`insert into tier_changes (user_id, from_tier, to_tier, change, reason, spend_minor, year_end, effective_on, applied_at, seen_at, cause, created_at)
    values (${userId}, ${change.from}, ${change.to}, ${change.change}, ${change.reason}, ${change.spendMajor * 100}, ${changeYearEnd}::date, ${effectiveOn}::date,
      ${appliedAt}::timestamptz, ${change.seen ? appliedAt : null}::timestamptz, ${change.byOrder ? `order:${orderId}` : `year:${changeYearEnd}`}, ${decidedAt}::timestamptz)`);
}
