import { msg } from '@lingui/core/macro';
import type { Order } from '../../src/contract/checkout.ts';
import { ORDER } from '../checkout/checkout.fixtures.ts';
import { defineModel } from '../model/types.ts';
import { orderCancelMachine } from './order-cancel.machine.ts';

/** A member's paid order with a reward, still cancellable; and as the server answers it once cancelled. */
const PAID: Order = { ...ORDER, pointsUsed: 250, reward: { name: 'Mini lip trio', pointsCost: 250 }, cancellable: true };
const CANCELLED: Order = { ...PAID, status: 'cancelled', cancellable: false, history: [...PAID.history, { status: 'cancelled', at: '2030-01-15T05:00:00.000Z' }] };

export const orderCancelModel = defineModel({
  id: 'orderCancel',
  title: msg`Cancel an order`,
  description: msg`A member's order page: Cancel order, the confirmation, then cancelled with the order as answered; an order past cancelling is no longer offered, other failures can be tried again.`,
  machine: orderCancelMachine,
  input: { order: PAID },
  events: [
    { type: 'cancel.request' },
    { type: 'cancel.confirm' },
    { type: 'cancel.dismiss' },
    { type: 'xstate.done.actor.cancelOrder', output: CANCELLED },
    { type: 'xstate.error.actor.cancelOrder', error: { kind: 'network' } },
    { type: 'xstate.error.actor.cancelOrder', error: { kind: 'http', status: 409, body: { code: 'order_not_cancellable', message: 'This order can no longer be cancelled', status: 409 } } },
  ],
});
