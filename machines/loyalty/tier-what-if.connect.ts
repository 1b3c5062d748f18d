import type { MessageDescriptor } from '@lingui/core';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { TierName } from '../../src/contract/loyalty.ts';
import { tierMessageOf, type TierFormat, type TierMessage } from './tier.messages.ts';
import type { tierWhatIfMachine } from './tier-what-if.machine.ts';
import { whatIfRange, type WhatIfField } from './tier-what-if.rules.ts';

type Snapshot = SnapshotFrom<typeof tierWhatIfMachine>;
type Send = (event: EventFromLogic<typeof tierWhatIfMachine>) => void;

export interface WhatIfAnswer {
  /** `data-state` of the answer: the tier machine's state it would be in (`gold.justUpgraded`). */
  state: string;
  tier: TierName;
  amount: number;
  currency: string;
  date: string;
  message(format: TierFormat): TierMessage;
}

export interface TierWhatIfApi {
  /** `data-state`. */
  state: 'editing' | 'invalid' | 'answered';
  /** Whether there is a day left to ask about (none once the year is over). */
  available: boolean;
  amount: string;
  date: string;
  /** The date field's bounds: today to the year end. */
  range: { min: string; max: string } | null;
  /** A mistake to mark on each field, after asking. */
  issues: Partial<Record<WhatIfField, MessageDescriptor>>;
  answer: WhatIfAnswer | null;
  setAmount(value: string): void;
  setDate(value: string): void;
  ask(): void;
  clear(): void;
}

export function tierWhatIfConnect(snapshot: Snapshot, send: Send): TierWhatIfApi {
  const { base, amount, date, issues, outcome } = snapshot.context;
  const range = whatIfRange(base);
  const state = snapshot.hasTag('answered') ? 'answered' : snapshot.hasTag('invalid') ? 'invalid' : 'editing';
  const marked: Partial<Record<WhatIfField, MessageDescriptor>> = {};
  // The first mistake of each field is the one to fix first.
  for (const issue of issues) marked[issue.field] ??= issue.message;
  return {
    state,
    available: range !== null,
    amount,
    date,
    range,
    issues: marked,
    answer: outcome && {
      state: `${outcome.tier}.${outcome.messaging}`,
      tier: outcome.tier,
      amount: outcome.amount,
      currency: base.thresholds.currency,
      date: outcome.date,
      message: (format) => tierMessageOf({ member: outcome.member, tier: outcome.tier, messaging: outcome.messaging }, format),
    },
    setAmount: (value) => send({ type: 'whatIf.setAmount', value }),
    setDate: (value) => send({ type: 'whatIf.setDate', value }),
    ask: () => send({ type: 'whatIf.submit' }),
    clear: () => send({ type: 'whatIf.clear' }),
  };
}
