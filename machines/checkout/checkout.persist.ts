import * as v from 'valibot';
import { AddressSchema, DeliveryMethodSchema, EMAIL_MAX, PaymentMethodSchema } from '../../src/contract/checkout.ts';
import { GIFT_CARDS_PER_ORDER } from '../../src/config/gift-cards.ts';
import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine.ts';
import { CHECKOUT_STEPS, type CheckoutStep } from './checkout.types.ts';

/*
 * A checkout kept across reloads (the app writes it to the tab's storage and reads it back): what
 * the shopper entered and where they were, for the bag it was entered for. Never the card's
 * number or CVC, nor a gift card's PIN: they are re-entered after a restore (the review's place
 * guard asks for them).
 */

/** Raised when the document's shape changes: an older document is dropped with a notice, not misread. */
export const CHECKOUT_PERSIST_VERSION = 1;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const PersistedCheckoutSchema = v.object({
  version: v.literal(CHECKOUT_PERSIST_VERSION),
  /** The bag it was entered for: whose, in which country, at which version. */
  bag: v.object({ owner: text(200), country: text(2), version: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  /** The step the shopper was at (review while the order was on its way). */
  step: v.picklist(CHECKOUT_STEPS),
  inputs: v.object({
    email: text(EMAIL_MAX),
    address: AddressSchema,
    delivery: v.object({ method: v.nullable(DeliveryMethodSchema), storeId: v.nullable(text(60)) }),
    payment: v.object({
      method: v.nullable(PaymentMethodSchema),
      /** For a card only, and only what is no secret: the rest is typed again. */
      card: v.nullable(v.object({ name: text(80), expMonth: text(2), expYear: text(4) })),
    }),
    /** The gift cards' codes, without their PINs. Added after version 1 was written: a document without them has none. */
    giftCards: v.optional(v.pipe(v.array(v.object({ code: text(40) })), v.maxLength(GIFT_CARDS_PER_ORDER)), []),
  }),
  /** The key of a request that may have reached the server (a reload while placing): a retry sends it again. */
  idempotencyKey: v.nullable(v.pipe(v.string(), v.nonEmpty(), v.maxLength(200))),
});
export type PersistedCheckout = v.InferOutput<typeof PersistedCheckoutSchema>;

/** Why a kept checkout was not resumed: another shopper's or country's bag, an older app's document, or not one at all. */
export type RestoreNotice = 'other_bag' | 'outdated' | 'unreadable';

export type RestoreResult = { restored: PersistedCheckout } | { notice: RestoreNotice };

/** The bag the checkout is for now. */
export interface CurrentBag {
  owner: string;
  country: string;
  bagVersion: number;
}

type Snapshot = Pick<SnapshotFrom<typeof checkoutMachine>, 'context' | 'matches' | 'status'>;

/** The document to keep for this snapshot; null once the order is placed (nothing is left to resume). */
export function toPersisted(snapshot: Snapshot): PersistedCheckout | null {
  if (snapshot.status === 'done') return null;
  const { context } = snapshot;
  const { email, address, delivery, payment, giftCards } = context.inputs;
  // Checking the gift cards is part of the payment step.
  const step: CheckoutStep = snapshot.matches('checkingGiftCards') ? 'payment' : (CHECKOUT_STEPS.find((candidate) => snapshot.matches({ steps: candidate })) ?? 'review');
  const { name, expMonth, expYear } = payment.card;
  return {
    version: CHECKOUT_PERSIST_VERSION,
    bag: { owner: context.owner, country: context.country, version: context.bag.version },
    step,
    inputs: { email, address, delivery, payment: { method: payment.method, card: payment.method === 'card' ? { name, expMonth, expYear } : null }, giftCards: giftCards.map(({ code }) => ({ code })) },
    idempotencyKey: context.idempotencyKey,
  };
}

function parsed(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads a kept checkout (the stored text, or its parsed value) for the bag of now. Nothing kept is
 * null (a clean start without a notice). Same owner and country: the same step and inputs; when
 * the bag moved on since, the inputs are kept but the request is a new one (no key), and the
 * step, at most the review, is checked again by the machine against the bag as re-read.
 */
export function restoreCheckout(raw: unknown, current: CurrentBag): RestoreResult | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const value = parsed(raw);
  const version = typeof value === 'object' && value !== null ? (value as { version?: unknown }).version : undefined;
  if (typeof version === 'number' && version < CHECKOUT_PERSIST_VERSION) return { notice: 'outdated' };
  const result = v.safeParse(PersistedCheckoutSchema, value);
  if (!result.success) return { notice: 'unreadable' };
  const document = result.output;
  if (document.bag.owner !== current.owner || document.bag.country !== current.country) return { notice: 'other_bag' };
  if (document.bag.version === current.bagVersion) return { restored: document };
  return { restored: { ...document, bag: { ...document.bag, version: current.bagVersion }, idempotencyKey: null } };
}
