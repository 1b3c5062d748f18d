import * as v from 'valibot';
import type { Cart } from '../../src/contract/cart.ts';
import { addressIssues, type AddressIssue } from '../../src/contract/address.ts';
import { AddressSchema, CardInputSchema, EmailSchema, type CheckoutOptions, type DeliveryMethod, type OrderCreate, type PaymentMethod } from '../../src/contract/checkout.ts';
import type { CountryCode } from '../../src/config/countries.ts';
import { waitsForBag, type BagFailureKind, type CheckoutFailure } from './checkout.failure.ts';
import { CHECKOUT_STEPS, EMPTY_ADDRESS, SECRET_CARD_FIELDS, stepIndex, type CardDraft, type CardField, type CheckoutInputs, type CheckoutStep } from './checkout.types.ts';

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
  | 'card_invalid';

function deliveryRefusal(facts: CheckoutFacts): StepRefusal | null {
  const { method, storeId } = facts.inputs.delivery;
  if (method === null) return 'delivery_required';
  const refusal = deliveryMethodRefusal(facts.options, method);
  if (refusal) return refusal;
  if (method === 'click_collect' && !facts.options.stores.some((store) => store.id === storeId)) return 'store_required';
  // Coming back to delivery after entering only who collects: home delivery needs the street too.
  return addressIssuesOf(facts).length > 0 ? 'address_incomplete' : null;
}

function paymentRefusal(facts: CheckoutFacts): StepRefusal | null {
  const { method, card } = facts.inputs.payment;
  if (method === null) return 'payment_required';
  const refusal = paymentMethodRefusal(facts.options, method);
  if (refusal) return refusal;
  if (method !== 'card') return null;
  if (SECRET_CARD_FIELDS.some((field) => card[field].trim() === '')) return 'card_details_needed';
  return cardIssues(card, facts.options.date).length > 0 ? 'card_invalid' : null;
}

/** The guard of `checkout.next` at `step`: why the shopper cannot go on yet, or null. */
export function stepRefusal(facts: CheckoutFacts, step: CheckoutStep): StepRefusal | null {
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
 * (a method the options stopped offering): then that step. The card's number and CVC are never
 * kept, so their absence does not stop a resume: the review's place guard asks for them.
 */
export function resumeStep(facts: CheckoutFacts, wanted: CheckoutStep): CheckoutStep {
  for (const step of CHECKOUT_STEPS.slice(0, stepIndex(wanted))) {
    const reason = stepRefusal(facts, step);
    if (reason && reason !== 'card_details_needed') return step;
  }
  return wanted;
}

/**
 * The request of `POST checkout/orders`, from inputs the place guard passed (so the schemas'
 * parses cannot throw). Click & collect sends who collects only: the street lines are not asked.
 */
export function orderBody(facts: CheckoutFacts): OrderCreate {
  const { email, address, delivery, payment } = facts.inputs;
  const method = delivery.method ?? 'standard';
  const sent = needsStreet(method) ? address : { ...EMPTY_ADDRESS, fullName: address.fullName, phone: address.phone };
  return {
    bagVersion: facts.bag.version,
    email: email.trim(),
    delivery: { method, storeId: method === 'click_collect' ? delivery.storeId : null, address: v.parse(AddressSchema, sent) },
    payment: payment.method === null || payment.method === 'card' ? { method: 'card', card: v.parse(CardInputSchema, cardValue(payment.card)) } : { method: payment.method },
  };
}
