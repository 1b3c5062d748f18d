import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { AddressIssue } from '../../src/contract/address.ts';
import type { Cart } from '../../src/contract/cart.ts';
import type { Address, CheckoutOptions, DeliveryMethod, Order, PaymentMethod } from '../../src/contract/checkout.ts';
import type { Money } from '../../src/contract/site.ts';
import { stateKey } from '../shared/state-key.ts';
import type { CheckoutFailure } from './checkout.failure.ts';
import type { checkoutMachine } from './checkout.machine.ts';
import type { RestoreNotice, RestoreResult } from './checkout.persist.ts';
import { COUNTRIES } from '../../src/config/countries.ts';
import {
  addressIssuesOf,
  amountDueMinor,
  cardIssues,
  deliveryFeeMinor,
  giftCardCheckRefusal,
  giftCardCoverMinor,
  giftCardsPayAll,
  instalmentsDue,
  orderTotalMinor,
  emailIssue,
  giftCardAddRefusal,
  giftCardIssues,
  giftCardsAccepted,
  isEmailOnly,
  needsStreet,
  paymentMethodRefusal,
  placeRefusal,
  stepApplies,
  stepRefusal,
  type CardIssue,
  type EmailIssue,
  type GiftCardAddRefusal,
  type GiftCardCheckRefusal,
  type GiftCardIssueCode,
  type PaymentMethodRefusal,
  type PlaceRefusal,
  type StepRefusal,
} from './checkout.rules.ts';
import { CHECKOUT_STEPS, stepIndex, type CardDraft, type CardField, type CheckoutInputs, type CheckoutStep, type GiftCardField } from './checkout.types.ts';
import type { GiftCardFailureReason } from './checkout.failure.ts';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;
type Send = (event: EventFromLogic<typeof checkoutMachine>) => void;

/** `data-state` of the checkout screen. */
export type CheckoutStatus = 'editing' | 'placing' | 'challenge' | 'verifying' | 'placed';

export interface StepView {
  step: CheckoutStep;
  state: 'done' | 'current' | 'upcoming';
  /** An earlier step the shopper may go back to (not while the order is on its way). */
  canEdit: boolean;
  edit(): void;
}

export interface DeliveryChoice {
  method: DeliveryMethod;
  fee: Money;
  free: boolean;
  days: string;
  selected: boolean;
  select(): void;
}

export interface PaymentChoice {
  method: PaymentMethod;
  selected: boolean;
  /** The options' reason a BNPL method cannot take this bag (with its limits), or null. */
  disabledReason: PaymentMethodRefusal | null;
  minimum: Money | null;
  maximum: Money | null;
  /** A BNPL method's instalments for what is due (`instalmentPlans` of the order's total after delivery and gift cards). */
  instalments: { count: number; amount: Money } | null;
  select(): void;
}

/** A gift card to pay with, as typed, with what is wrong with it (the rules' issues, the server's refusal). */
export interface GiftCardEntryView {
  index: number;
  code: string;
  pin: string;
  issues: Readonly<Partial<Record<GiftCardField, GiftCardIssueCode>>>;
  /** The server refused this card at the last attempt (until the shopper moves on or places again). */
  refused: GiftCardFailureReason | null;
  setField(field: GiftCardField, value: string): void;
  remove(): void;
}

