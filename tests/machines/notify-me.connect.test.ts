import { describe, expect, test } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { notifyMeConnect } from '../../machines/product/notify-me.connect.ts';
import { notifyMeMachine } from '../../machines/product/notify-me.machine.ts';
import { notifyTarget } from '../../machines/product/notify-me.rules.ts';
import { connectActor } from './connect-helpers.ts';

const IVORY = { id: 71, name: 'Ivory', stock: 5 };
const MOCHA = { id: 72, name: 'Mocha', stock: 0 };

function start(guest: boolean) {
  let settle: (value: undefined) => void = () => undefined;
  const machine = notifyMeMachine.provide({ actors: { subscribe: fromPromise<undefined, { email: string | null }>(() => new Promise((resolve) => (settle = resolve))) } });
  const { actor, send, sent } = connectActor(machine, { guest });
  return { actor, sent, settle: () => settle(undefined), view: () => notifyMeConnect(actor.getSnapshot(), send) };
}

describe('notifyTarget (when "Notify me" is offered, and for what)', () => {
  test('offered for the chosen shade when it is out of stock, never when it can be bought', () => {
    const product = { inStock: true, variants: [IVORY, MOCHA] };
    expect(notifyTarget(product, MOCHA)).toEqual({ variant: MOCHA });
    expect(notifyTarget(product, IVORY)).toBeNull();
    expect(notifyTarget(product, null)).toBeNull();
  });

  test('a product with one variant, or nothing chosen, is one subscription for the product', () => {
    expect(notifyTarget({ inStock: false, variants: [MOCHA] }, MOCHA)).toEqual({ variant: null });
    expect(notifyTarget({ inStock: false, variants: [IVORY, MOCHA] }, null)).toEqual({ variant: null });
  });
});

describe('notifyMeConnect', () => {
  test('a guest types an address; a wrong one marks the field invalid', () => {
    const { view, sent } = start(true);
    expect(view()).toMatchObject({ status: 'idle', showsForm: true, email: '', emailInvalid: false, submitDisabledReason: null });
    view().submit();
    expect(view()).toMatchObject({ failure: 'invalidEmail', emailInvalid: true });
    view().setEmail('mei@example.com');
    expect(sent).toEqual([{ type: 'notify.submit' }, { type: 'notify.email', email: 'mei@example.com' }]);
    expect(view()).toMatchObject({ email: 'mei@example.com', failure: null, emailInvalid: false });
  });

  test('a member submits with one click: busy, the submit disabled while it runs, then subscribed', async () => {
    const { view, actor, settle } = start(false);
    expect(view().email).toBeNull();
    view().submit();
    expect(view()).toMatchObject({ status: 'subscribing', busy: true, showsForm: true, submitDisabledReason: 'busy' });
    settle();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(view()).toMatchObject({ status: 'subscribed', showsForm: false, busy: false, submitDisabledReason: null });
  });
});
