import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Order } from '../../src/contract/checkout.ts';
import { CHECKOUT_BAG, CHECKOUT_INPUT, CHECKOUT_OPTIONS, EMAIL_ONLY_BAG, EMAIL_ONLY_OPTIONS, GIFT_CARD, GOOD_CARD, ORDER, OWNER, persistedAt } from '../../machines/checkout/checkout.fixtures.ts';
import { checkoutMachine, type CheckoutInput, type PlaceOrderInput } from '../../machines/checkout/checkout.machine.ts';
import { CHECKOUT_PERSIST_VERSION, restoreCheckout, toPersisted, type RestoreResult } from '../../machines/checkout/checkout.persist.ts';
import { placeRefusal } from '../../machines/checkout/checkout.rules.ts';
import { CARD_FIELDS, type ChallengeRequired } from '../../machines/checkout/checkout.types.ts';

const current = { owner: OWNER, country: 'SG', bagVersion: CHECKOUT_BAG.version };

function start(input: Partial<CheckoutInput> = {}) {
  const machine = checkoutMachine.provide({ actors: { placeOrder: fromPromise<Order | ChallengeRequired, PlaceOrderInput>(() => new Promise(() => undefined)) } });
  return createActor(machine, { input: { ...CHECKOUT_INPUT, ...input } }).start();
}

/** Contact → payment with the good card typed (and a place at review when asked). */
function fill(actor: ReturnType<typeof start>) {
  actor.send({ type: 'checkout.next' });
  actor.send({ type: 'checkout.address.saved', index: 0 });
  actor.send({ type: 'checkout.next' });
  actor.send({ type: 'checkout.delivery.method', method: 'standard' });
  actor.send({ type: 'checkout.next' });
  actor.send({ type: 'checkout.next' });
  actor.send({ type: 'checkout.payment.method', method: 'card' });
  for (const field of CARD_FIELDS) actor.send({ type: 'checkout.card.field', field, value: GOOD_CARD[field] });
}

const value = (actor: ReturnType<typeof start>) => actor.getSnapshot().value;

describe('toPersisted', () => {
  test('never keeps the card number or the CVC', () => {
    const actor = start();
    fill(actor);
    const document = toPersisted(actor.getSnapshot());
    expect(document?.inputs.payment.card).toEqual({ name: 'Tan Mei Ling', expMonth: '12', expYear: '2031' });
    const text = JSON.stringify(document);
    expect(text).not.toContain('4242');
    expect(text).not.toContain('"123"');
  });

  test('keeps the request’s key while the order is on its way, at review; nothing once placed', () => {
    const actor = start();
    fill(actor);
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.place', idempotencyKey: 'key-1' });
    expect(toPersisted(actor.getSnapshot())).toMatchObject({ step: 'review', idempotencyKey: 'key-1', bag: { owner: OWNER, country: 'SG', version: 7 } });
    // The order's answer, as the model sends it (the actor here never settles).
    actor.send({ type: 'xstate.done.actor.placeOrder', output: ORDER } as never);
    expect(actor.getSnapshot().status).toBe('done');
    expect(toPersisted(actor.getSnapshot())).toBeNull();
  });
});

describe('toPersisted: gift cards', () => {
  test('keeps their codes, never their PINs', () => {
    const actor = start();
    fill(actor);
    actor.send({ type: 'checkout.giftCard.add' });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'code', value: GIFT_CARD.code });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'pin', value: GIFT_CARD.pin });
    const document = toPersisted(actor.getSnapshot());
    expect(document?.inputs.giftCards).toEqual([{ code: GIFT_CARD.code }]);
    expect(JSON.stringify(document)).not.toContain(GIFT_CARD.pin);
  });
});

describe('restoreCheckout', () => {
  test('a document kept before gift cards (no `giftCards`) still restores, with none', () => {
    const { giftCards: _none, ...inputs } = persistedAt('payment').inputs;
    const older = { ...persistedAt('payment'), inputs };
    expect(restoreCheckout(JSON.stringify(older), current)).toEqual({ restored: persistedAt('payment') });
  });

  test('more gift cards than an order takes is no document of ours', () => {
    const inputs = { ...persistedAt('payment').inputs, giftCards: [{ code: 'A' }, { code: 'B' }, { code: 'C' }] };
    expect(restoreCheckout({ ...persistedAt('payment'), inputs }, current)).toEqual({ notice: 'unreadable' });
  });

  test('reads back what was kept, as text or as a value', () => {
    const document = persistedAt('payment', { idempotencyKey: 'key-1' });
    expect(restoreCheckout(JSON.stringify(document), current)).toEqual({ restored: document });
    expect(restoreCheckout(document, current)).toEqual({ restored: document });
  });

  test('nothing kept is a clean start without a notice', () => {
    expect(restoreCheckout(null, current)).toBeNull();
    expect(restoreCheckout('', current)).toBeNull();
  });

  test('another owner or country is another bag', () => {
    expect(restoreCheckout(persistedAt('review'), { ...current, owner: 'guest' })).toEqual({ notice: 'other_bag' });
    expect(restoreCheckout(persistedAt('review'), { ...current, country: 'MY' })).toEqual({ notice: 'other_bag' });
  });

  test('an older version is outdated; broken JSON or shape is unreadable', () => {
    expect(restoreCheckout({ ...persistedAt('review'), version: CHECKOUT_PERSIST_VERSION - 1 }, current)).toEqual({ notice: 'outdated' });
    expect(restoreCheckout('{"version":', current)).toEqual({ notice: 'unreadable' });
    expect(restoreCheckout({ ...persistedAt('review'), step: 'placing' }, current)).toEqual({ notice: 'unreadable' });
    expect(restoreCheckout([], current)).toEqual({ notice: 'unreadable' });
  });

  test('keeps the inputs of a bag that moved on, as a new request', () => {
    const result = restoreCheckout(persistedAt('review', { idempotencyKey: 'key-1' }), { ...current, bagVersion: 9 });
    expect(result).toEqual({ restored: { ...persistedAt('review'), bag: { owner: OWNER, country: 'SG', version: 9 }, idempotencyKey: null } });
  });
});