export interface CheckoutApi {
  state: string;
  status: CheckoutStatus;
  /** The step shown (review while the order is on its way or challenged); null once placed. */
  step: CheckoutStep | null;
  busy: boolean;
  /** A bag of e-gift cards only: delivered by email, without the address and delivery steps. */
  emailOnly: boolean;
  /** This checkout's steps (e-gift cards only: no address, no delivery). */
  steps: StepView[];
  bag: Cart;
  inputs: CheckoutInputs;
  contact: { email: string; issue: EmailIssue | null; fromAccount: boolean };
  address: {
    values: Address;
    issues: AddressIssue[];
    /** Click & collect asks only who collects: the street fields are hidden. */
    street: boolean;
    saved: { index: number; address: Address; select(): void }[];
  };
  delivery: {
    choices: DeliveryChoice[];
    stores: (CheckoutOptions['stores'][number] & { selected: boolean; select(): void })[];
    storeRequired: boolean;
  };
  payment: {
    choices: PaymentChoice[];
    showsCard: boolean;
    card: CardDraft;
    cardIssues: CardIssue[];
    /**
     * E-gift cards that pay first; what each paid is the order's to say (`Order.giftCardPayments`).
     * Not offered for a bag of e-gift cards only (`accepted` false: they never pay for one).
     */
    giftCards: {
      accepted: boolean;
      entries: GiftCardEntryView[];
      addDisabledReason: GiftCardAddRefusal | null;
      add(): void;
      /** Why the typed cards cannot be checked now (the guard's); `gift_cards_checked`: their balances are known. */
      checkDisabledReason: GiftCardCheckRefusal | null;
      /** Being checked with the server now. */
      checking: boolean;
      check(): void;
      /** The checked cards pay the whole order: no payment method is asked, nothing is charged. */
      payAll: boolean;
    };
  };
  /**
   * The order's figures as the review shows them: the bag's total with the chosen delivery's fee,
   * what the checked gift cards pay, and what is left to pay with the method (the server prices the
   * order again).
   */
  totals: { shipping: Money | null; total: Money; giftCards: Money | null; due: Money };
  /** Why Continue is disabled at this step (null at review: see `placeDisabledReason`). */
  nextDisabledReason: StepRefusal | null;
  /** Why Place order is disabled, and the step that fixes it. */
  placeDisabledReason: PlaceRefusal | null;
  placeFixStep: CheckoutStep | null;
  failure: CheckoutFailure | null;
  notice: RestoreNotice | null;
  challenge: { answer: string; expiresAt: string; submitDisabledReason: 'answer_required' | null } | null;
  order: Order | null;
  setEmail(value: string): void;
  setAddressField(field: keyof Address, value: string): void;
  useSavedAddress(index: number): void;
  chooseDelivery(method: DeliveryMethod): void;
  chooseStore(storeId: string): void;
  choosePayment(method: PaymentMethod): void;
  setCardField(field: CardField, value: string): void;
  addGiftCard(): void;
  setGiftCardField(index: number, field: GiftCardField, value: string): void;
  removeGiftCard(index: number): void;
  next(): void;
  edit(step: CheckoutStep): void;
  /** Place (and retry) with a fresh key; a retry of the same request sends the key kept. */
  place(idempotencyKey: string): void;
  setChallengeAnswer(value: string): void;
  submitChallenge(): void;
  /** The bag as read again (after `bag_changed`), with its options if they were read too. */
  takeBag(bag: Cart, options?: CheckoutOptions): void;
  /** What `restoreCheckout` made of the kept document, read after hydration (storage is the browser's). */
  restore(result: RestoreResult): void;
}

function totalsOf(context: Snapshot['context']): CheckoutApi['totals'] {
  const { options, inputs, country } = context;
  // Emailed: nothing is delivered, so no shipping line.
  const chosen = options.emailOnly ? null : (options.delivery.find((option) => option.method === inputs.delivery.method) ?? null);
  const money = (minor: number): Money => ({ currency: COUNTRIES[country].currency, amount: minor / 100 });
  const cover = giftCardCoverMinor(context);
  return {
    shipping: chosen ? money(deliveryFeeMinor(context)) : null,
    total: money(orderTotalMinor(context)),
    giftCards: cover > 0 ? money(cover) : null,
    due: money(amountDueMinor(context)),
  };
}

function statusOf(snapshot: Snapshot): CheckoutStatus {
  if (snapshot.hasTag('placed')) return 'placed';
  if (snapshot.matches('placing')) return 'placing';
  if (snapshot.matches('verifying')) return 'verifying';
  if (snapshot.matches('challenge')) return 'challenge';
  return 'editing';
}

