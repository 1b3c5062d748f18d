import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { getInitialSnapshot } from 'xstate';
import type { TierName } from '../../src/contract/loyalty.ts';
import { tierMachine, type TierInput } from './tier.machine.ts';
import { tierState } from './tier.messages.ts';
import { daysLeft, type MemberState } from '../../src/contract/tier-rules.ts';

/** The largest amount the what-if takes: beyond any tier in any country, and no typo of a phone number. */
export const WHAT_IF_MAX_AMOUNT = 1_000_000_000;

/** Days the question may be asked about: from the member's today to the last day of their year. */
export function whatIfRange(base: TierInput): { min: string; max: string } | null {
  return daysLeft({ today: base.today, yearEnd: base.status.yearEnd }) < 0 ? null : { min: base.today, max: base.status.yearEnd };
}

export type WhatIfField = 'amount' | 'date';

export interface WhatIfIssue {
  field: WhatIfField;
  message: MessageDescriptor;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// Whole units or cents, written the way a number field gives them.
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** A real day written `YYYY-MM-DD` (not 31 February, which `Date` would roll into March). */
function isCalendarDay(date: string): boolean {
  if (!ISO_DATE.test(date)) return false;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

/** What is wrong with the question, field by field; [] when it can be answered. */
export function whatIfIssues(base: TierInput, amount: string, date: string): WhatIfIssue[] {
  const issues: WhatIfIssue[] = [];
  const range = whatIfRange(base);
  const text = amount.trim();
  if (text === '') issues.push({ field: 'amount', message: msg`Enter an amount.` });
  else if (!AMOUNT.test(text)) issues.push({ field: 'amount', message: msg`Enter an amount in numbers, such as 150 or 150.50.` });
  else if (Number(text) > WHAT_IF_MAX_AMOUNT) issues.push({ field: 'amount', message: msg`Enter a smaller amount.` });
  if (range === null) issues.push({ field: 'date', message: msg`Your membership year has ended: there is no day left to ask about.` });
  else if (date === '') issues.push({ field: 'date', message: msg`Choose a date.` });
  else if (!isCalendarDay(date)) issues.push({ field: 'date', message: msg`Choose a valid date.` });
  else if (date < range.min || date > range.max) issues.push({ field: 'date', message: msg`Choose a date between today and the end of your membership year.` });
  return issues;
}

/** What the tier machine would show if the member spent `amount` more by `date`. */
export interface WhatIfOutcome {
  amount: number;
  date: string;
  tier: TierName;
  messaging: string;
  /** The what-if machine's member, whose message the view shows (amounts and dates as it would). */
  member: MemberState;
}

/**
 * The answer, from a fresh snapshot of the same tier machine: the status with `amount` added to the
 * spend, seen on `date`, with no change left to acknowledge. Nothing is sent and nothing of the
 * member's own machine moves.
 */
export function whatIfOutcome(base: TierInput, amount: number, date: string): WhatIfOutcome | null {
  const snapshot = getInitialSnapshot(tierMachine, { status: { ...base.status, spend: base.status.spend + amount, lastChange: null }, thresholds: base.thresholds, today: date });
  const { tier, messaging } = tierState(snapshot);
  const member = snapshot.context.member;
  return tier && messaging && member ? { amount, date, tier, messaging, member } : null;
}
