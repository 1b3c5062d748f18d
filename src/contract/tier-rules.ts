import { addDays, daysBetween } from './calendar-day.ts';
import type { MemberTierStatus, TierChange, TierName, TierThresholds } from './loyalty.ts';

/** Everything the tier rules look at: the server's status, the country's thresholds and today's date. */
export interface MemberState extends MemberTierStatus {
  thresholds: TierThresholds;
  /** Today in the member's country, `YYYY-MM-DD`. */
  today: string;
}

export type UpperTier = Exclude<TierName, 'pink'>;

const RANK: Readonly<Record<TierName, number>> = { pink: 0, white: 1, black: 2, gold: 3 };

/** One year later; 29 February becomes 28 February. */
export function addYears(date: string, years: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const lastOfMonth = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return new Date(Date.UTC(year + years, month - 1, Math.min(day, lastOfMonth))).toISOString().slice(0, 10);
}

/** Days from today to the last day of the membership year: 0 on that day, negative after it. */
export function daysLeft(member: Pick<MemberState, 'today' | 'yearEnd'>): number {
  return daysBetween(member.today, member.yearEnd);
}

export function isAbove(tier: TierName, than: TierName): boolean {
  return RANK[tier] > RANK[than];
}

export function nextTier(tier: TierName): UpperTier | null {
  return tier === 'pink' ? 'white' : tier === 'white' ? 'black' : tier === 'black' ? 'gold' : null;
}

/** The highest tier above the member's that `spend` reaches, if any. */
export function tierReachedBy(member: Pick<MemberState, 'tier' | 'thresholds'>, spend: number): UpperTier | null {
  const order: UpperTier[] = ['gold', 'black', 'white'];
  return order.find((tier) => isAbove(tier, member.tier) && spend >= member.thresholds.reach[tier]) ?? null;
}

/** Spend that keeps the member's tier for another year; pink and white never lapse. */
export function renewalSpend(member: Pick<MemberState, 'tier' | 'thresholds'>): number {
  return member.tier === 'black' || member.tier === 'gold' ? member.thresholds.renew[member.tier] : 0;
}

export function renewalReached(member: MemberState): boolean {
  return member.spend >= renewalSpend(member);
}

export function nearingExpiry(member: MemberState): boolean {
  return daysLeft(member) <= member.thresholds.nearingExpiryDays;
}

/** What is still missing, never below zero. */
export function amountLeft(target: number, spend: number): number {
  return Math.max(0, target - spend);
}

/**
 * An upgrade starts a fresh twelve-month membership year from today, counted from zero: spend
 * beyond a threshold is not carried over, as at a renewal.
 */
export function upgraded(member: MemberState, tier: UpperTier): MemberState {
  return { ...member, tier, spend: 0, yearEnd: addDays(addYears(member.today, 1), -1), lastChange: 'upgraded' };
}

export interface RenewalOutcome {
  tier: TierName;
  change: TierChange | null;
}

/**
 * The year-end decision on the year's final spend: a higher tier reached is an upgrade; the
 * renewal spend keeps black or gold; short of it the member drops one tier (gold → black,
 * black → white). Pink and white simply start a new year.
 */
export function renewalOutcome(member: MemberState, finalSpend: number): RenewalOutcome {
  const reached = tierReachedBy(member, finalSpend);
  if (reached) return { tier: reached, change: 'upgraded' };
  if (member.tier === 'pink') return { tier: 'pink', change: null };
  if (member.tier === 'white') return { tier: 'white', change: 'renewed' };
  if (finalSpend >= renewalSpend(member)) return { tier: member.tier, change: 'renewed' };
  return { tier: member.tier === 'gold' ? 'black' : 'white', change: 'downgraded' };
}

/**
 * What the member's spend counts towards now, for the progress bar beside the message: keeping
 * black or gold while the renewal spend is short of it (their messages speak of renewing), else
 * the next tier; gold with its renewal met is full. None once the year is over (the failed
 * renewal's notice period): nothing the member spends now changes that year.
 */
export interface TierProgress {
  goal: 'reach' | 'renew';
  /** The tier reached or kept when `spend` gets to `target`. */
  tier: UpperTier;
  spend: number;
  target: number;
  /** What is still missing, never below zero. */
  left: number;
}

export function tierProgress(member: MemberState): TierProgress | null {
  if (daysLeft(member) < 0) return null;
  const next = nextTier(member.tier);
  const keeping = member.tier === 'black' || member.tier === 'gold';
  if (keeping && (!renewalReached(member) || next === null)) {
    const target = renewalSpend(member);
    return { goal: 'renew', tier: member.tier as UpperTier, spend: member.spend, target, left: amountLeft(target, member.spend) };
  }
  if (next === null) return null;
  const target = member.thresholds.reach[next];
  return { goal: 'reach', tier: next, spend: member.spend, target, left: amountLeft(target, member.spend) };
}

/** The next membership year after the decision; spend starts again from zero. */
export function closeYear(member: MemberState, finalSpend: number): MemberState {
  const { tier, change } = renewalOutcome(member, finalSpend);
  return { ...member, tier, spend: 0, yearEnd: addYears(member.yearEnd, 1), lastChange: change };
}
