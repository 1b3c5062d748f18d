import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { Order } from '../../src/contract/checkout.ts';
import type { OrderCancelFailure } from './order-cancel.failure.ts';
import type { orderCancelMachine } from './order-cancel.machine.ts';

type Snapshot = SnapshotFrom<typeof orderCancelMachine>;
type Send = (event: EventFromLogic<typeof orderCancelMachine>) => void;

export interface OrderCancelApi {
  /** `data-state` of the cancel panel. */
  state: 'idle' | 'confirming' | 'cancelling' | 'cancelled';
  /** The order to show: the server's answer after a cancel, else the one the page read. */
  order: Order;
  /** Cancel order is offered (the guard: the server's `cancellable`). */
  canCancel: boolean;
  failure: OrderCancelFailure | null;
  request(): void;
  confirm(): void;
  dismiss(): void;
}

export function orderCancelConnect(snapshot: Snapshot, send: Send): OrderCancelApi {
  const state = snapshot.matches('confirming') ? 'confirming' : snapshot.hasTag('busy') ? 'cancelling' : snapshot.matches('cancelled') ? 'cancelled' : 'idle';
  return {
    state,
    order: snapshot.context.order,
    canCancel: snapshot.can({ type: 'cancel.request' }),
    failure: snapshot.context.failure,
    request: () => send({ type: 'cancel.request' }),
    confirm: () => send({ type: 'cancel.confirm' }),
    dismiss: () => send({ type: 'cancel.dismiss' }),
  };
}
