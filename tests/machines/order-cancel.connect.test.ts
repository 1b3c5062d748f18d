import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Order } from '../../src/contract/checkout.ts';
import { ORDER } from '../../machines/checkout/checkout.fixtures.ts';
import { orderCancelConnect } from '../../machines/orders/order-cancel.connect.ts';
import { orderCancelMachine } from '../../machines/orders/order-cancel.machine.ts';

const PAID: Order = { ...ORDER, cancellable: true };
const CANCELLED: Order = { ...PAID, status: 'cancelled', cancellable: false };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(order: Order, cancel: (number: string) => Promise<Order>) {
  const asked: string[] = [];
  const machine = orderCancelMachine.provide({
    actors: {
      cancelOrder: fromPromise<Order, { number: string }>(({ input }) => {
        asked.push(input.number);
        return cancel(input.number);
      }),
    },
  });
  const actor = createActor(machine, { input: { order } }).start();
  return { actor, asked, view: () => orderCancelConnect(actor.getSnapshot(), actor.send) };
}

describe('order cancel: view-model on a real actor', () => {
  test('offered while the server says cancellable; asks first, sends nothing until confirmed, then shows the answer', async () => {
    const { view, asked } = start(PAID, async () => CANCELLED);
    expect(view()).toMatchObject({ state: 'idle', canCancel: true, failure: null });
    view().request();
    expect(view().state).toBe('confirming');
    view().dismiss();
    expect(view().state).toBe('idle');
    expect(asked).toEqual([]);
    view().request();
    view().confirm();
    expect(view().state).toBe('cancelling');
    await tick();
    expect(view()).toMatchObject({ state: 'cancelled', canCancel: false, order: { status: 'cancelled' } });
    expect(asked).toEqual([PAID.number]);
  });

  test('never offered for an order the server says is not cancellable', () => {
    const { view } = start({ ...PAID, cancellable: false }, async () => CANCELLED);
    view().request();
    expect(view()).toMatchObject({ state: 'idle', canCancel: false });
  });

  test('a 409 order_not_cancellable takes the offer away with the reason; a network failure can be tried again', async () => {
    const refused = start(PAID, () => Promise.reject({ kind: 'http', status: 409, body: { code: 'order_not_cancellable' } }));
    refused.view().request();
    refused.view().confirm();
    await tick();
    expect(refused.view()).toMatchObject({ state: 'idle', canCancel: false, failure: 'notCancellable' });

    const offline = start(PAID, () => Promise.reject({ kind: 'network' }));
    offline.view().request();
    offline.view().confirm();
    await tick();
    expect(offline.view()).toMatchObject({ state: 'idle', canCancel: true, failure: 'failed' });
    offline.view().request();
    expect(offline.view()).toMatchObject({ state: 'confirming', failure: null });
  });
});