describe('checkout: restored', () => {
  const restored = (result: RestoreResult | null, input: Partial<CheckoutInput> = {}) => start({ ...input, restored: result });

  test('restores at the same step with the same inputs', () => {
    const before = start();
    fill(before);
    const document = toPersisted(before.getSnapshot());
    const actor = restored(restoreCheckout(JSON.stringify(document), current));
    expect(value(actor)).toEqual({ steps: 'payment' });
    const { inputs } = actor.getSnapshot().context;
    expect(inputs).toEqual({ ...before.getSnapshot().context.inputs, payment: { method: 'card', card: { ...GOOD_CARD, number: '', cvc: '' } } });
  });

  test('asks for the card number and CVC again at review', () => {
    const actor = restored({ restored: persistedAt('review', { idempotencyKey: 'key-1' }) });
    expect(value(actor)).toEqual({ steps: 'review' });
    expect(placeRefusal(actor.getSnapshot().context)).toEqual({ step: 'payment', reason: 'card_details_needed' });
    expect(actor.getSnapshot().can({ type: 'checkout.place', idempotencyKey: 'key-2' })).toBe(false);
  });

  test('resumes a BNPL order with the kept key', () => {
    const actor = restored({ restored: persistedAt('review', { idempotencyKey: 'key-1', inputs: { ...persistedAt('review').inputs, payment: { method: 'atome', card: null } } }) });
    actor.send({ type: 'checkout.place', idempotencyKey: 'key-2' });
    expect(value(actor)).toBe('placing');
    expect(actor.getSnapshot().context.idempotencyKey).toBe('key-1');
  });

  test('starts clean with a notice for another bag', () => {
    const actor = restored(restoreCheckout(persistedAt('review'), { ...current, owner: 'member:7' }));
    expect(value(actor)).toEqual({ steps: 'contact' });
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'other_bag', inputs: { email: 'mei@example.com', address: { line1: '' } } });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  test('asks for the gift cards’ PINs again at review', () => {
    const inputs = { ...persistedAt('review').inputs, payment: { method: 'atome' as const, card: null }, giftCards: [{ code: GIFT_CARD.code }] };
    const actor = restored({ restored: persistedAt('review', { inputs }) });
    expect(value(actor)).toEqual({ steps: 'review' });
    expect(actor.getSnapshot().context.inputs.giftCards).toEqual([{ code: GIFT_CARD.code, pin: '' }]);
    expect(placeRefusal(actor.getSnapshot().context)).toEqual({ step: 'payment', reason: 'gift_card_pin_needed' });
  });

  test('a bag become e-gift cards only resumes past the address, delivery and samples', () => {
    const atDelivery = restored({ restored: persistedAt('delivery') }, { bag: EMAIL_ONLY_BAG, options: EMAIL_ONLY_OPTIONS });
    expect(value(atDelivery)).toEqual({ steps: 'payment' });
    const atAddress = restored({ restored: { ...persistedAt('address'), inputs: { ...persistedAt('address').inputs, address: { ...persistedAt('address').inputs.address, postcode: '' } } } }, { bag: EMAIL_ONLY_BAG, options: EMAIL_ONLY_OPTIONS });
    expect(value(atAddress)).toEqual({ steps: 'payment' });
  });

  test('resumes at an earlier step that no longer passes', () => {
    const options = { ...CHECKOUT_OPTIONS, delivery: CHECKOUT_OPTIONS.delivery.filter((option) => option.method !== 'standard') };
    const actor = restored({ restored: persistedAt('payment') }, { options });
    expect(value(actor)).toEqual({ steps: 'delivery' });
  });

  test('restores from the event sent after the first render, but not once the shopper moved on', () => {
    const early = start();
    early.send({ type: 'checkout.restore', result: { restored: persistedAt('extras') } });
    expect(value(early)).toEqual({ steps: 'extras' });

    const late = start();
    late.send({ type: 'checkout.next' });
    late.send({ type: 'checkout.edit', step: 'contact' });
    late.send({ type: 'checkout.restore', result: { restored: persistedAt('extras') } });
    late.send({ type: 'checkout.restore', result: { notice: 'outdated' } });
    expect(value(late)).toEqual({ steps: 'contact' });
    expect(late.getSnapshot().context.notice).toBeNull();
  });
});
