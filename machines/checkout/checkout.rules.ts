import * as v from 'valibot';
import type { Cart } from '../../src/contract/cart.ts';
import { addressIssues, type AddressIssue } from '../../src/contract/address.ts';
import { AddressSchema, CardInputSchema, EmailSchema, type CheckoutOptions, type DeliveryMethod, type OrderCreate, type PaymentMethod } from '../../src/contract/checkout.ts';
import { GiftCardCredentialsSchema, GiftCardRedemptionsSchema, normalizeGiftCardCode } from '../../src/contract/gift-cards.ts';
import type { CountryCode } from '../../src/config/countries.ts';
import { GIFT_CARDS_PER_ORDER } from '../../src/config/gift-cards.ts';
import { waitsForBag, type BagFailureKind, type CheckoutFailure } from './checkout.failure.ts';
import {
  CHECKOUT_STEPS,
  EMPTY_ADDRESS,
  SECRET_CARD_FIELDS,
  stepIndex,
  type CardDraft,
  type CardField,
  type CheckoutInputs,
  type CheckoutStep,
  type GiftCardDraft,
  type GiftCardField,
} from './checkout.types.ts';

/*
 * Checkout's rules, read by the machine's guards and by its connect (so a disabled button says the
 * guard's reason, never a second copy of it). Formats come from the contract (EmailSchema,
 * CardInputSchema) and the country's address data (addressIssues), as the server checks them.
 */

/** What the rules read: the machine's context, or a restored document laid over it. */
export interface CheckoutFacts {
  country: CountryCode;
  bag: Cart;
  options: CheckoutOptions;
  inputs: CheckoutInputs;
  failure: CheckoutFailure | null;
}

/**
 * A bag of e-gift cards only is delivered by email (`options.emailOnly`, the server's answer): it
 * has no address or delivery step, and the order is sent with standard delivery and empty address
 * lines, which the server accepts for such a bag only.
 */
export const isEmailOnly = (facts: Pick<CheckoutFacts, 'options'>): boolean => facts.options.emailOnly;

const EMAIL_ONLY_SKIPS: readonly CheckoutStep[] = ['address', 'delivery'];

/** Whether this checkout has the step at all. */
export const stepApplies = (facts: Pick<CheckoutFacts, 'options'>, step: CheckoutStep): boolean => !(isEmailOnly(facts) && EMAIL_ONLY_SKIPS.includes(step));

/** The steps of this checkout, in order. */
export const checkoutSteps = (facts: Pick<CheckoutFacts, 'options'>): CheckoutStep[] => CHECKOUT_STEPS.filter((step) => stepApplies(facts, step));

/** The step `checkout.next` leads to from `step` (review has none). */
export function nextStep(facts: Pick<CheckoutFacts, 'options'>, step: CheckoutStep): CheckoutStep | null {
  return CHECKOUT_STEPS.slice(stepIndex(step) + 1).find((candidate) => stepApplies(facts, candidate)) ?? null;
}

export type EmailIssue = 'required' | 'invalid';

export function emailIssue(email: string): EmailIssue | null {
  if (email.trim() === '') return 'required';
  return v.is(EmailSchema, email) ? null : 'invalid';
}

/** Home delivery needs the street; click & collect only who collects (name and phone). */
export const needsStreet = (method: DeliveryMethod | null): boolean => method !== 'click_collect';

export function addressIssuesOf(facts: Pick<CheckoutFacts, 'country' | 'inputs'>): AddressIssue[] {
  return addressIssues(facts.country, facts.inputs.address, { street: needsStreet(facts.inputs.delivery.method) });
}

/** Why a delivery method cannot be chosen: this bag's options do not offer it. */
export type DeliveryMethodRefusal = 'delivery_unavailable';

export function deliveryMethodRefusal(options: CheckoutOptions, method: DeliveryMethod): DeliveryMethodRefusal | null {
  return options.delivery.some((option) => option.method === method) ? null : 'delivery_unavailable';
}

/** Why a payment method cannot be chosen: the options' reason (a BNPL provider's limits), or not offered at all. */
export type PaymentMethodRefusal = 'payment_unavailable' | 'below_minimum' | 'above_maximum';

export function paymentMethodRefusal(options: CheckoutOptions, method: PaymentMethod): PaymentMethodRefusal | null {
  const option = options.payment.find((candidate) => candidate.method === method);
  if (!option) return 'payment_unavailable';
  return option.available ? null : (option.reason ?? 'payment_unavailable');
}

export type CardIssueCode = 'required' | 'invalid' | 'expired';
export interface CardIssue {
  field: CardField;
  code: CardIssueCode;
}

/** The card as the contract reads it (numbers out of the month and year typed). */
const cardValue = (card: CardDraft) => ({ ...card, expMonth: Number(card.expMonth), expYear: Number(card.expYear) });

