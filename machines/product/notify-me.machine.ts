import * as v from 'valibot';
import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';

/** Subscribes: `email` null for a member (the account's address is used), the address a guest typed otherwise. */
export const subscribe = fromPromise<undefined, { email: string | null }>(async () => {
  throw new Error('notifyMe: provide the `subscribe` actor');
});

export type NotifyFailure = 'invalidEmail' | 'signedOut' | 'notFound' | 'failed';

const EmailSchema = v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254));

function failureOf(error: unknown): NotifyFailure {
  const { status } = (error ?? {}) as { status?: unknown };
  if (status === 400) return 'invalidEmail';
  if (status === 401) return 'signedOut';
  if (status === 404) return 'notFound';
  return 'failed';
}

export interface NotifyMeContext {
  /** A guest types an address; a member's stays null. */
  email: string | null;
  failure: NotifyFailure | null;
}

export type NotifyMeEvent = { type: 'notify.email'; email: string } | { type: 'notify.submit' };

/**
 * "Notify me" when a product (or the shade or size chosen) is back in stock: one click for a
 * member, an address for a guest. The address is checked before it is sent.
 */
export const notifyMeMachine = setup({
  types: {
    context: {} as NotifyMeContext,
    events: {} as NotifyMeEvent,
    input: {} as { guest: boolean },
    tags: {} as 'form' | 'busy' | 'subscribed',
  },
  actors: { subscribe },
  guards: {
    canSend: ({ context }) => context.email === null || v.is(EmailSchema, context.email),
  },
  actions: {
    setEmail: assign(({ context }, email: string) => (context.email === null ? {} : { email, failure: context.failure === 'invalidEmail' ? null : context.failure })),
    refuse: assign({ failure: 'invalidEmail' as NotifyFailure }),
    clearFailure: assign({ failure: null }),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
  },
}).createMachine({
  id: 'notifyMe',
  context: ({ input }) => ({ email: input.guest ? '' : null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      tags: ['form'],
      on: {
        'notify.email': { actions: { type: 'setEmail', params: ({ event }) => event.email } },
        'notify.submit': [{ guard: 'canSend', target: 'subscribing', actions: 'clearFailure' }, { actions: 'refuse' }],
      },
    },
    subscribing: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context }) => ({ email: context.email === null ? null : context.email.trim() }),
        onDone: 'subscribed',
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    subscribed: { type: 'final', tags: ['subscribed'] },
  },
});
