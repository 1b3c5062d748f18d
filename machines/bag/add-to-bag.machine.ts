import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { Cart } from '../../src/contract/cart.ts';
import { bagFailureReason, type BagFailureReason } from './bag.failure.ts';

/** How long "Added" shows before the button is ready again (spec §4: adding → added). */
export const ADDED_MS = 2_000;

/** Adds `quantity` units of what the button stands for (`POST cart/line-items`); answers the bag. The app binds the product in. */
export const addToBag = fromPromise<Cart, { quantity: number }>(async () => {
  throw new Error('addToBag: provide the `addToBag` actor');
});

export interface AddToBagContext {
  quantity: number;
  failure: BagFailureReason | null;
}

export type AddToBagEvent = { type: 'addToBag.add'; quantity?: number } | { type: 'addToBag.retry' };

/**
 * The "Add to bag" button of the product page and the listing cards (spec §4): idle → adding →
 * added (for a moment) → idle; a failure says why and offers a retry. The header's count moves
 * at the click (`counted` +n) and settles on the server's answer (`changed`), or moves back.
 */
export const addToBagMachine = setup({
  types: {
    context: {} as AddToBagContext,
    events: {} as AddToBagEvent,
    tags: {} as 'busy' | 'added' | 'failure',
  },
  actors: { addToBag },
  delays: { added: ADDED_MS },
  actions: {
    setQuantity: assign(({ event }) => ({ quantity: event.type === 'addToBag.add' ? (event.quantity ?? 1) : 1, failure: null })),
    clearFailure: assign({ failure: null }),
    fail: assign((_, error: unknown) => ({ failure: bagFailureReason(error) })),
    /** The header's count moves by this many units now (back by as many when the answer comes). */
    counted: (_, _delta: number) => undefined,
    /** The server's bag after the add: the header's count and other tabs follow it. */
    changed: (_, _bag: Cart) => undefined,
  },
}).createMachine({
  id: 'addToBag',
  context: { quantity: 1, failure: null },
  initial: 'idle',
  states: {
    idle: { on: { 'addToBag.add': { target: 'adding', actions: 'setQuantity' } } },
    adding: {
      tags: ['busy'],
      entry: { type: 'counted', params: ({ context }) => context.quantity },
      invoke: {
        id: 'add',
        src: 'addToBag',
        input: ({ context }) => ({ quantity: context.quantity }),
        onDone: {
          target: 'added',
          actions: [
            { type: 'counted', params: ({ context }) => -context.quantity },
            { type: 'changed', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'failure',
          actions: [{ type: 'counted', params: ({ context }) => -context.quantity }, { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error }],
        },
      },
    },
    added: {
      tags: ['added'],
      after: { added: 'idle' },
      on: { 'addToBag.add': { target: 'adding', actions: 'setQuantity' } },
    },
    failure: {
      tags: ['failure'],
      on: {
        'addToBag.retry': { target: 'adding', actions: 'clearFailure' },
        'addToBag.add': { target: 'adding', actions: 'setQuantity' },
      },
    },
  },
});
