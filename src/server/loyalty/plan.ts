import type { CountryCode } from '../../config/countries.ts';
import { RENEWAL_NOTICE_DAYS, TIER_THRESHOLDS } from '../../config/tiers.ts';
import type { TierChangeReason } from '../../contract/beauty-pass.ts';
import { TIER_NAMES, type TierChange, type TierName } from '../../contract/loyalty.ts';
import { addDays } from '../../contract/calendar-day.ts';
import { addYears, renewalOutcome, tierReachedBy, type MemberState } from '../../contract/tier-rules.ts';
import { majorOfMinor, pointsExpiresOn } from './rules.ts';

/*
 * What settling a member on a day does, decided without the database: settle.ts writes it, the
 * reads (GET beauty-pass) show it, so a member sees the same tier and balance whether or not the
 * job has run. The events run in calendar order: the points' expiry, then each year end and each
 * pending downgrade by the day it falls on (a member away two years closes two years, and the
 * first year's downgrade lands before the second year is judged). The tier decisions are the tier
 * machine's own rules (src/contract/tier-rules.ts), never rewritten here.
 */

/** The member's row, as far as settling reads it. */
export interface SettleState {
  country: CountryCode;
  tier: TierName;
  points: number;
  pointsActiveOn: string;
  yearStart: string;
  yearEnd: string;
  spendMinor: number;
}

/** A tier change row, written or to be written. */
export interface TierChangeRow {
  fromTier: TierName;
  toTier: TierName;
  change: TierChange;
  reason: TierChangeReason;
  spendMinor: number;
  yearEnd: string;
  effectiveOn: string;
  cause: string;
}

export type SettleStep =
  /** Every point goes at the start of `on`. */
  | { kind: 'expire'; on: string; amount: number }
  /** A year closed: its change applied at once (`applied`) or pending until its effective day; no change (`row` null) when pink stays pink. */
  | { kind: 'close'; yearEnd: string; row: TierChangeRow | null; applied: boolean }
  /** A pending downgrade's day came: applied, or dropped because the new year's spend already keeps the tier. */
  | { kind: 'apply'; cause: string; effectiveOn: string; dropped: boolean };

export interface SettlePlan {
  state: SettleState;
  steps: SettleStep[];
  /** Downgrades still in their notice period after `today`. */
  pending: TierChangeRow[];
}

const RANK: Readonly<Record<TierName, number>> = { pink: 0, white: 1, black: 2, gold: 3 };

export function tierRank(tier: TierName): number {
  return RANK[tier];
}

/** The tier rules' view of a member (spend in major units, as the thresholds are). */
export function ruleMember(state: Pick<SettleState, 'country' | 'tier' | 'yearEnd'>, spendMinor: number, today: string): MemberState {
  return { tier: state.tier, spend: majorOfMinor(spendMinor), yearEnd: state.yearEnd, lastChange: null, thresholds: TIER_THRESHOLDS[state.country], today };
}

/** The change a year end decides on the year's spend; null when pink stays pink. */
export function yearEndChange(state: SettleState): { row: TierChangeRow; applied: boolean } | null {
  const outcome = renewalOutcome(ruleMember(state, state.spendMinor, state.yearEnd), majorOfMinor(state.spendMinor));
  if (outcome.change === null) return null;
  const nextYear = addDays(state.yearEnd, 1);
  const base = { fromTier: state.tier, toTier: outcome.tier, change: outcome.change, spendMinor: state.spendMinor, yearEnd: state.yearEnd, cause: `year:${state.yearEnd}` };
  if (outcome.change === 'downgraded') return { row: { ...base, reason: 'renewal_missed', effectiveOn: addDays(nextYear, RENEWAL_NOTICE_DAYS) }, applied: false };
  return { row: { ...base, reason: outcome.change === 'upgraded' ? 'spend_reached' : 'renewal_met', effectiveOn: nextYear }, applied: true };
}

/** Whether a pending downgrade is dropped: the member's tier moved meanwhile, or the new year's spend reaches the tier being lost. */
export function downgradeDropped(state: SettleState, change: TierChangeRow): boolean {
  if (state.tier !== change.fromTier) return true;
  const reached = tierReachedBy({ tier: change.toTier, thresholds: TIER_THRESHOLDS[state.country] }, majorOfMinor(state.spendMinor));
  return reached !== null && tierRank(reached) >= tierRank(change.fromTier);
}

/** Everything settling `state` on `today` does, in calendar order. Pure. */
export function planSettlement(initial: SettleState, pendingRows: readonly TierChangeRow[], today: string): SettlePlan {
  const state = { ...initial };
  const steps: SettleStep[] = [];
  const expiresOn = pointsExpiresOn(state.pointsActiveOn);
  if (expiresOn <= today && state.points > 0) {
    steps.push({ kind: 'expire', on: expiresOn, amount: state.points });
    state.points = 0;
  }
  const pending = [...pendingRows].sort((a, b) => (a.effectiveOn < b.effectiveOn ? -1 : a.effectiveOn > b.effectiveOn ? 1 : 0));
  // Bounded: each pass closes a year or applies a change, and both move past `today` eventually.
  for (;;) {
    const due = pending[0] && pending[0].effectiveOn <= today ? pending[0] : null;
    const closeOn = state.yearEnd < today ? addDays(state.yearEnd, 1) : null;
    if (due && (closeOn === null || due.effectiveOn <= closeOn)) {
      pending.shift();
      const dropped = downgradeDropped(state, due);
      if (!dropped) state.tier = due.toTier;
      steps.push({ kind: 'apply', cause: due.cause, effectiveOn: due.effectiveOn, dropped });
      continue;
    }
    if (closeOn === null) break;
    const decided = yearEndChange(state);
    // Recorded even without a change: the new year is written too.
    steps.push({ kind: 'close', yearEnd: state.yearEnd, row: decided?.row ?? null, applied: decided?.applied ?? false });
    if (decided?.applied) state.tier = decided.row.toTier;
    else if (decided) pending.push(decided.row);
    state.yearStart = closeOn;
    state.yearEnd = addYears(state.yearEnd, 1);
    state.spendMinor = 0;
  }
  return { state, steps, pending };
}

/** The row a dropped downgrade is recorded as: the tier kept, because the spend reached it. */
export function droppedRow(change: TierChangeRow): TierChangeRow {
  return { ...change, toTier: change.fromTier, change: 'renewed', reason: 'spend_reached' };
}

export function isTierName(value: string): value is TierName {
  return (TIER_NAMES as readonly string[]).includes(value);
}
