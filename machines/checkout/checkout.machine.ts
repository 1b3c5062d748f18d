import { assign, enqueueActions, setup, type ErrorActorEvent } from 'xstate';
import * as v from 'valibot';
import type { Cart } from '../../src/contract/cart.ts';
import type { Address, CheckoutOptions, DeliveryMethod, GiftCardCheckResult, Order, PaymentMethod } from '../../src/contract/checkout.ts';
import { GiftCardRedemptionsSchema } from '../../src/contract/gift-cards.ts';
import type { CountryCode } from '../../src/config/countries.ts';
import { answerChallenge, checkGiftCards, placeOrder, type AnswerChallengeInput, type PlaceOrderInput } from './checkout.actors.ts';
import { checkoutFailureOf, failureStep, keepsKey, type CheckoutFailure, type FailureStep, waitsForBag } from './checkout.failure.ts';
import type { PersistedCheckout, RestoreNotice, RestoreResult } from './checkout.persist.ts';
import {
  deliveryMethodRefusal,
  giftCardAddRefusal,
  giftCardCheckRefusal,
  giftCardKey,
  nextStep,
  orderBody,
  paymentMethodRefusal,
  placeRefusal,
  resumeStep,
  stepApplies,
  stepRefusal,
  type GiftCardBalance,
} from './checkout.rules.ts';
import {
  CHECKOUT_STEPS,
  EMPTY_ADDRESS,
  EMPTY_CARD,
  EMPTY_GIFT_CARD,
  type CardField,
  type ChallengeRequired,
  type CheckoutInputs,
  type CheckoutStep,
  type GiftCardField,
} from './checkout.types.ts';

export type { AnswerChallengeInput, PlaceOrderInput };

export interface CheckoutInput {
  country: CountryCode;
  /** Whose bag this is (a member's id, or the guest's bag): a kept checkout of another owner is not restored. */
  owner: string;
  bag: Cart;
  options: CheckoutOptions;
  /** What `restoreCheckout` made of the kept document: resumed at start (or its notice shown). */
  restored?: RestoreResult | null;
}

export interface CheckoutContext {
  country: CountryCode;
  owner: string;
  bag: Cart;
  options: CheckoutOptions;
  inputs: CheckoutInputs;
  /** The shopper moved on from the first step (or a restore came): a late restore is ignored. */
  started: boolean;
  /** Sent with every attempt of the same request; dropped when the request must change. */
  idempotencyKey: string | null;
  challenge: { attempt: string; expiresAt: string; answer: string } | null;
  failure: CheckoutFailure | null;
  notice: RestoreNotice | null;
  order: Order | null;
  /** The input's restore, raised as `checkout.restore` once the machine has started. */
  restoring: RestoreResult | null;
  /** The gift cards' balances as last checked (by code and PIN): whether they pay the whole order. Never kept. */
  giftCardBalances: readonly GiftCardBalance[];
}

export type CheckoutEvent =
  | { type: 'checkout.email'; value: string }
  | { type: 'checkout.address.field'; field: keyof Address; value: string }
  /** A member's saved address (its index in the options' `savedAddresses`) replaces the form. */
  | { type: 'checkout.address.saved'; index: number }
  | { type: 'checkout.delivery.method'; method: DeliveryMethod }
  | { type: 'checkout.delivery.store'; storeId: string }
  | { type: 'checkout.payment.method'; method: PaymentMethod }
  | { type: 'checkout.card.field'; field: CardField; value: string }
  /** Another e-gift card to pay with (at most `GIFT_CARDS_PER_ORDER`), empty to type in. */
  | { type: 'checkout.giftCard.add' }
  | { type: 'checkout.giftCard.field'; index: number; field: GiftCardField; value: string }
  | { type: 'checkout.giftCard.remove'; index: number }
  /** Check the typed gift cards' balances with the server: whether they pay the whole order. */
  | { type: 'checkout.giftCards.check' }
  | { type: 'checkout.next' }
  /** Back to an earlier step; forward is `checkout.next` only. */
  | { type: 'checkout.edit'; step: CheckoutStep }
  /** The view's fresh key (`crypto.randomUUID()`); the machine keeps the first one until the request changes. */
  | { type: 'checkout.place'; idempotencyKey: string }
  | { type: 'checkout.challenge.answer'; value: string }
  | { type: 'checkout.challenge.submit' }
  /** The bag as read again (after `bag_changed`, or another tab's change), with its options when they were read too. */
  | { type: 'checkout.bag'; bag: Cart; options?: CheckoutOptions }
  /** A kept checkout read after the first render (storage is the browser's): resumes before the shopper moves on. */
  | { type: 'checkout.restore'; result: RestoreResult };

