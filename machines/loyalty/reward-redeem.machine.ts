import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { RewardRefusal } from '../../src/contract/beauty-pass.ts';
import { rewardFailureOf } from './loyalty.failure.ts';

/** What the machine needs of the bag `POST cart/rewards` answers: its count, for the header. */
export interface RedeemedBag {
  count: number;
}

/** `POST cart/rewards {rewardId}`: the reward into the member's bag; answers the bag. The app provides it. */
export const redeemReward = fromPromise<RedeemedBag, { rewardId: number }>(async () => {
  throw new Error('rewardRedeem: provide the `redeemReward` actor');
});

/** The reward asked for, named as the list showed it (the notice says which). */
export interface RedeemTarget {
  rewardId: number;
  name: string;
}

export interface RewardRedeemContext {
  target: RedeemTarget | null;
  /** Why the server refused it (409 `code`; 401: sign in). */
  refusal: RewardRefusal | null;
  /** A failure the server did not explain (offline, 5xx): worth a retry. */
  failed: boolean;
}

export type RewardRedeemEvent = ({ type: 'reward.redeem' } & RedeemTarget) | { type: 'reward.retry' } | { type: 'reward.dismiss' };

const redeem = { target: '#rewardRedeem.redeeming', actions: { type: 'setTarget', params: ({ event }: { event: RedeemTarget }) => ({ rewardId: event.rewardId, name: event.name }) } } as const;

/**
 * Redeeming a reward of the boutique into the bag (spec §5: one per customer per transaction, while
 * supplies last): idle → redeeming → redeemed (it is in the bag: the notice links to it) or refused
 * with the server's reason (`REWARD_REFUSALS`), or failed (retry). One at a time: while one is out,
 * the others wait. The server decides every refusal; the list's own `refusal` disables a reward's
 * button before it is pressed. `redeemed` and `refused` are the app's: the header's count follows
 * the bag, and the list is read again (its refusals have changed).
 */
export const rewardRedeemMachine = setup({
  types: {
    context: {} as RewardRedeemContext,
    events: {} as RewardRedeemEvent,
    tags: {} as 'busy' | 'redeemed' | 'refused' | 'failure',
  },
  actors: { redeemReward },
  guards: {
    namedRefusal: (_, error: unknown) => rewardFailureOf(error) !== 'failed',
  },
  actions: {
    setTarget: assign((_, target: RedeemTarget) => ({ target, refusal: null, failed: false })),
    clear: assign({ target: null, refusal: null, failed: false }),
    clearOutcome: assign({ refusal: null, failed: false }),
    noteRefusal: assign((_, error: unknown) => {
      const failure = rewardFailureOf(error);
      return { refusal: failure === 'failed' ? null : failure };
    }),
    noteFailed: assign({ failed: true }),
    /** The reward is in the bag: the app moves the header's count and reads the list again. */
    redeemed: (_, _bag: RedeemedBag) => undefined,
    /** The server refused it: the list the shopper saw was out of date, so it is read again. */
    refused: () => undefined,
  },
}).createMachine({
  id: 'rewardRedeem',
  context: { target: null, refusal: null, failed: false },
  initial: 'idle',
  states: {
    idle: { on: { 'reward.redeem': redeem } },
    redeeming: {
      tags: ['busy'],
      invoke: {
        id: 'redeem',
        src: 'redeemReward',
        input: ({ context }) => ({ rewardId: context.target?.rewardId ?? 0 }),
        onDone: { target: 'redeemed', actions: { type: 'redeemed', params: ({ event }: { event: DoneActorEvent<RedeemedBag> }) => event.output } },
        onError: [
          {
            guard: { type: 'namedRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'refused',
            actions: [{ type: 'noteRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error }, 'refused'],
          },
          { target: 'failure', actions: 'noteFailed' },
        ],
      },
    },
    redeemed: { tags: ['redeemed'], on: { 'reward.redeem': redeem, 'reward.dismiss': { target: 'idle', actions: 'clear' } } },
    refused: { tags: ['refused'], on: { 'reward.redeem': redeem, 'reward.dismiss': { target: 'idle', actions: 'clear' } } },
    failure: {
      tags: ['failure'],
      on: { 'reward.redeem': redeem, 'reward.retry': { target: 'redeeming', actions: 'clearOutcome' }, 'reward.dismiss': { target: 'idle', actions: 'clear' } },
    },
  },
});
