import { msg } from '@lingui/core/macro';
import { TIER_THRESHOLDS } from '../../src/config/tiers.ts';
import { defineModel } from '../model/types.ts';
import type { TierInput } from './tier.machine.ts';
import { tierWhatIfMachine, type TierWhatIfEvent } from './tier-what-if.machine.ts';

/** A black member in Singapore on 1 March, the year ending 30 September. */
const BLACK: TierInput = { status: { tier: 'black', spend: 120, yearEnd: '2026-09-30', lastChange: null }, thresholds: TIER_THRESHOLDS.SG, today: '2026-03-01' };

const EVENTS: TierWhatIfEvent[] = [
  { type: 'whatIf.setAmount', value: '1100' },
  { type: 'whatIf.setAmount', value: 'lots' },
  { type: 'whatIf.setDate', value: '2026-09-01' },
  { type: 'whatIf.setDate', value: '2027-01-01' },
  { type: 'whatIf.submit' },
  { type: 'whatIf.clear' },
];

export const tierWhatIfModel = defineModel({
  id: 'tierWhatIf',
  title: msg`Tier what-if`,
  description: msg`"If I spend X by date D": the message and tier the same tier machine would give, without changing anything; the date within today and the year end.`,
  machine: tierWhatIfMachine,
  input: BLACK,
  events: EVENTS,
  serializeState: (snapshot) => {
    const { amount, date, issues, outcome } = snapshot.context;
    return JSON.stringify([snapshot.value, amount, date, issues.map((issue) => issue.field), outcome && `${outcome.tier}.${outcome.messaging}`]);
  },
});
