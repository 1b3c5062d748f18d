import type { BnplProvider } from '../../config/countries.ts';
import type { DeclineReason } from '../../contract/checkout.ts';

/**
 * What checkout needs of a card processor, in the shape real processors give it: an authorization
 * made with the merchant's idempotency key (a retry never charges twice), a challenge step the
 * card's bank may ask for (3-D Secure), then capture or void, and refunds. Declines carry a reason
 * the shopper can act on. The store's one implementation is the test card processor
 * (test-card-processor.ts): this machine cannot reach a real one. A real provider implements this
 * interface with its API (docs/features/checkout.md, "Payments").
 */
export interface PaymentProvider {
  readonly name: string;
  /** Holds `amountMinor` on the card. The same `idempotencyKey` answers the first result again. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** The shopper's answer to the bank's challenge of a payment that `requires_challenge`. */
  completeChallenge(paymentId: string, answer: string): Promise<AuthorizeResult>;
  /** Takes the held amount; once only. */
  capture(paymentId: string): Promise<PaymentOutcome>;
  /** Releases a hold that was not captured (an order that failed after its authorization). */
  void(paymentId: string): Promise<PaymentOutcome>;
  /** Returns up to what was captured, in one or several refunds. */
  refund(paymentId: string, amountMinor: number): Promise<PaymentOutcome>;
  /**
   * Where a payment stands now (null: no such payment): what a capture or void refused with
   * `wrong_state` may have been refused for because it was done already (a request whose answer was
   * lost, or another process). Optional: without it a refusal is taken as it is.
   */
  stateOf?(paymentId: string): Promise<PaymentState | null>;
  /**
   * Payments still held (authorized, neither captured nor voided) whose hold began before `before`,
   * oldest first, at most `limit`: what the payment sweeper settles. Real processors list them
   * (a search by status and creation time).
   */
  heldBefore?(before: Date, limit: number): Promise<string[]>;
}

export type PaymentState = 'requires_challenge' | 'authorized' | 'captured' | 'voided' | 'declined';

/** A provider the payment sweeper can work with: it lists the holds and tells a payment's state. */
export type SweptPayments = PaymentProvider & Required<Pick<PaymentProvider, 'stateOf' | 'heldBefore'>>;

export interface CardDetails {
  /** Digits only (spaces and dashes are the caller's to strip). */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

/**
 * What pays: a card typed at checkout, or a buy-now-pay-later account (Afterpay, Klarna, Atome),
 * which the shopper approves on the provider's side: the same authorize, capture, void and refund.
 */
export type PaymentSource = { type: 'card'; card: CardDetails } | { type: 'bnpl'; provider: BnplProvider };

export interface AuthorizeRequest {
  idempotencyKey: string;
  amountMinor: number;
  /** ISO 4217, the country's currency. */
  currency: string;
  source: PaymentSource;
}

/** Why a payment was declined, as processors report it (the contract's list: the SPA says each in the shopper's words). */
export type { DeclineReason };

export interface CardSummary {
  /** A card's network, or the BNPL provider that paid. */
  brand: 'visa' | 'mastercard' | 'amex' | 'card' | BnplProvider;
  last4: string;
}

export type AuthorizeResult =
  | { status: 'authorized'; paymentId: string; card: CardSummary }
  | { status: 'requires_challenge'; paymentId: string; card: CardSummary }
  | { status: 'declined'; reason: DeclineReason; paymentId: string | null }
  /** A retry of an authorization that was released since (voided): nothing is held; authorize anew with a new key. */
  | { status: 'voided'; paymentId: string };

/** A capture, void or refund: done, or refused with the state that refused it. */
export type PaymentOutcome = { ok: true } | { ok: false; reason: 'unknown_payment' | 'wrong_state' | 'over_refund' };

/** A key reused for a different request: a programming error of the caller, as processors treat it. */
export class IdempotencyMismatchError extends Error {
  constructor(key: string) {
    super(`idempotency key ${key} was used for a different payment request`);
    this.name = 'IdempotencyMismatchError';
  }
}
