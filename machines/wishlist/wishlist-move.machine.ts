import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { moveFailureOf, type MoveFailure } from './wishlist-move.rules.ts';

/**
 * Finds what to add (moveTarget) and adds one unit of it to the bag (`POST cart/line-items`);
 * resolves `choose` when the shopper must choose a shade or size first. The app provides it.
 */
export const moveToBag = fromPromise<'moved' | 'choose', undefined>(async () => {
  throw new Error('wishlistMove: provide the `moveToBag` actor');
});

export type WishlistMoveEvent = { type: 'move.start' } | { type: 'move.dismiss' };

export interface WishlistMoveContext {
  failure: MoveFailure | null;
}

/**
 * "Move to bag" of one wish-list item: moving → moved (the app takes it off the wish list), or
 * choosing (the product has several shades or sizes and none was liked: its page is offered), or
 * back to idle with why it failed, the item kept.
 */
export const wishlistMoveMachine = setup({
  types: {
    context: {} as WishlistMoveContext,
    events: {} as WishlistMoveEvent,
    tags: {} as 'busy',
  },
  actors: { moveToBag },
  guards: {
    mustChoose: (_, result: 'moved' | 'choose') => result === 'choose',
  },
  actions: {
    clearFailure: assign({ failure: null }),
    fail: assign((_, error: unknown) => ({ failure: moveFailureOf(error) })),
    /** The app takes the item off the wish list here. */
    moved: () => undefined,
  },
}).createMachine({
  id: 'wishlistMove',
  context: { failure: null },
  initial: 'idle',
  states: {
    idle: { on: { 'move.start': { target: 'moving', actions: 'clearFailure' }, 'move.dismiss': { actions: 'clearFailure' } } },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'move',
        src: 'moveToBag',
        onDone: [
          { guard: { type: 'mustChoose', params: ({ event }: { event: DoneActorEvent<'moved' | 'choose'> }) => event.output }, target: 'choosing' },
          { target: 'moved', actions: 'moved' },
        ],
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    // The view links to the product page; moving again asks once more (another shade may be liked by then).
    choosing: { on: { 'move.start': { target: 'moving', actions: 'clearFailure' } } },
    moved: { type: 'final' },
  },
});
