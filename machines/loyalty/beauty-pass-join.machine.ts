import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { isAlreadyMember, joinFailureOf } from './loyalty.failure.ts';

/** `POST beauty-pass/members` with the terms agreed to. The app provides it; the default only says so. */
export const joinBeautyPass = fromPromise<unknown, undefined>(async () => {
  throw new Error('beautyPassJoin: provide the `joinBeautyPass` actor');
});

export interface BeautyPassJoinContext {
  /** The Beauty Pass terms box. */
  agreed: boolean;
  /** Join was pressed without the box ticked: the box is marked. */
  attempted: boolean;
  failure: 'signedOut' | 'failed' | null;
}

export type BeautyPassJoinEvent = { type: 'join.agree'; agreed: boolean } | { type: 'join.submit' };

/**
 * Joining Beauty Pass from the account dashboard or the rewards boutique (spec §6: rewards need a
 * registered member): the terms box, then idle → joining → joined. Join without the box ticked
 * only marks the box (the button says why it cannot go yet); an `already_member` answer (another
 * tab joined first) is joined all the same. `joined` is the app's: the screen reads the
 * programme again.
 */
export const beautyPassJoinMachine = setup({
  types: {
    context: {} as BeautyPassJoinContext,
    events: {} as BeautyPassJoinEvent,
    tags: {} as 'busy' | 'joined',
  },
  actors: { joinBeautyPass },
  guards: {
    agreed: ({ context }) => context.agreed,
    alreadyMember: (_, error: unknown) => isAlreadyMember(error),
  },
  actions: {
    setAgreed: assign((_, agreed: boolean) => ({ agreed })),
    markAttempted: assign({ attempted: true }),
    clearFailure: assign({ failure: null }),
    noteFailure: assign((_, error: unknown) => ({ failure: joinFailureOf(error) })),
    /** The shopper is a member now: the app reads their programme again. */
    joined: () => undefined,
  },
}).createMachine({
  id: 'beautyPassJoin',
  context: { agreed: false, attempted: false, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'join.agree': { actions: { type: 'setAgreed', params: ({ event }) => event.agreed } },
        'join.submit': [{ guard: 'agreed', target: 'joining', actions: 'clearFailure' }, { actions: 'markAttempted' }],
      },
    },
    joining: {
      tags: ['busy'],
      invoke: {
        id: 'joinBeautyPass',
        src: 'joinBeautyPass',
        onDone: { target: 'joined', actions: 'joined' },
        onError: [
          { guard: { type: 'alreadyMember', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'joined', actions: 'joined' },
          { target: 'idle', actions: { type: 'noteFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    joined: { tags: ['joined'] },
  },
});