/**
 * What is wrong with the card as typed: empty fields, the contract's formats, and an expiry
 * before the options' date (the country's today), which the bank would decline anyway.
 */
export function cardIssues(card: CardDraft, today: string): CardIssue[] {
  const issues: CardIssue[] = [];
  const result = v.safeParse(CardInputSchema, cardValue(card));
  const invalid = new Set(result.success ? [] : result.issues.map((issue) => v.getDotPath(issue)));
  for (const field of ['number', 'cvc', 'expMonth', 'expYear'] as const) {
    if (card[field].trim() === '') issues.push({ field, code: 'required' });
    else if (invalid.has(field)) issues.push({ field, code: 'invalid' });
  }
  if (invalid.has('name')) issues.push({ field: 'name', code: 'invalid' });
  if (issues.length === 0) {
    const [year = 0, month = 0] = today.split('-').map(Number);
    const { expYear, expMonth } = cardValue(card);
    if (expYear < year || (expYear === year && expMonth < month)) issues.push({ field: 'expYear', code: 'expired' });
  }
  return issues;
}

export type GiftCardIssueCode = 'required' | 'invalid' | 'duplicate';
export interface GiftCardIssue {
  /** The card's position in `inputs.giftCards` (and in the order's `giftCards`). */
  index: number;
  field: GiftCardField;
  code: GiftCardIssueCode;
}

/**
 * What is wrong with the gift cards as typed: empty fields, the contract's formats (the code's
 * characters, the PIN's digits; `GiftCardCredentialsSchema`, as the server reads them) and the
 * same card twice, which the server refuses too.
 */
export function giftCardIssues(cards: readonly GiftCardDraft[]): GiftCardIssue[] {
  const issues: GiftCardIssue[] = [];
  const seen = new Set<string>();
  cards.forEach((card, index) => {
    const result = v.safeParse(GiftCardCredentialsSchema, card);
    const invalid = new Set(result.success ? [] : result.issues.map((issue) => v.getDotPath(issue)));
    for (const field of ['code', 'pin'] as const) {
      if (card[field].trim() === '') issues.push({ index, field, code: 'required' });
      else if (invalid.has(field)) issues.push({ index, field, code: 'invalid' });
    }
    const code = normalizeGiftCardCode(card.code);
    if (!invalid.has('code') && code !== '') {
      if (seen.has(code)) issues.push({ index, field: 'code', code: 'duplicate' });
      seen.add(code);
    }
  });
  return issues;
}

/** Gift cards pay for goods only, never for e-gift cards (the server's rule): a bag of e-gift cards only takes none. */
export const giftCardsAccepted = (facts: Pick<CheckoutFacts, 'options'>): boolean => !isEmailOnly(facts);

/** Why another gift card cannot be added: an order takes at most `GIFT_CARDS_PER_ORDER`, and e-gift cards are not bought with them. */
export type GiftCardAddRefusal = 'gift_card_limit' | 'gift_cards_not_accepted';

export function giftCardAddRefusal(facts: Pick<CheckoutFacts, 'options' | 'inputs'>): GiftCardAddRefusal | null {
  if (!giftCardsAccepted(facts)) return 'gift_cards_not_accepted';
  return facts.inputs.giftCards.length < GIFT_CARDS_PER_ORDER ? null : 'gift_card_limit';
}

/** Why `checkout.next` is refused at a step (and, at review, why the order cannot be placed). */
export type StepRefusal =
  | 'email_required'
  | 'email_invalid'
  | 'address_incomplete'
  | 'delivery_required'
  | DeliveryMethodRefusal
  | 'store_required'
  | 'bag_blocked'
  | 'payment_required'
  | PaymentMethodRefusal
  /** The card number or CVC is empty: never kept, so always after a restore. */
  | 'card_details_needed'
  | 'card_invalid'
  /** Only gift cards' PINs are missing: never kept, so always after a restore. */
  | 'gift_card_pin_needed'
  | 'gift_card_invalid';

/** Refusals a restore does not stop at: what is never kept is typed again before the order is placed. */
const SECRETS_NEEDED: readonly StepRefusal[] = ['card_details_needed', 'gift_card_pin_needed'];

function deliveryRefusal(facts: CheckoutFacts): StepRefusal | null {
  const { method, storeId } = facts.inputs.delivery;
  if (method === null) return 'delivery_required';
  const refusal = deliveryMethodRefusal(facts.options, method);
  if (refusal) return refusal;
  if (method === 'click_collect' && !facts.options.stores.some((store) => store.id === storeId)) return 'store_required';
  // Coming back to delivery after entering only who collects: home delivery needs the street too.
  return addressIssuesOf(facts).length > 0 ? 'address_incomplete' : null;
}

