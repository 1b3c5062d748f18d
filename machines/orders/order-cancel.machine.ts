import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { Order } from '../../src/contract/checkout.ts';
import { cancelFailureOf, type OrderCancelFailure } from './order-cancel.failure.ts';

/** `POST orders/{number}/cancel`: answers the order as cancelled. The app provides it; the default only says so. */
export const cancelOrder = fromPromise<Order, { number: string }>(async () => {
  throw new Error('orderCancel: provide the `cancelOrder` actor');
});

export interface OrderCancelContext {
  /** The order as the server last answered it: the page shows this one. */
  order: Order;
  failure: OrderCancelFailure | null;
}

export type OrderCancelEvent =
  /** Cancel order: asks to confirm first. */
  | { type: 'cancel.request' }
  | { type: 'cancel.confirm' }
  /** Keep the order (closes the question, or a failure's notice). */
  | { type: 'cancel.dismiss' };

/**
 * A member cancels their own order (issue 15) from its page: Cancel order → the question (what
 * comes back: payment, points, reward) → cancelling → cancelled, with the order as the server
 * answers it. Offered only while the server says the order is `cancellable`; an order that moved on
 * meanwhile (shipped, cancelled in another tab: 409) is no longer offered, with the reason.
 */
export const orderCancelMachine = setup({
  types: {
    context: {} as OrderCancelContext,
    events: {} as OrderCancelEvent,
    input: {} as { order: Order },
    tags: {} as 'busy',
  },
  actors: { cancelOrder },
  guards: {
    /** The server's word on the order (placed or paid, nothing shipped): never decided here. */
    cancellable: ({ context }) => context.order.cancellable,
  },
  actions: {
    clearFailure: assign({ failure: null }),
    showCancelled: assign((_, order: Order) => ({ order, failure: null })),
    noteFailure: assign(({ context }, error: unknown) => {
      const failure = cancelFailureOf(error);
      // The server refused it as past cancelling: the button goes, and the notice says why.
      return { failure, order: failure === 'notCancellable' ? { ...context.order, cancellable: false } : context.order };
    }),
  },
}).createMachine({
  id: 'orderCancel',
  context: ({ input }) => ({ order: input.order, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cancel.request': { guard: 'cancellable', target: 'confirming', actions: 'clearFailure' },
        'cancel.dismiss': { actions: 'clearFailure' },
      },
    },
    confirming: {
      on: {
        'cancel.confirm': 'cancelling',
        'cancel.dismiss': 'idle',
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ number: context.order.number }),
        onDone: { target: 'cancelled', actions: { type: 'showCancelled', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'noteFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    cancelled: {},
  },
});
