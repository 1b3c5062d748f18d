import { assign, raise, setup } from 'xstate';
import type { MemberTierStatus, TierChange, TierName, TierThresholds } from '../../src/contract/loyalty.ts';
import {
  closeYear,
  daysLeft,
  nearingExpiry,
  renewalReached,
  tierReachedBy,
  upgraded,
  type MemberState,
  type UpperTier,
} from '../../src/contract/tier-rules.ts';

/** A member's status as the app loads it: the server's answer plus today's date in their country. */
export interface TierInput {
  status: MemberTierStatus;
  thresholds: TierThresholds;
  /** `YYYY-MM-DD` in the member's country. */
  today: string;
}

export interface TierContext {
  /** Null until the status has loaded. */
  member: MemberState | null;
}

export type TierEvent =
  | ({ type: 'tier.statusLoaded' } & TierInput)
  | { type: 'tier.spendUpdated'; spend: number }
  /** A new day in the member's country: the countdown and the year end move on. */
  | { type: 'tier.dayPassed'; today: string }
  /** The membership year is over: renew, upgrade or downgrade on the final spend (default: the spend known). */
  | { type: 'tier.yearEnded'; spend?: number }
  /** Choose the message again from the data as it is. Every data event raises it. */
  | { type: 'tier.evaluate' }
  /** The member has read the upgrade, renewal or downgrade message. */
  | { type: 'tier.acknowledge' };

function toMember(input: TierInput): MemberState {
  return { ...input.status, thresholds: input.thresholds, today: input.today };
}

/** Guards see the member only once the status is known; before that no rule applies. */
function known(test: (member: MemberState) => boolean) {
  return ({ context }: { context: TierContext }) => context.member !== null && test(context.member);
}

type TierOf = { tier: TierName };

/**
 * Back to the tier itself once the change message is read; `tier.evaluate` then picks what the
 * member sees next (the tier is the target so the step shows where the member stays).
 */
function acknowledge(tier: UpperTier) {
  return { target: `#tier.${tier}`, actions: ['markSeen', 'changeSeen', 'requestEvaluation'] } as const;
}

/**
 * Tier progression and renewal messaging (spec §4). The member's tier is the top-level state; the
 * child state is the message they see, chosen on `tier.evaluate` by the named guards below, which
 * compare the spend with the country's thresholds and the days left with its nearing-expiry
 * window. Thresholds are data (input / `tier.statusLoaded`), never constants here.
 */
