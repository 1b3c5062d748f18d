import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { REWARD_SORTS, RewardList } from '../../src/contract/beauty-pass.ts';

export type RewardSort = (typeof REWARD_SORTS)[number];

/** `GET rewards?sort=`: the country's rewards with each one's refusal for the caller. The app provides it. */
export const loadRewards = fromPromise<RewardList, { sort: RewardSort }>(async () => {
  throw new Error('rewardsList: provide the `loadRewards` actor');
});

export interface RewardsListInput {
  sort: RewardSort;
}

export interface RewardsListContext {
  sort: RewardSort;
  list: RewardList | null;
}

export type RewardsListEvent =
  /** Read the list again, keeping it on screen meanwhile (after a redemption or joining, the refusals change). */
  | { type: 'rewards.refresh' }
  | { type: 'rewards.retry' };

/**
 * The rewards boutique's list (a screen machine per sort, which the URL holds): loading → ready or
 * failure. A refresh keeps the list shown (`refreshing`) so the shopper's place and focus stay; a
 * refresh that fails keeps the list as it was.
 */
export const rewardsListMachine = setup({
  types: {
    context: {} as RewardsListContext,
    events: {} as RewardsListEvent,
    input: {} as RewardsListInput,
    tags: {} as 'busy' | 'refreshing',
  },
  actors: { loadRewards },
  actions: {
    storeList: assign((_, list: RewardList) => ({ list })),
  },
}).createMachine({
  id: 'rewardsList',
  context: ({ input }) => ({ sort: input.sort, list: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRewards',
        src: 'loadRewards',
        input: ({ context }) => ({ sort: context.sort }),
        onDone: { target: 'ready', actions: { type: 'storeList', params: ({ event }: { event: DoneActorEvent<RewardList> }) => event.output } },
        onError: { target: 'failure' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'rewards.refresh': 'refreshing' } },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refreshRewards',
            src: 'loadRewards',
            input: ({ context }) => ({ sort: context.sort }),
            onDone: { target: 'idle', actions: { type: 'storeList', params: ({ event }: { event: DoneActorEvent<RewardList> }) => event.output } },
            onError: { target: 'idle' },
          },
          // Another change while one refresh is out: read again once more, after it.
          on: { 'rewards.refresh': { target: 'refreshing', reenter: true } },
        },
      },
    },
    failure: { on: { 'rewards.retry': 'loading' } },
  },
});