function giftCardsRefusal(cards: readonly GiftCardDraft[]): StepRefusal | null {
  const issues = giftCardIssues(cards);
  if (issues.length === 0) return null;
  // A card's code kept after a restore, its PIN to type again.
  const pinsOnly = issues.every((issue) => issue.field === 'pin' && issue.code === 'required' && cards[issue.index]?.code.trim() !== '');
  return pinsOnly ? 'gift_card_pin_needed' : 'gift_card_invalid';
}

/**
 * The payment: a method for what the gift cards leave (required even when they may pay it all: the
 * server alone knows their balances, and then charges nothing), and the gift cards as typed.
 */
function paymentRefusal(facts: CheckoutFacts): StepRefusal | null {
  const { method, card } = facts.inputs.payment;
  if (method === null) return 'payment_required';
  const refusal = paymentMethodRefusal(facts.options, method);
  if (refusal) return refusal;
  if (method === 'card') {
    if (SECRET_CARD_FIELDS.some((field) => card[field].trim() === '')) return 'card_details_needed';
    if (cardIssues(card, facts.options.date).length > 0) return 'card_invalid';
  }
  // Cards kept from before the bag became e-gift cards only are not sent (see `orderBody`).
  return giftCardsAccepted(facts) ? giftCardsRefusal(facts.inputs.giftCards) : null;
}

/** The guard of `checkout.next` at `step`: why the shopper cannot go on yet, or null. */
export function stepRefusal(facts: CheckoutFacts, step: CheckoutStep): StepRefusal | null {
  // A step this checkout does not have (address and delivery of e-gift cards only) asks nothing.
  if (!stepApplies(facts, step)) return null;
  switch (step) {
    case 'contact': {
      const issue = emailIssue(facts.inputs.email);
      return issue === null ? null : issue === 'required' ? 'email_required' : 'email_invalid';
    }
    case 'address':
      return addressIssuesOf(facts).length > 0 ? 'address_incomplete' : null;
    case 'delivery':
      return deliveryRefusal(facts);
    case 'extras':
      return facts.bag.checkout.allowed ? null : 'bag_blocked';
    case 'payment':
      return paymentRefusal(facts);
    case 'review':
      return null;
  }
}

/** Why the order cannot be placed: a step to fix, or a failure that waits for a newer bag (the bag must change first). */
export type PlaceRefusal = StepRefusal | BagFailureKind;

export function placeRefusal(facts: CheckoutFacts): { step: CheckoutStep; reason: PlaceRefusal } | null {
  if (waitsForBag(facts.failure)) return { step: 'review', reason: facts.failure.kind };
  for (const step of CHECKOUT_STEPS) {
    const reason = stepRefusal(facts, step);
    if (reason) return { step, reason };
  }
  return null;
}

/**
 * Where a restored checkout resumes: the step it was at, unless an earlier step no longer passes
 * (a method the options stopped offering): then that step. The card's number and CVC and the gift
 * cards' PINs are never kept, so their absence does not stop a resume: the review's place guard
 * asks for them. A step this checkout does not have (the bag became e-gift cards only) resumes at
 * the next one it has.
 */
export function resumeStep(facts: CheckoutFacts, wanted: CheckoutStep): CheckoutStep {
  for (const step of CHECKOUT_STEPS.slice(0, stepIndex(wanted))) {
    const reason = stepRefusal(facts, step);
    if (reason && !SECRETS_NEEDED.includes(reason)) return step;
  }
  return stepApplies(facts, wanted) ? wanted : (nextStep(facts, wanted) ?? 'review');
}

function deliveryOf(facts: CheckoutFacts): OrderCreate['delivery'] {
  // E-gift cards only: emailed, so standard with empty address lines (the server checks none).
  if (isEmailOnly(facts)) return { method: 'standard', storeId: null, address: EMPTY_ADDRESS };
  const { address, delivery } = facts.inputs;
  const method = delivery.method ?? 'standard';
  const sent = needsStreet(method) ? address : { ...EMPTY_ADDRESS, fullName: address.fullName, phone: address.phone };
  return { method, storeId: method === 'click_collect' ? delivery.storeId : null, address: v.parse(AddressSchema, sent) };
}

/**
 * The request of `POST checkout/orders`, from inputs the place guard passed (so the schemas'
 * parses cannot throw). Click & collect sends who collects only: the street lines are not asked.
 * Gift cards go in the order typed (the server spends them in that order); none (or a bag of
 * e-gift cards only, which they cannot pay): no `giftCards`.
 */
export function orderBody(facts: CheckoutFacts): OrderCreate {
  const { email, payment, giftCards } = facts.inputs;
  return {
    bagVersion: facts.bag.version,
    email: email.trim(),
    delivery: deliveryOf(facts),
    payment: payment.method === null || payment.method === 'card' ? { method: 'card', card: v.parse(CardInputSchema, cardValue(payment.card)) } : { method: payment.method },
    ...(giftCards.length === 0 || !giftCardsAccepted(facts) ? {} : { giftCards: v.parse(GiftCardRedemptionsSchema, giftCards) }),
  };
}