export const tierMachine = setup({
  types: {
    context: {} as TierContext,
    events: {} as TierEvent,
    input: {} as TierInput | undefined,
    tags: {} as 'awaitingStatus' | 'change' | 'urgent',
  },
  guards: {
    statusKnown: known(() => true),
    spendReaches: ({ context }, { tier }: { tier: UpperTier }) => context.member !== null && tierReachedBy(context.member, context.member.spend) === tier,
    memberIs: ({ context }, { tier }: TierOf) => context.member?.tier === tier,
    changeWas: ({ context }, { tier, change }: TierOf & { change: TierChange }) => context.member?.tier === tier && context.member.lastChange === change,
    renewalReached: ({ context }, { tier }: TierOf) => context.member?.tier === tier && renewalReached(context.member),
    yearOver: ({ context }, { tier }: TierOf) => context.member?.tier === tier && daysLeft(context.member) < 0,
    nearingExpiry: ({ context }, { tier }: TierOf) => context.member?.tier === tier && nearingExpiry(context.member),
    membershipYearOver: known((member) => daysLeft(member) < 0),
  },
  actions: {
    requestEvaluation: raise({ type: 'tier.evaluate' }),
    storeStatus: assign((_, input: TierInput) => ({ member: toMember(input) })),
    storeSpend: assign(({ context }, spend: number) => ({ member: context.member && { ...context.member, spend } })),
    storeToday: assign(({ context }, today: string) => ({ member: context.member && { ...context.member, today } })),
    startNextYear: assign(({ context }, finalSpend: number | undefined) => ({
      member: context.member && closeYear(context.member, finalSpend ?? context.member.spend),
    })),
    upgrade: assign(({ context }, { tier }: { tier: UpperTier }) => ({ member: context.member && upgraded(context.member, tier) })),
    markSeen: assign(({ context }) => ({ member: context.member && { ...context.member, lastChange: null } })),
    /**
     * The member has read the change: the app tells the server (`POST beauty-pass/tier/seen`), so
     * the message is not served again. A no-op here, so the machine stays pure in tests and the
     * visualizer; the what-if never acknowledges anything.
     */
    changeSeen: () => undefined,
  },
}).createMachine({
  id: 'tier',
  context: ({ input }) => ({ member: input ? toMember(input) : null }),
  initial: 'awaitingStatus',
  // With an input the first snapshot already shows the member's message.
  entry: 'requestEvaluation',
  on: {
    'tier.statusLoaded': {
      actions: [{ type: 'storeStatus', params: ({ event }) => ({ status: event.status, thresholds: event.thresholds, today: event.today }) }, 'requestEvaluation'],
    },
    'tier.spendUpdated': {
      guard: 'statusKnown',
      actions: [{ type: 'storeSpend', params: ({ event }) => event.spend }, 'requestEvaluation'],
    },
    'tier.dayPassed': {
      guard: 'statusKnown',
      actions: [{ type: 'storeToday', params: ({ event }) => event.today }, 'requestEvaluation'],
    },
    'tier.yearEnded': {
      guard: 'membershipYearOver',
      actions: [{ type: 'startNextYear', params: ({ event }) => event.spend }, 'requestEvaluation'],
    },
    // Order matters: an upgrade wins, then per tier the most urgent message first.
    'tier.evaluate': [
      { guard: { type: 'spendReaches', params: { tier: 'gold' } }, target: '.gold.justUpgraded', actions: { type: 'upgrade', params: { tier: 'gold' } } },
      { guard: { type: 'spendReaches', params: { tier: 'black' } }, target: '.black.justUpgraded', actions: { type: 'upgrade', params: { tier: 'black' } } },
      { guard: { type: 'spendReaches', params: { tier: 'white' } }, target: '.white.justUpgraded', actions: { type: 'upgrade', params: { tier: 'white' } } },

      { guard: { type: 'memberIs', params: { tier: 'pink' } }, target: '.pink.inProgress' },

      { guard: { type: 'changeWas', params: { tier: 'white', change: 'upgraded' } }, target: '.white.justUpgraded' },
      { guard: { type: 'changeWas', params: { tier: 'white', change: 'renewed' } }, target: '.white.renewed' },
      { guard: { type: 'changeWas', params: { tier: 'white', change: 'downgraded' } }, target: '.white.downgraded' },
      { guard: { type: 'memberIs', params: { tier: 'white' } }, target: '.white.inProgress' },

      { guard: { type: 'renewalReached', params: { tier: 'black' } }, target: '.black.keepTier' },
      { guard: { type: 'yearOver', params: { tier: 'black' } }, target: '.black.failedRenewal' },
      { guard: { type: 'nearingExpiry', params: { tier: 'black' } }, target: '.black.nearingExpiry' },
      { guard: { type: 'changeWas', params: { tier: 'black', change: 'upgraded' } }, target: '.black.justUpgraded' },
      { guard: { type: 'changeWas', params: { tier: 'black', change: 'renewed' } }, target: '.black.renewed' },
      { guard: { type: 'changeWas', params: { tier: 'black', change: 'downgraded' } }, target: '.black.downgraded' },
      { guard: { type: 'memberIs', params: { tier: 'black' } }, target: '.black.downgradeWarning' },

      { guard: { type: 'renewalReached', params: { tier: 'gold' } }, target: '.gold.maxTier' },
      { guard: { type: 'yearOver', params: { tier: 'gold' } }, target: '.gold.failedRenewal' },
      { guard: { type: 'nearingExpiry', params: { tier: 'gold' } }, target: '.gold.nearingExpiry' },
      { guard: { type: 'changeWas', params: { tier: 'gold', change: 'upgraded' } }, target: '.gold.justUpgraded' },
      { guard: { type: 'changeWas', params: { tier: 'gold', change: 'renewed' } }, target: '.gold.renewed' },
      { guard: { type: 'memberIs', params: { tier: 'gold' } }, target: '.gold.downgradeWarning' },
    ],
  },
  states: {
    awaitingStatus: { tags: ['awaitingStatus'] },
    // Pink is shown alongside white: the view adds the white benefits panel.
    pink: {
      initial: 'inProgress',
      states: { inProgress: {} },
    },
    white: {
      initial: 'inProgress',
      states: {
        justUpgraded: { tags: ['change'], on: { 'tier.acknowledge': acknowledge('white') } },
        renewed: { tags: ['change'], on: { 'tier.acknowledge': acknowledge('white') } },
        downgraded: { tags: ['change'], on: { 'tier.acknowledge': acknowledge('white') } },
        inProgress: {},
      },
    },
    black: {
      initial: 'downgradeWarning',
      states: {
        justUpgraded: { tags: ['change'], on: { 'tier.acknowledge': acknowledge('black') } },
        renewed: { tags: ['change'], on: { 'tier.acknowledge': acknowledge('black') } },
        downgraded: { tags: ['change'], on: { 'tier.acknowledge': acknowledge('black') } },
        keepTier: {},
        nearingExpiry: { tags: ['urgent'] },
        downgradeWarning: {},
        failedRenewal: { tags: ['urgent'] },
      },
    },
    gold: {
      initial: 'downgradeWarning',
      states: {
        justUpgraded: { tags: ['change'], on: { 'tier.acknowledge': acknowledge('gold') } },
        renewed: { tags: ['change'], on: { 'tier.acknowledge': acknowledge('gold') } },
        maxTier: {},
        nearingExpiry: { tags: ['urgent'] },
        downgradeWarning: {},
        failedRenewal: { tags: ['urgent'] },
      },
    },
  },
});
