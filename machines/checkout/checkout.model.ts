import { msg } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
import { defineModel, type ModelEvent } from '../model/types.ts';
import {
  BAG_CHANGED,
  CHALLENGE,
  CHALLENGE_FAILED,
  CHALLENGE_GONE,
  CHECKOUT_INPUT,
  DECLINED,
  DELIVERY_UNAVAILABLE,
  EMAIL_ONLY_BAG,
  EMAIL_ONLY_OPTIONS,
  GIFT_CARD,
  GIFT_CARD_BALANCE_CHANGED,
  GIFT_CARD_NOT_FOUND,
  GIFT_CARD_PAYS_ALL,
  GIFT_CARD_PAYS_PART,
  GOOD_CARD,
  MEMBER_EMAIL,
  NETWORK,
  NEWER_BAG,
  ORDER,
  persistedAt,
  SOLD_OUT,
} from './checkout.fixtures.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { placeRefusal, stepRefusal } from './checkout.rules.ts';
import { CARD_FIELDS, CHECKOUT_STEPS, stepIndex, type CheckoutStep } from './checkout.types.ts';

type CheckoutModelEvent = ModelEvent<typeof checkoutMachine>;

const edits = (steps: readonly CheckoutStep[]): CheckoutModelEvent[] => steps.map((step) => ({ type: 'checkout.edit', step }));

/** A kept checkout read after the first render: at each step, and one of another shopper's bag. */
const RESTORES: CheckoutModelEvent[] = [
  ...CHECKOUT_STEPS.map((step): CheckoutModelEvent => ({ type: 'checkout.restore', result: { restored: persistedAt(step) } })),
  { type: 'checkout.restore', result: { notice: 'other_bag' } },
];

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

/**
 * A bag of e-gift cards only (another tab's change before the shopper started): contact, payment,
 * review, placed. Only the way through is explored there; every other transition is the
 * goods bag's.
 */
function emailOnlyEvents(step: CheckoutStep): CheckoutModelEvent[] {
  const next: CheckoutModelEvent = { type: 'checkout.next' };
  switch (step) {
    case 'payment':
      return [{ type: 'checkout.payment.method', method: 'atome' }, next];
    case 'review':
      return [{ type: 'checkout.place', idempotencyKey: 'key-1' }];
    default:
      return [next];
  }
}

/**
 * Gift cards at payment, with Atome for the rest: one card typed field by field, then removed, or
 * checked with the server (it may pay the whole order: then no method is asked).
 */
function giftCardEvents({ context }: Snapshot): CheckoutModelEvent[] {
  const [card] = context.inputs.giftCards;
  if (context.inputs.payment.method !== 'atome') return [];
  if (!card) return [{ type: 'checkout.giftCard.add' }];
  if (card.code === '') return [{ type: 'checkout.giftCard.field', index: 0, field: 'code', value: GIFT_CARD.code }];
  if (card.pin === '') return [{ type: 'checkout.giftCard.field', index: 0, field: 'pin', value: GIFT_CARD.pin }];
  // Checked once (its answer decides whether a method is needed at all), so the paths stay few.
  const check: CheckoutModelEvent[] = context.giftCardBalances.length === 0 ? [{ type: 'checkout.giftCards.check' }] : [];
  return [{ type: 'checkout.giftCard.remove', index: 0 }, ...check];
}

function stepEvents(step: CheckoutStep, snapshot: Snapshot): CheckoutModelEvent[] {
  const { context } = snapshot;
  if (context.options.emailOnly) return emailOnlyEvents(step);
  // Going back is tried from a step at rest; after a failure, only what resolves it (so the
  // paths stay few: the failure's own transitions are all that is new there).
  const atRest = context.failure === null && context.idempotencyKey === null && context.notice === null;
  const back = atRest ? edits(CHECKOUT_STEPS.slice(0, stepIndex(step))) : [];
  const next: CheckoutModelEvent = { type: 'checkout.next' };
  switch (step) {
    case 'contact':
      return [
        { type: 'checkout.email', value: '' },
        { type: 'checkout.email', value: MEMBER_EMAIL },
        next,
        ...(context.started ? [] : [...RESTORES, { type: 'checkout.bag', bag: EMAIL_ONLY_BAG, options: EMAIL_ONLY_OPTIONS } as const]),
      ];
    case 'address':
      return [{ type: 'checkout.address.field', field: 'line1', value: '' }, { type: 'checkout.address.saved', index: 0 }, next, ...back];
    case 'delivery':
      if (!atRest) return [{ type: 'checkout.delivery.method', method: 'standard' }, next];
      return [
        { type: 'checkout.delivery.method', method: 'standard' },
        { type: 'checkout.delivery.method', method: 'click_collect' },
        { type: 'checkout.delivery.store', storeId: 'sg-ion-orchard' },
        next,
        ...back,
      ];
    case 'extras':
      return [next, ...back];
    case 'payment': {
      if (!atRest) return [next];
      // A gift card is typed with Atome for the rest; the card form and going back are tried without one.
      if (context.inputs.giftCards.length > 0) return [...giftCardEvents(snapshot), next];
      // The card is typed one field after the other: how far it is filled is part of the state.
      const empty = CARD_FIELDS.find((field) => context.inputs.payment.card[field] === '');
      return [
        { type: 'checkout.payment.method', method: 'atome' },
        { type: 'checkout.payment.method', method: 'card' },
        ...(empty ? [{ type: 'checkout.card.field', field: empty, value: GOOD_CARD[empty] } as const] : []),
        ...giftCardEvents(snapshot),
        next,
        ...back,
      ];
    }
    case 'review':
      return [{ type: 'checkout.place', idempotencyKey: 'key-1' }, { type: 'checkout.bag', bag: NEWER_BAG }, ...back];
  }
}

