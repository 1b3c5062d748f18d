import * as v from 'valibot';
import type { Cart } from '../../src/contract/cart.ts';
import { addressIssues, type AddressIssue } from '../../src/contract/address.ts';
import { AddressSchema, CardInputSchema, EmailSchema, type CheckoutOptions, type DeliveryMethod, type OrderCreate, type PaymentMethod } from '../../src/contract/checkout.ts';
import { GiftCardCredentialsSchema, GiftCardRedemptionsSchema, normalizeGiftCardCode } from '../../src/contract/gift-cards.ts';
import { instalmentPlans, type InstalmentPlan } from '../../src/config/instalments.ts';
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

/** A gift card's balance as `checkout/gift-cards` answered it, for the code and PIN checked. */
export interface GiftCardBalance {
  /** `giftCardKey` of the card checked: a card typed differently since is not counted. */
  key: string;
  balanceMinor: number;
}

/** What the rules read: the machine's context, or a restored document laid over it. */
export interface CheckoutFacts {
  country: CountryCode;
  bag: Cart;
  options: CheckoutOptions;
  inputs: CheckoutInputs;
  failure: CheckoutFailure | null;
  /** The gift cards' balances the server answered (none until checked; never kept). */
  giftCardBalances: readonly GiftCardBalance[];
}

const minorOf = (money: { amount: number }): number => Math.round(money.amount * 100);

/** A gift card as checked: its code (as the server reads it) and PIN. */
export const giftCardKey = (card: GiftCardDraft): string => `${normalizeGiftCardCode(card.code)}:${card.pin.trim()}`;

/** The chosen delivery's fee (none before a choice, and none for e-gift cards only: emailed). */
export function deliveryFeeMinor(facts: Pick<CheckoutFacts, 'options' | 'inputs'>): number {
  if (isEmailOnly(facts)) return 0;
  const fee = facts.options.delivery.find((option) => option.method === facts.inputs.delivery.method)?.fee;
  return fee ? minorOf(fee) : 0;
}

/** What the order costs: the bag's total (goods after discount, e-gift cards) and the delivery fee. */
export const orderTotalMinor = (facts: Pick<CheckoutFacts, 'bag' | 'options' | 'inputs'>): number => minorOf(facts.bag.total) + deliveryFeeMinor(facts);

/**
 * What the checked gift cards pay, as the server applies them: in the order typed, each min(its
 * balance, what is left), never the e-gift cards the order buys. A card not checked (or typed
 * differently since) pays nothing yet.
 */
export function giftCardCoverMinor(facts: Pick<CheckoutFacts, 'bag' | 'options' | 'inputs' | 'giftCardBalances'>): number {
  if (!giftCardsAccepted(facts)) return 0;
  const boughtMinor = facts.bag.giftCards.reduce((sum, card) => sum + minorOf(card.amount), 0);
  let left = Math.max(0, orderTotalMinor(facts) - boughtMinor);
  let cover = 0;
  for (const card of facts.inputs.giftCards) {
    const balance = facts.giftCardBalances.find((candidate) => candidate.key === giftCardKey(card))?.balanceMinor ?? 0;
    const pays = Math.min(balance, left);
    cover += pays;
    left -= pays;
  }
  return cover;
}

/** What the shopper pays with the payment method: the order's total after delivery, discounts and the checked gift cards. */
export const amountDueMinor = (facts: Pick<CheckoutFacts, 'bag' | 'options' | 'inputs' | 'giftCardBalances'>): number => Math.max(0, orderTotalMinor(facts) - giftCardCoverMinor(facts));

/** The instalment line of each BNPL provider for what is due (`instalmentPlans`, the bag's and the server's rule). */
export const instalmentsDue = (facts: Pick<CheckoutFacts, 'country' | 'bag' | 'options' | 'inputs' | 'giftCardBalances'>): InstalmentPlan[] => instalmentPlans(facts.country, amountDueMinor(facts));