const sameInputs = (a: CheckoutInputs, b: CheckoutInputs) => JSON.stringify(a) === JSON.stringify(b);

/** New inputs; a different request needs a new key (a key reused for another body is refused). */
const changed = (context: CheckoutContext, inputs: CheckoutInputs): Partial<CheckoutContext> => (sameInputs(context.inputs, inputs) ? {} : { inputs, idempotencyKey: null });

function inputsOf(document: PersistedCheckout): CheckoutInputs {
  const { card, method } = document.inputs.payment;
  return { ...document.inputs, payment: { method, card: { ...EMPTY_CARD, ...card } }, giftCards: document.inputs.giftCards.map(({ code }) => ({ ...EMPTY_GIFT_CARD, code })) };
}

const failureOf = (context: CheckoutContext, error: unknown) => checkoutFailureOf(error, context.bag);
const editTargets = (steps: readonly CheckoutStep[], actions: 'clearFailure' | 'abandonChallenge') =>
  steps.map((step) => ({ guard: { type: 'editsTo', params: { step } } as const, target: `#checkout.steps.${step}`, actions }));
const onFailure = (during: 'placing' | 'verifying', steps: readonly FailureStep[]) =>
  steps.map((step) => ({
    guard: { type: 'failsAt', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error, during, step }) } as const,
    target: step === 'challenge' ? '#checkout.challenge' : `#checkout.steps.${step}`,
    actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error } as const,
  }));
const RESUMABLE = CHECKOUT_STEPS.slice(1);