const stepOf = (snapshot: Snapshot) => CHECKOUT_STEPS.find((candidate) => snapshot.matches({ steps: candidate }));

// What can happen next depends on the state, on why the step (or the order) is refused, on the
// key and the failure kept, on the notice, and at payment on how much of the card is typed: not
// on the values typed themselves.
function serialize(snapshot: Snapshot): string {
  const { context } = snapshot;
  const step = stepOf(snapshot);
  return JSON.stringify([
    snapshot.value,
    step === undefined ? null : step === 'review' ? (placeRefusal(context)?.reason ?? null) : stepRefusal(context, step),
    step === 'payment'
      ? [
          context.inputs.payment.method,
          CARD_FIELDS.filter((field) => context.inputs.payment.card[field] !== '').length,
          context.inputs.giftCards.map((card) => [card.code !== '', card.pin !== '']),
          context.giftCardBalances.map((balance) => balance.balanceMinor),
        ]
      : null,
    context.options.emailOnly,
    step === 'contact' && context.started,
    context.idempotencyKey !== null,
    context.failure?.kind ?? null,
    context.notice,
    (context.challenge?.answer ?? '') !== '',
  ]);
}

/**
 * A member's Singapore bag from contact to placed, with every failure the order can meet (a
 * declined card, a sold-out line, a changed bag, a gift card refused, no answer, the bank's
 * challenge failed or gone), a gift card typed at payment and checked (paying the whole order, so no
 * method is asked, or part of it), a kept checkout restored at each step, and the same bag become
 * e-gift cards only (no address, no delivery, no samples).
 */
export const checkoutModel = defineModel({
  id: 'checkout',
  title: msg`Checkout`,
  description: msg`Contact, address, delivery, extras, payment and review, each step going on only when its rule passes (a bag of e-gift cards only has no address, delivery or samples step); gift cards to pay with at payment, checked with the store: when they pay the whole order no payment method is asked; placing the order with one idempotency key per request, the bank's challenge, and failures that keep every input: a declined card or a refused gift card back at payment, a sold-out line or a changed bag at review, a retry after no answer with the same key; a kept checkout resumed at its step.`,
  machine: checkoutMachine,
  input: CHECKOUT_INPUT,
  events: (snapshot): CheckoutModelEvent[] => {
    if (snapshot.matches('placing')) {
      if (snapshot.context.options.emailOnly) return [{ type: 'xstate.done.actor.placeOrder', output: ORDER }];
      return [
        { type: 'xstate.done.actor.placeOrder', output: ORDER },
        { type: 'xstate.done.actor.placeOrder', output: CHALLENGE },
        { type: 'xstate.error.actor.placeOrder', error: DECLINED },
        { type: 'xstate.error.actor.placeOrder', error: DELIVERY_UNAVAILABLE },
        { type: 'xstate.error.actor.placeOrder', error: SOLD_OUT },
        { type: 'xstate.error.actor.placeOrder', error: BAG_CHANGED },
        { type: 'xstate.error.actor.placeOrder', error: GIFT_CARD_NOT_FOUND },
        { type: 'xstate.error.actor.placeOrder', error: GIFT_CARD_BALANCE_CHANGED },
        { type: 'xstate.error.actor.placeOrder', error: NETWORK },
      ];
    }
    if (snapshot.matches('checkingGiftCards')) {
      return [
        { type: 'xstate.done.actor.checkGiftCards', output: GIFT_CARD_PAYS_ALL },
        { type: 'xstate.done.actor.checkGiftCards', output: GIFT_CARD_PAYS_PART },
        { type: 'xstate.error.actor.checkGiftCards', error: GIFT_CARD_NOT_FOUND },
        { type: 'xstate.error.actor.checkGiftCards', error: NETWORK },
      ];
    }
    if (snapshot.matches('verifying')) {
      return [
        { type: 'xstate.done.actor.answerChallenge', output: ORDER },
        { type: 'xstate.error.actor.answerChallenge', error: NETWORK },
        { type: 'xstate.error.actor.answerChallenge', error: CHALLENGE_FAILED },
        { type: 'xstate.error.actor.answerChallenge', error: DELIVERY_UNAVAILABLE },
        { type: 'xstate.error.actor.answerChallenge', error: CHALLENGE_GONE },
      ];
    }
    if (snapshot.matches('challenge')) {
      return [{ type: 'checkout.challenge.answer', value: '123456' }, { type: 'checkout.challenge.submit' }, ...edits(CHECKOUT_STEPS)];
    }
    const step = stepOf(snapshot);
    return step ? stepEvents(step, snapshot) : [];
  },
  serializeState: serialize,
});
