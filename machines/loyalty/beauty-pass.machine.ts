import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { BeautyPassStatus } from '../../src/contract/beauty-pass.ts';
import { isNotMember } from './loyalty.failure.ts';

/** `GET beauty-pass`: the member's programme. The app provides it (`machine.provide`); the default only says so. */
export const loadBeautyPass = fromPromise<BeautyPassStatus, undefined>(async () => {
  throw new Error('beautyPass: provide the `loadBeautyPass` actor');
});

export interface BeautyPassContext {
  status: BeautyPassStatus | null;
}

export type BeautyPassEvent =
  /** A failed load, tried again. */
  | { type: 'beautyPass.retry' }
  /** The shopper has just joined (the join machine's `joined`): their programme is read again. */
  | { type: 'beautyPass.joined' };

/**
 * The account dashboard's Beauty Pass section: loading → member (the status the tier machine and
 * the points summary are shown from) or not a member (the join panel: `GET beauty-pass` answers
 * 404 `not_member`), or a failure to retry. A screen machine: the server renders the section
 * with the member's status and the browser restores it.
 */
export const beautyPassMachine = setup({
  types: {
    context: {} as BeautyPassContext,
    events: {} as BeautyPassEvent,
    tags: {} as 'busy',
  },
  actors: { loadBeautyPass },
  guards: {
    notMember: (_, error: unknown) => isNotMember(error),
  },
  actions: {
    storeStatus: assign((_, status: BeautyPassStatus) => ({ status })),
    clearStatus: assign({ status: null }),
  },
}).createMachine({
  id: 'beautyPass',
  context: { status: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBeautyPass',
        src: 'loadBeautyPass',
        onDone: { target: 'member', actions: { type: 'storeStatus', params: ({ event }: { event: DoneActorEvent<BeautyPassStatus> }) => event.output } },
        onError: [
          { guard: { type: 'notMember', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'notMember', actions: 'clearStatus' },
          { target: 'failure' },
        ],
      },
    },
    member: {},
    notMember: { on: { 'beautyPass.joined': 'loading' } },
    failure: { on: { 'beautyPass.retry': 'loading' } },
  },
});
