import { sql } from 'drizzle-orm';
import { COUNTRIES } from '../../config/countries.ts';
import { TIER_THRESHOLDS } from '../../config/tiers.ts';
import { POINTS_HISTORY_PER_PAGE, type BeautyPassStatus, type PointsEntry, type PointsHistoryPage, type TierChangeRecord } from '../../contract/beauty-pass.ts';
import type { MemberTierStatus } from '../../contract/loyalty.ts';
import type { PointSource } from '../../contract/points.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { readMember, type MemberRow } from './ledger.ts';
import { droppedRow, type SettlePlan, type TierChangeRow } from './plan.ts';
import { majorOfMinor, pointsSummaryOf, startOfDayIn } from './rules.ts';
import { settlementOf } from './settle.ts';

/*
 * The reads of Beauty Pass: what a member has, as settling today would leave it (plan.ts), without
 * writing anything. The tier machine's input is the served `tier.status`: while a downgrade waits
 * out its notice, the closed year's facts (the machine then shows the failed renewal); otherwise
 * the current year with the last change while the member has not seen it.
 */

interface AppliedChange {
  row: TierChangeRow;
  seen: boolean;
}

/** The latest applied change: the plan's newest when settling today writes one, else the stored one. */
async function latestApplied(db: Db, member: MemberRow, plan: SettlePlan): Promise<AppliedChange | null> {
  const byCause = new Map<string, TierChangeRow>();
  let planned: TierChangeRow | null = null;
  for (const step of plan.steps) {
    if (step.kind === 'close') {
      if (!step.row) continue;
      byCause.set(step.row.cause, step.row);
      if (step.applied) planned = step.row;
    } else if (step.kind === 'apply') {
      const row = byCause.get(step.cause) ?? (await storedChange(db, member.userId, step.cause));
      if (row) planned = step.dropped ? droppedRow(row) : row;
    }
  }
  if (planned) return { row: planned, seen: false };
  const [stored] = rowsOf<ChangeRow>(
    await db.execute(sql`select ${changeColumns} from tier_changes where user_id = ${member.userId} and applied_at is not null order by effective_on desc, id desc limit 1`),
  );
  return stored ? { row: changeOf(stored), seen: stored.seen } : null;
}

const changeColumns = sql`from_tier, to_tier, change, reason, spend_minor, year_end::text as year_end, effective_on::text as effective_on, cause, seen_at is not null as seen`;

interface ChangeRow {
  from_tier: TierChangeRow['fromTier'];
  to_tier: TierChangeRow['toTier'];
  change: TierChangeRow['change'];
  reason: TierChangeRow['reason'];
  spend_minor: number | string;
  year_end: string;
  effective_on: string;
  cause: string;
  seen: boolean;
}

function changeOf(r: ChangeRow): TierChangeRow {
  return { fromTier: r.from_tier, toTier: r.to_tier, change: r.change, reason: r.reason, spendMinor: Number(r.spend_minor), yearEnd: r.year_end, effectiveOn: r.effective_on, cause: r.cause };
}

async function storedChange(db: Db, userId: number, cause: string): Promise<TierChangeRow | null> {
  const [row] = rowsOf<ChangeRow>(await db.execute(sql`select ${changeColumns} from tier_changes where user_id = ${userId} and cause = ${cause}`));
  return row ? changeOf(row) : null;
}

/** The served tier status: the closed year's while a downgrade is pending, else the current year's. */
export function servedTierStatus(plan: SettlePlan, latest: AppliedChange | null): MemberTierStatus {
  const pending = plan.pending[0];
  if (pending) return { tier: pending.fromTier, spend: majorOfMinor(pending.spendMinor), yearEnd: pending.yearEnd, lastChange: null };
  const { state } = plan;
  return { tier: state.tier, spend: majorOfMinor(state.spendMinor), yearEnd: state.yearEnd, lastChange: latest && !latest.seen ? latest.row.change : null };
}

/** `GET beauty-pass`: null for a shopper who is not a member. */
export async function beautyPassStatus(db: Db, userId: number, now: Date): Promise<BeautyPassStatus | null> {
  const member = await readMember(db, userId);
  if (!member) return null;
  const today = todayIn(member.country, now.getTime());
  const plan = await settlementOf(db, member, today);
  const latest = await latestApplied(db, member, plan);
  const currency = COUNTRIES[member.country].currency;
  const lastChange: TierChangeRecord | null = latest && {
    from: latest.row.fromTier,
    to: latest.row.toTier,
    change: latest.row.change,
    reason: latest.row.reason,
    spend: { currency, amount: majorOfMinor(latest.row.spendMinor) },
    on: latest.row.effectiveOn,
    seen: latest.seen,
  };
  return {
    tier: { status: servedTierStatus(plan, latest), thresholds: TIER_THRESHOLDS[member.country] },
    today,
    yearStart: plan.state.yearStart,
    lastChange,
    points: pointsSummaryOf(plan.state, today),
    joinedAt: member.joinedAt.toISOString(),
  };
}

interface HistoryRow {
  id: number;
  source: PointSource;
  amount: number;
  at: Date | string;
  reference: string | null;
  order_number: string | null;
}

/**
 * `GET beauty-pass/points`: a page of the ledger, newest first. An expiry that settling today
 * would write is shown first, before the job has written it (id 0), so the history always
 * explains the balance shown beside it.
 */
export async function pointsHistory(db: Db, member: MemberRow, page: number, now: Date): Promise<PointsHistoryPage> {
  const today = todayIn(member.country, now.getTime());
  const plan = await settlementOf(db, member, today);
  const virtual: PointsEntry[] = plan.steps.flatMap((step) =>
    step.kind === 'expire' ? [{ id: 0, source: 'expired_points' as const, amount: -step.amount, at: startOfDayIn(member.country, step.on).toISOString(), reference: null, orderNumber: null }] : [],
  );
  const perPage = POINTS_HISTORY_PER_PAGE;
  const [countRow] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from points_ledger where user_id = ${member.userId}`));
  const total = Number(countRow?.n ?? 0) + virtual.length;
  // The virtual row takes the first place of page 1: the stored rows shift by its count.
  const offset = Math.max(0, (page - 1) * perPage - virtual.length);
  const limit = page === 1 ? perPage - virtual.length : perPage;
  const rows = rowsOf<HistoryRow>(
    await db.execute(sql`select l.id, l.source, l.amount, l.created_at as at, l.reference, o.number as order_number
      from points_ledger l left join orders o on o.id = l.order_id
      where l.user_id = ${member.userId} order by l.created_at desc, l.id desc limit ${limit} offset ${offset}`),
  );
  const stored: PointsEntry[] = rows.map((r) => ({
    id: Number(r.id),
    source: r.source,
    amount: Number(r.amount),
    at: new Date(r.at).toISOString(),
    reference: r.reference,
    orderNumber: r.order_number,
  }));
  return { data: [...(page === 1 ? virtual : []), ...stored], meta: { page, perPage, total, totalPages: Math.ceil(total / perPage) } };
}
