import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { CATALOG_ERROR_CODES } from '../../src/contract/reviews.ts';
import { joinRefusal, type WaitlistProduct } from './waitlist-toggle.rules.ts';

/** Joins (`true`) or leaves (`false`) the product's waitlist; the app provides it. */
export const setWaitlisted = fromPromise<undefined, { waitlisted: boolean }>(async () => {
  throw new Error('waitlistToggle: provide the `setWaitlisted` actor');
});

/** Why the last change did not happen; the view words it. */
export type WaitlistFailure = 'notWaitlistable' | 'signedOut' | 'failed';

function failureOf(error: unknown): WaitlistFailure {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: { code?: unknown } | null };
  if (status === 409 && body?.code === CATALOG_ERROR_CODES.notWaitlistable) return 'notWaitlistable';
  if (status === 401) return 'signedOut';
  return 'failed';
}

export type WaitlistToggleEvent =
  /** What the member's waitlist (loaded after the first paint) says about this product. */
  | { type: 'waitlist.sync'; waitlisted: boolean }
  | { type: 'waitlist.join' }
  | { type: 'waitlist.leave' }
  /** Live stock arrived (or changed): whether the product can be joined follows it. */
  | { type: 'waitlist.product'; product: WaitlistProduct };

export interface WaitlistToggleContext {
  failure: WaitlistFailure | null;
  /** Null when the page did not say: the server alone decides then. */
  product: WaitlistProduct | null;
}

const sync = [
  { guard: { type: 'isWaitlisted', params: ({ event }: { event: Extract<WaitlistToggleEvent, { type: 'waitlist.sync' }> }) => event.waitlisted }, target: 'waitlisted' },
  { target: 'notWaitlisted' },
] as const;

/**
 * "Waitlist me" → "Waitlisted" (spec §2 product actions), and back. Unknown until the member's
 * waitlist arrives; joining follows the contract's waitlist rule (`canJoin`), leaving always
 * works; a change the server refuses stays where it was and says why.
 */
export const waitlistToggleMachine = setup({
  types: {
    context: {} as WaitlistToggleContext,
    events: {} as WaitlistToggleEvent,
    input: {} as { product?: WaitlistProduct } | undefined,
    tags: {} as 'busy' | 'waitlisted',
  },
  actors: { setWaitlisted },
  guards: {
    isWaitlisted: (_, waitlisted: boolean) => waitlisted,
    canJoin: ({ context }) => joinRefusal(context.product) === null,
  },
  actions: {
    clearFailure: assign({ failure: null }),
    setProduct: assign((_, product: WaitlistProduct) => ({ product })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    /** The app updates its waitlist (the badge on cards and the page) here. */
    changed: (_, _waitlisted: boolean) => undefined,
  },
}).createMachine({
  id: 'waitlistToggle',
  context: ({ input }) => ({ failure: null, product: input?.product ?? null }),
  initial: 'unknown',
  on: {
    'waitlist.product': { actions: { type: 'setProduct', params: ({ event }) => event.product } },
  },
  states: {
    // Nothing can be changed until the member's waitlist says where we start.
    unknown: { tags: ['busy'], on: { 'waitlist.sync': sync } },
    notWaitlisted: {
      on: { 'waitlist.join': { guard: 'canJoin', target: 'joining', actions: 'clearFailure' }, 'waitlist.sync': sync },
    },
    joining: {
      tags: ['busy'],
      invoke: {
        id: 'join',
        src: 'setWaitlisted',
        input: { waitlisted: true },
        onDone: { target: 'waitlisted', actions: { type: 'changed', params: true } },
        onError: { target: 'notWaitlisted', actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    waitlisted: {
      tags: ['waitlisted'],
      on: { 'waitlist.leave': { target: 'leaving', actions: 'clearFailure' }, 'waitlist.sync': sync },
    },
    leaving: {
      tags: ['busy', 'waitlisted'],
      invoke: {
        id: 'leave',
        src: 'setWaitlisted',
        input: { waitlisted: false },
        onDone: { target: 'notWaitlisted', actions: { type: 'changed', params: false } },
        onError: { target: 'waitlisted', actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
  },
});
