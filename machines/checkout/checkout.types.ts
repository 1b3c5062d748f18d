import type { InferOutput } from 'valibot';
import type { Address, ChallengeRequiredSchema, DeliveryMethod, PaymentMethod } from '../../src/contract/checkout.ts';

/*
 * What the checkout machine, its rules, its persistence and its view-model share: the steps and
 * the shopper's inputs as typed (drafts, checked by the rules, never trusted as valid).
 */

/** The steps the shopper fills in, in order; `review` places the order. */
export const CHECKOUT_STEPS = ['contact', 'address', 'delivery', 'extras', 'payment', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const stepIndex = (step: CheckoutStep): number => CHECKOUT_STEPS.indexOf(step);

/** The card form's fields as typed (all text: the contract's schema reads the numbers out of them). */
export const CARD_FIELDS = ['number', 'cvc', 'name', 'expMonth', 'expYear'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardDraft = Readonly<Record<CardField, string>>;

/** The fields that go to the payment provider only: never kept anywhere, re-entered after a restore. */
export const SECRET_CARD_FIELDS = ['number', 'cvc'] as const satisfies readonly CardField[];

/** An e-gift card to pay with, as typed: its code and PIN (the contract's schema reads them). */
export const GIFT_CARD_FIELDS = ['code', 'pin'] as const;
export type GiftCardField = (typeof GIFT_CARD_FIELDS)[number];
export type GiftCardDraft = Readonly<Record<GiftCardField, string>>;
export const EMPTY_GIFT_CARD: GiftCardDraft = { code: '', pin: '' };

export interface CheckoutInputs {
  email: string;
  /** Where to (standard, express), or who collects (click & collect: name and phone). A bag of e-gift cards only needs none. */
  address: Address;
  delivery: { method: DeliveryMethod | null; storeId: string | null };
  payment: { method: PaymentMethod | null; card: CardDraft };
  /** E-gift cards that pay first, in this order (at most `GIFT_CARDS_PER_ORDER`); the payment takes the rest. Their PINs are never kept. */
  giftCards: readonly GiftCardDraft[];
}

export const EMPTY_ADDRESS: Address = { fullName: '', phone: '', line1: '', line2: '', city: '', state: '', postcode: '' };
export const EMPTY_CARD: CardDraft = { number: '', cvc: '', name: '', expMonth: '', expYear: '' };

/** The answer of `POST checkout/orders` when the card's bank asks the shopper to confirm (202). */
export type ChallengeRequired = InferOutput<typeof ChallengeRequiredSchema>['data'];
