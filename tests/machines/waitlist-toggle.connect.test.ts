import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { waitlistToggleConnect } from '../../machines/product/waitlist-toggle.connect.ts';
import { waitlistToggleMachine } from '../../machines/product/waitlist-toggle.machine.ts';
import { joinRefusal, waitlistOffered } from '../../machines/product/waitlist-toggle.rules.ts';
import { connectActor } from './connect-helpers.ts';

const SOLD_OUT = { inStock: false, badges: ['out_of_stock'] };
const COMING_SOON = { inStock: true, badges: ['coming_soon'] };
const IN_STOCK = { inStock: true, badges: ['new'] };

function start(product = SOLD_OUT) {
  const machine = waitlistToggleMachine.provide({ actors: { setWaitlisted: fromPromise<undefined, { waitlisted: boolean }>(() => new Promise(() => undefined)) } });
  const { actor, send, sent } = connectActor(machine, { product });
  return { actor, sent, view: () => waitlistToggleConnect(actor.getSnapshot(), send) };
}

describe('the waitlist rule (the contract’s, shared with the server)', () => {
  test('sold out or coming soon can be joined; in stock cannot, and the refusal is named', () => {
    expect(joinRefusal(SOLD_OUT)).toBeNull();
    expect(joinRefusal(COMING_SOON)).toBeNull();
    expect(joinRefusal(IN_STOCK)).toBe('notWaitlistable');
    expect(joinRefusal(null)).toBeNull();
  });

  test('the waitlist is offered to join, or to leave for a member already on it', () => {
    expect(waitlistOffered(SOLD_OUT, false)).toBe(true);
    expect(waitlistOffered(IN_STOCK, false)).toBe(false);
    expect(waitlistOffered(IN_STOCK, true)).toBe(true);
  });
});

describe('waitlistToggleConnect', () => {
  test('until the member’s waitlist arrives the button is disabled because it is loading', () => {
    const { view } = start();
    expect(view()).toMatchObject({ offered: true, waitlisted: false, busy: true, disabledReason: 'loading', failure: null });
  });

  test('sync and toggle send the events that join, and the button then says why it waits', () => {
    const { view, sent, actor } = start();
    view().sync(false);
    expect(view()).toMatchObject({ waitlisted: false, busy: false, disabledReason: null });
    view().toggle();
    expect(sent).toEqual([{ type: 'waitlist.sync', waitlisted: false }, { type: 'waitlist.join' }]);
    expect(actor.getSnapshot().value).toBe('joining');
    expect(view()).toMatchObject({ busy: true, disabledReason: 'saving' });
  });

  test('when waitlisted, toggle leaves', () => {
    const { view, sent, actor } = start();
    view().sync(true);
    expect(view()).toMatchObject({ waitlisted: true, disabledReason: null });
    view().toggle();
    expect(sent.at(-1)).toEqual({ type: 'waitlist.leave' });
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(view()).toMatchObject({ waitlisted: true, busy: true, disabledReason: 'saving' });
  });

  test('back in stock: joining is refused by the guard with its reason, and the toggle is no longer offered', () => {
    const { view, sent, actor } = start();
    view().sync(false);
    view().describe(IN_STOCK);
    expect(sent.at(-1)).toEqual({ type: 'waitlist.product', product: IN_STOCK });
    expect(actor.getSnapshot().can({ type: 'waitlist.join' })).toBe(false);
    expect(view()).toMatchObject({ offered: false, disabledReason: 'notWaitlistable' });
    view().toggle();
    expect(actor.getSnapshot().value).toBe('notWaitlisted');
  });

  test('back in stock, a member on the list can still leave', () => {
    const { view, actor } = start(IN_STOCK);
    view().sync(true);
    expect(view()).toMatchObject({ offered: true, waitlisted: true, disabledReason: null });
    view().toggle();
    expect(actor.getSnapshot().value).toBe('leaving');
  });
});