/** Every gift card typed is checked and together they pay the whole order: no payment method is needed. */
export function giftCardsPayAll(facts: Pick<CheckoutFacts, 'bag' | 'options' | 'inputs' | 'giftCardBalances'>): boolean {
  const { giftCards } = facts.inputs;
  if (!giftCardsAccepted(facts) || giftCards.length === 0) return false;
  const checked = giftCards.every((card) => facts.giftCardBalances.some((balance) => balance.key === giftCardKey(card)));
  return checked && amountDueMinor(facts) === 0;
}

/** Why the typed gift cards cannot be checked now: none typed, or one still wrong as typed. */
export type GiftCardCheckRefusal = 'gift_cards_not_accepted' | 'gift_card_missing' | 'gift_card_invalid' | 'gift_cards_checked';

export function giftCardCheckRefusal(facts: Pick<CheckoutFacts, 'options' | 'inputs' | 'giftCardBalances'>): GiftCardCheckRefusal | null {
  if (!giftCardsAccepted(facts)) return 'gift_cards_not_accepted';
  const { giftCards } = facts.inputs;
  if (giftCards.length === 0) return 'gift_card_missing';
  if (giftCardIssues(giftCards).length > 0) return 'gift_card_invalid';
  return giftCards.every((card) => facts.giftCardBalances.some((balance) => balance.key === giftCardKey(card))) ? 'gift_cards_checked' : null;
}

/**
 * A bag of e-gift cards only is delivered by email (`options.emailOnly`, the server's answer): not a
 * parcel, so it has no address, delivery or samples-and-offers step, and the order is sent with
 * standard delivery and empty address lines, which the server accepts for such a bag only.
 */
export const isEmailOnly = (facts: Pick<CheckoutFacts, 'options'>): boolean => facts.options.emailOnly;

const EMAIL_ONLY_SKIPS: readonly CheckoutStep[] = ['address', 'delivery', 'extras'];

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

/** Why a payment method cannot be chosen: not offered at all, or a BNPL provider's limits for what is due. */
export type PaymentMethodRefusal = 'payment_unavailable' | 'below_minimum' | 'above_maximum';

export function paymentMethodRefusal(facts: Pick<CheckoutFacts, 'country' | 'bag' | 'options' | 'inputs' | 'giftCardBalances'>, method: PaymentMethod): PaymentMethodRefusal | null {
  if (!facts.options.payment.some((candidate) => candidate.method === method)) return 'payment_unavailable';
  if (method === 'card' || method === 'gift_cards') return null;
  // The provider's limits apply to what it would take: the order's total after delivery and gift cards.
  const plan = instalmentsDue(facts).find((candidate) => candidate.provider === method);
  return plan ? plan.refusal : 'payment_unavailable';
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
 * The payment: the gift cards as typed, and a method for what they leave: none when their checked
 * balances pay it all (`giftCardsPayAll`; the server checks them again and charges nothing).
 */
function paymentRefusal(facts: CheckoutFacts): StepRefusal | null {
  // The checked gift cards pay it all: nothing is charged, so no method and no card are asked.
  if (giftCardsPayAll(facts)) return null;
  const { method, card } = facts.inputs.payment;
  if (method === null) return 'payment_required';
  const refusal = paymentMethodRefusal(facts, method);
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
      // The bag's own block, asked at extras where the checkout has that step (e-gift cards only have none).
      return facts.bag.checkout.allowed ? null : 'bag_blocked';
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
    payment: giftCardsPayAll(facts)
      ? { method: 'gift_cards' }
      : payment.method === null || payment.method === 'card' || payment.method === 'gift_cards'
        ? { method: 'card', card: v.parse(CardInputSchema, cardValue(payment.card)) }
        : { method: payment.method },
    ...(giftCards.length === 0 || !giftCardsAccepted(facts) ? {} : { giftCards: v.parse(GiftCardRedemptionsSchema, giftCards) }),
  };
}