export function checkoutConnect(snapshot: Snapshot, send: Send): CheckoutApi {
  const { context } = snapshot;
  const { inputs, options, bag } = context;
  const status = statusOf(snapshot);
  // Checking the gift cards is part of the payment step.
  const step = status === 'placed' ? null : snapshot.matches('checkingGiftCards') ? 'payment' : (CHECKOUT_STEPS.find((candidate) => snapshot.matches({ steps: candidate })) ?? 'review');
  const place = status === 'editing' ? placeRefusal(context) : null;
  const plans = instalmentsDue(context);
  const currency = COUNTRIES[context.country].currency;
  const bnplOf = (method: PaymentMethod) => plans.find((plan) => plan.provider === method) ?? null;
  const cardIssuesOf = giftCardIssues(inputs.giftCards);
  const refusedCard = context.failure?.kind === 'gift_card' ? context.failure : null;
  return {
    state: stateKey(snapshot.value),
    status,
    step,
    busy: snapshot.hasTag('busy'),
    emailOnly: isEmailOnly(context),
    // The step shown stays listed even if the bag became e-gift cards only meanwhile.
    steps: CHECKOUT_STEPS.filter((candidate) => stepApplies(context, candidate) || candidate === step).map((candidate) => ({
      step: candidate,
      state: step === null || stepIndex(candidate) < stepIndex(step) ? 'done' : candidate === step ? 'current' : 'upcoming',
      canEdit: snapshot.can({ type: 'checkout.edit', step: candidate }),
      edit: () => send({ type: 'checkout.edit', step: candidate }),
    })),
    bag,
    inputs,
    contact: { email: inputs.email, issue: emailIssue(inputs.email), fromAccount: options.memberEmail !== null && inputs.email === options.memberEmail },
    address: {
      values: inputs.address,
      issues: addressIssuesOf(context),
      street: needsStreet(inputs.delivery.method),
      saved: options.savedAddresses.map((address, index) => ({ index, address, select: () => send({ type: 'checkout.address.saved', index }) })),
    },
    delivery: {
      choices: options.delivery.map((option) => ({ ...option, selected: inputs.delivery.method === option.method, select: () => send({ type: 'checkout.delivery.method', method: option.method }) })),
      stores: options.stores.map((store) => ({ ...store, selected: inputs.delivery.storeId === store.id, select: () => send({ type: 'checkout.delivery.store', storeId: store.id }) })),
      storeRequired: inputs.delivery.method === 'click_collect',
    },
    payment: {
      choices: options.payment.map((option) => {
        const offer = bnplOf(option.method);
        return {
          method: option.method,
          selected: inputs.payment.method === option.method,
          disabledReason: paymentMethodRefusal(context, option.method),
          minimum: option.minimum,
          maximum: option.maximum,
          instalments: offer ? { count: offer.instalments, amount: { currency, amount: offer.instalmentMinor / 100 } } : null,
          select: () => send({ type: 'checkout.payment.method', method: option.method }),
        };
      }),
      showsCard: inputs.payment.method === 'card',
      card: inputs.payment.card,
      cardIssues: cardIssues(inputs.payment.card, options.date),
      giftCards: {
        accepted: giftCardsAccepted(context),
        entries: (giftCardsAccepted(context) ? inputs.giftCards : []).map((card, index) => ({
          index,
          code: card.code,
          pin: card.pin,
          issues: Object.fromEntries(cardIssuesOf.filter((issue) => issue.index === index).map((issue) => [issue.field, issue.code])),
          refused: refusedCard !== null && (refusedCard.index === index || refusedCard.index === null) ? refusedCard.reason : null,
          setField: (field, value) => send({ type: 'checkout.giftCard.field', index, field, value }),
          remove: () => send({ type: 'checkout.giftCard.remove', index }),
        })),
        addDisabledReason: giftCardAddRefusal(context),
        add: () => send({ type: 'checkout.giftCard.add' }),
        checkDisabledReason: giftCardCheckRefusal(context),
        checking: snapshot.matches('checkingGiftCards'),
        check: () => send({ type: 'checkout.giftCards.check' }),
        payAll: giftCardsPayAll(context),
      },
    },
    totals: totalsOf(context),
    nextDisabledReason: status === 'editing' && step !== null && step !== 'review' ? stepRefusal(context, step) : null,
    placeDisabledReason: place?.reason ?? null,
    placeFixStep: place?.step ?? null,
    failure: context.failure,
    notice: context.notice,
    challenge: context.challenge && { answer: context.challenge.answer, expiresAt: context.challenge.expiresAt, submitDisabledReason: context.challenge.answer.trim() === '' ? 'answer_required' : null },
    order: context.order,
    setEmail: (value) => send({ type: 'checkout.email', value }),
    setAddressField: (field, value) => send({ type: 'checkout.address.field', field, value }),
    useSavedAddress: (index) => send({ type: 'checkout.address.saved', index }),
    chooseDelivery: (method) => send({ type: 'checkout.delivery.method', method }),
    chooseStore: (storeId) => send({ type: 'checkout.delivery.store', storeId }),
    choosePayment: (method) => send({ type: 'checkout.payment.method', method }),
    setCardField: (field, value) => send({ type: 'checkout.card.field', field, value }),
    addGiftCard: () => send({ type: 'checkout.giftCard.add' }),
    setGiftCardField: (index, field, value) => send({ type: 'checkout.giftCard.field', index, field, value }),
    removeGiftCard: (index) => send({ type: 'checkout.giftCard.remove', index }),
    next: () => send({ type: 'checkout.next' }),
    edit: (target) => send({ type: 'checkout.edit', step: target }),
    place: (idempotencyKey) => send({ type: 'checkout.place', idempotencyKey }),
    setChallengeAnswer: (value) => send({ type: 'checkout.challenge.answer', value }),
    submitChallenge: () => send({ type: 'checkout.challenge.submit' }),
    takeBag: (nextBag, nextOptions) => send(nextOptions ? { type: 'checkout.bag', bag: nextBag, options: nextOptions } : { type: 'checkout.bag', bag: nextBag }),
    restore: (result) => send({ type: 'checkout.restore', result }),
  };
}
