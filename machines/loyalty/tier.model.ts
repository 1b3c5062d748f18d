import { msg } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
import { TIER_THRESHOLDS } from '../../src/config/tiers.ts';
import type { TierThresholds } from '../../src/contract/loyalty.ts';
import { defineModel } from '../model/types.ts';
import { tierMachine, type TierEvent } from './tier.machine.ts';
import { addDays } from '../../src/contract/calendar-day.ts';
import { daysLeft, renewalReached, tierReachedBy, type MemberState } from '../../src/contract/tier-rules.ts';

type TierSnapshot = SnapshotFrom<typeof tierMachine>;

/** The thresholds a spend is compared with, lowest first. */
function spendThresholds(thresholds: TierThresholds): number[] {
  const { reach, renew } = thresholds;
  return [...new Set([reach.white, renew.black, reach.black, renew.gold, reach.gold])].sort((a, b) => a - b);
}

/**
 * Where the spend stands for the rules. A member at rest is always below the next tier (reaching
 * it upgrades at once and restarts the count), so only the renewal spend of their tier matters.
 */
export function spendBucket(member: MemberState): 'belowNext' | 'belowRenewal' | 'renewalReached' | 'nextReached' {
  if (tierReachedBy(member, member.spend)) return 'nextReached';
  if (member.tier !== 'black' && member.tier !== 'gold') return 'belowNext';
  return renewalReached(member) ? 'renewalReached' : 'belowRenewal';
}

/** far from the year end, inside the nearing-expiry window, or past it. */
export function daysBucket(member: MemberState): 'far' | 'near' | 'over' {
  const days = daysLeft(member);
  return days < 0 ? 'over' : days <= member.thresholds.nearingExpiryDays ? 'near' : 'far';
}

const TODAY = '2026-03-01';

/** Statuses the app could load: a new pink member in Singapore, a Thai gold member mid-year. */
const LOADED: TierEvent[] = [
  { type: 'tier.statusLoaded', status: { tier: 'pink', spend: 0, yearEnd: '2027-02-28', lastChange: null }, thresholds: TIER_THRESHOLDS.SG, today: TODAY },
  { type: 'tier.statusLoaded', status: { tier: 'gold', spend: 5000, yearEnd: '2026-09-30', lastChange: null }, thresholds: TIER_THRESHOLDS.TH, today: TODAY },
];

/**
 * Data events are relative to the member's own thresholds and year end, so a few of them reach
 * every bucket in both countries and after any number of renewals.
 */
function tierEvents(snapshot: TierSnapshot): TierEvent[] {
  const member = snapshot.context.member;
  const events: TierEvent[] = [...LOADED, { type: 'tier.evaluate' }, { type: 'tier.acknowledge' }];
  if (!member) return events;
  const { thresholds, yearEnd } = member;
  for (const spend of [0, ...spendThresholds(thresholds)]) events.push({ type: 'tier.spendUpdated', spend });
  for (const today of [addDays(yearEnd, -(thresholds.nearingExpiryDays + 100)), addDays(yearEnd, -10), addDays(yearEnd, 1)]) {
    events.push({ type: 'tier.dayPassed', today });
  }
  events.push({ type: 'tier.yearEnded' }, { type: 'tier.yearEnded', spend: thresholds.reach.gold });
  return events;
}

export const tierModel = defineModel({
  id: 'tier',
  title: msg`Beauty Pass tier`,
  description: msg`Tier progression and renewal messaging: pink, white, black and gold, with upgrade, renewal, downgrade and nearing-expiry messages chosen from the country's spend thresholds.`,
  machine: tierMachine,
  events: tierEvents,
  // Raw spend and dates grow without bound over renewals: the rules only see where they stand.
  serializeState: (snapshot) => {
    const member = snapshot.context.member;
    return JSON.stringify({
      value: snapshot.value,
      member: member && {
        spend: spendBucket(member),
        days: daysBucket(member),
        lastChange: member.lastChange,
      },
    });
  },
});