/**
 * Checkout (issue 13): contact → address → delivery → extras → payment → review → placing, then
 * the bank's challenge when it asks for one, → placed; a bag of e-gift cards only goes from
 * contact to payment (no address, no delivery, no samples). Gift cards to pay with are typed at payment and
 * checked there (checkingGiftCards): when they pay the whole order no payment method is asked. `checkout.next` goes on only when the
 * step's rule passes (checkout.rules.ts, the connect says why not); `checkout.edit` goes back to
 * any earlier step. A failure keeps every input and lands where the shopper can fix it; the
 * idempotency key is kept for a retry of the same request and dropped when the request changes.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    tags: {} as 'step' | 'busy' | 'challenge' | 'placed',
  },
  actors: { placeOrder, answerChallenge, checkGiftCards },
  guards: {
    fresh: ({ context }) => !context.started,
    resumesAt: ({ context }, { result, step }: { result: RestoreResult; step: CheckoutStep }) =>
      !context.started && 'restored' in result && resumeStep({ ...context, inputs: inputsOf(result.restored) }, result.restored.step) === step,
    stepComplete: ({ context }, { step }: { step: CheckoutStep }) => stepRefusal(context, step) === null,
    /** The step passes and the next step of this checkout is `to` (e-gift cards only skip the address and delivery). */
    goesOnTo: ({ context }, { from, to }: { from: CheckoutStep; to: CheckoutStep }) => stepRefusal(context, from) === null && nextStep(context, from) === to,
    editsTo: ({ context, event }, { step }: { step: CheckoutStep }) => event.type === 'checkout.edit' && event.step === step && stepApplies(context, step),
    savedAddressKnown: ({ context }, index: number) => context.options.savedAddresses[index] !== undefined,
    deliveryOffered: ({ context }, method: DeliveryMethod) => deliveryMethodRefusal(context.options, method) === null,
    storeKnown: ({ context }, storeId: string) => context.options.stores.some((store) => store.id === storeId),
    paymentAvailable: ({ context }, method: PaymentMethod) => paymentMethodRefusal(context, method) === null,
    giftCardsCheckable: ({ context }) => giftCardCheckRefusal(context) === null,
    giftCardSlotFree: ({ context }) => giftCardAddRefusal(context) === null,
    giftCardKnown: ({ context }, index: number) => context.inputs.giftCards[index] !== undefined,
    canPlace: ({ context }, key: string) => (context.idempotencyKey !== null || key !== '') && placeRefusal(context) === null,
    challengeRequired: (_, output: Order | ChallengeRequired) => output.status === 'requires_challenge',
    failsAt: ({ context }, { error, during, step }: { error: unknown; during: 'placing' | 'verifying'; step: FailureStep }) => failureStep(failureOf(context, error), during) === step,
    answerGiven: ({ context }) => (context.challenge?.answer.trim() ?? '') !== '',
    newerBag: ({ context }, bag: Cart) => bag.country === context.bag.country && bag.version > context.bag.version,
  },
  actions: {
    raiseRestore: enqueueActions(({ context, enqueue }) => {
      if (context.restoring) enqueue.raise({ type: 'checkout.restore', result: context.restoring });
    }),
    restore: assign((_, result: RestoreResult) => {
      if ('notice' in result) return { notice: result.notice, started: true, restoring: null };
      return { inputs: inputsOf(result.restored), idempotencyKey: result.restored.idempotencyKey, started: true, restoring: null, notice: null };
    }),
    setEmail: assign(({ context }, value: string) => changed(context, { ...context.inputs, email: value })),
    setAddressField: assign(({ context }, { field, value }: { field: keyof Address; value: string }) => changed(context, { ...context.inputs, address: { ...context.inputs.address, [field]: value } })),
    useSavedAddress: assign(({ context }, index: number) => changed(context, { ...context.inputs, address: context.options.savedAddresses[index] ?? context.inputs.address })),
    setDelivery: assign(({ context }, method: DeliveryMethod) => changed(context, { ...context.inputs, delivery: { ...context.inputs.delivery, method } })),
    setStore: assign(({ context }, storeId: string) => changed(context, { ...context.inputs, delivery: { ...context.inputs.delivery, storeId } })),
    setPayment: assign(({ context }, method: PaymentMethod) => changed(context, { ...context.inputs, payment: { ...context.inputs.payment, method } })),
    setCardField: assign(({ context }, { field, value }: { field: CardField; value: string }) =>
      changed(context, { ...context.inputs, payment: { ...context.inputs.payment, card: { ...context.inputs.payment.card, [field]: value } } }),
    ),
    addGiftCard: assign(({ context }) => changed(context, { ...context.inputs, giftCards: [...context.inputs.giftCards, EMPTY_GIFT_CARD] })),
    setGiftCardField: assign(({ context }, { index, field, value }: { index: number; field: GiftCardField; value: string }) =>
      changed(context, { ...context.inputs, giftCards: context.inputs.giftCards.map((card, at) => (at === index ? { ...card, [field]: value } : card)) }),
    ),
    removeGiftCard: assign(({ context }, index: number) => changed(context, { ...context.inputs, giftCards: context.inputs.giftCards.filter((_, at) => at !== index) })),
    /** Moving on: the notice and a failure already shown are done with; one that waits for a newer bag stays. */
    advance: assign(({ context }) => ({ started: true, notice: null, failure: waitsForBag(context.failure) ? context.failure : null })),
    clearFailure: assign(({ context }) => ({ failure: waitsForBag(context.failure) ? context.failure : null })),
    takeBag: assign(({ context }, { bag, options }: { bag: Cart; options?: CheckoutOptions }) => ({
      bag,
      options: options ?? context.options,
      // The request names the bag's version: another bag is another request.
      idempotencyKey: null,
      failure: waitsForBag(context.failure) ? null : context.failure,
    })),
    takeKey: assign(({ context }, key: string) => ({ idempotencyKey: context.idempotencyKey ?? key, failure: null })),
    openChallenge: assign((_, challenge: ChallengeRequired) => ({ challenge: { attempt: challenge.attempt, expiresAt: challenge.expiresAt, answer: '' } })),
    typeAnswer: assign(({ context }, answer: string) => ({ challenge: context.challenge && { ...context.challenge, answer } })),
    /** The shopper left the challenge: that attempt is over, the next one is a new request. */
    abandonChallenge: assign({ challenge: null, idempotencyKey: null, failure: null }),
    fail: assign(({ context }, error: unknown) => {
      const failure = failureOf(context, error);
      const stays = failure.kind === 'network' && context.challenge !== null;
      return { failure, idempotencyKey: keepsKey(failure) ? context.idempotencyKey : null, challenge: stays ? context.challenge : null };
    }),
    complete: assign((_, order: Order) => ({ order, failure: null, idempotencyKey: null, challenge: null })),
    /** The balances answered, by the code and PIN each card was checked with (in the order typed). */
    takeBalances: assign(({ context }, result: GiftCardCheckResult) => {
      const checked = context.inputs.giftCards.map((card, index) => ({ key: giftCardKey(card), balanceMinor: Math.round((result.cards[index]?.balance.amount ?? 0) * 100) }));
      return { giftCardBalances: [...context.giftCardBalances.filter((kept) => !checked.some((card) => card.key === kept.key)), ...checked], failure: null };
    }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    country: input.country,
    owner: input.owner,
    bag: input.bag,
    options: input.options,
    inputs: { email: input.options.memberEmail ?? '', address: EMPTY_ADDRESS, delivery: { method: null, storeId: null }, payment: { method: null, card: EMPTY_CARD }, giftCards: [] },
    started: false,
    idempotencyKey: null,
    challenge: null,
    failure: null,
    notice: null,
    order: null,
    restoring: input.restored ?? null,
    giftCardBalances: [],
  }),
  entry: 'raiseRestore',
  initial: 'steps',
  states: {
    steps: {
      tags: ['step'],
      initial: 'contact',
      on: { 'checkout.bag': { guard: { type: 'newerBag', params: ({ event }) => event.bag }, actions: { type: 'takeBag', params: ({ event }) => event } } },
      states: {
        contact: {
          on: {
            'checkout.email': { actions: { type: 'setEmail', params: ({ event }) => event.value } },
            // A bag of e-gift cards only has no address, delivery or samples step.
            'checkout.next': [
              { guard: { type: 'goesOnTo', params: { from: 'contact', to: 'address' } }, target: 'address', actions: 'advance' },
              { guard: { type: 'goesOnTo', params: { from: 'contact', to: 'payment' } }, target: 'payment', actions: 'advance' },
            ],
            'checkout.restore': [
              ...RESUMABLE.map((step) => ({
                guard: { type: 'resumesAt', params: ({ event }: { event: { result: RestoreResult } }) => ({ result: event.result, step }) } as const,
                target: step,
                actions: { type: 'restore', params: ({ event }: { event: { result: RestoreResult } }) => event.result } as const,
              })),
              { guard: 'fresh', actions: { type: 'restore', params: ({ event }) => event.result } },
            ],
          },
        },
        address: {
          on: {
            'checkout.address.field': { actions: { type: 'setAddressField', params: ({ event }) => event } },
            'checkout.address.saved': { guard: { type: 'savedAddressKnown', params: ({ event }) => event.index }, actions: { type: 'useSavedAddress', params: ({ event }) => event.index } },
            'checkout.next': { guard: { type: 'stepComplete', params: { step: 'address' } }, target: 'delivery', actions: 'advance' },
            'checkout.edit': editTargets(['contact'], 'clearFailure'),
          },
        },
        delivery: {
          on: {
            'checkout.delivery.method': { guard: { type: 'deliveryOffered', params: ({ event }) => event.method }, actions: { type: 'setDelivery', params: ({ event }) => event.method } },
            'checkout.delivery.store': { guard: { type: 'storeKnown', params: ({ event }) => event.storeId }, actions: { type: 'setStore', params: ({ event }) => event.storeId } },
            'checkout.next': { guard: { type: 'stepComplete', params: { step: 'delivery' } }, target: 'extras', actions: 'advance' },
            'checkout.edit': editTargets(['contact', 'address'], 'clearFailure'),
          },
        },
        extras: {
          on: {
            'checkout.next': { guard: { type: 'stepComplete', params: { step: 'extras' } }, target: 'payment', actions: 'advance' },
            'checkout.edit': editTargets(['contact', 'address', 'delivery'], 'clearFailure'),
          },
        },
        payment: {
          on: {
            'checkout.payment.method': { guard: { type: 'paymentAvailable', params: ({ event }) => event.method }, actions: { type: 'setPayment', params: ({ event }) => event.method } },
            'checkout.card.field': { actions: { type: 'setCardField', params: ({ event }) => event } },
            'checkout.giftCard.add': { guard: 'giftCardSlotFree', actions: 'addGiftCard' },
            'checkout.giftCard.field': { guard: { type: 'giftCardKnown', params: ({ event }) => event.index }, actions: { type: 'setGiftCardField', params: ({ event }) => event } },
            'checkout.giftCard.remove': { guard: { type: 'giftCardKnown', params: ({ event }) => event.index }, actions: { type: 'removeGiftCard', params: ({ event }) => event.index } },
            'checkout.giftCards.check': { guard: 'giftCardsCheckable', target: '#checkout.checkingGiftCards', actions: 'clearFailure' },
            'checkout.next': { guard: { type: 'stepComplete', params: { step: 'payment' } }, target: 'review', actions: 'advance' },
            'checkout.edit': editTargets(['contact', 'address', 'delivery', 'extras'], 'clearFailure'),
          },
        },
        review: {
          on: {
            'checkout.place': { guard: { type: 'canPlace', params: ({ event }) => event.idempotencyKey }, target: '#checkout.placing', actions: { type: 'takeKey', params: ({ event }) => event.idempotencyKey } },
            'checkout.edit': editTargets(['contact', 'address', 'delivery', 'extras', 'payment'], 'clearFailure'),
          },
        },
      },
    },
    // The payment step, asking the server what is on the typed gift cards; a refusal names the card, back at payment with every input kept.
    checkingGiftCards: {
      tags: ['busy'],
      invoke: {
        id: 'checkGiftCards',
        src: 'checkGiftCards',
        // The guard passed the cards as typed (`giftCardIssues`), so the schema's parse cannot throw.
        input: ({ context }) => ({ giftCards: v.parse(GiftCardRedemptionsSchema, context.inputs.giftCards) }),
        onDone: { target: '#checkout.steps.payment', actions: { type: 'takeBalances', params: ({ event }) => event.output } },
        onError: { target: '#checkout.steps.payment', actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    placing: {
      tags: ['busy'],
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }): PlaceOrderInput => ({ body: orderBody(context), idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: [
          { guard: { type: 'challengeRequired', params: ({ event }) => event.output }, target: 'challenge', actions: { type: 'openChallenge', params: ({ event }) => event.output as ChallengeRequired } },
          { target: 'placed', actions: { type: 'complete', params: ({ event }) => event.output as Order } },
        ],
        onError: onFailure('placing', ['payment', 'delivery', 'review']),
      },
    },
    challenge: {
      tags: ['challenge'],
      on: {
        'checkout.challenge.answer': { actions: { type: 'typeAnswer', params: ({ event }) => event.value } },
        'checkout.challenge.submit': { guard: 'answerGiven', target: 'verifying', actions: 'clearFailure' },
        'checkout.edit': editTargets(CHECKOUT_STEPS, 'abandonChallenge'),
      },
    },
    verifying: {
      tags: ['busy', 'challenge'],
      invoke: {
        id: 'answerChallenge',
        src: 'answerChallenge',
        input: ({ context }): AnswerChallengeInput => ({ attempt: context.challenge?.attempt ?? '', answer: context.challenge?.answer.trim() ?? '' }),
        onDone: { target: 'placed', actions: { type: 'complete', params: ({ event }) => event.output } },
        onError: onFailure('verifying', ['challenge', 'payment', 'delivery', 'review']),
      },
    },
    placed: { type: 'final', tags: ['placed'] },
  },
});

