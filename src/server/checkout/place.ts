import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { CHALLENGE_MINUTES } from '../../config/checkout.ts';
import { COUNTRIES, type Site } from '../../config/countries.ts';
import type { Order, OrderCreate, PaymentMethod } from '../../contract/checkout.ts';
import { readBag, type ServerBag } from '../cart/read.ts';
import { hashToken, type CartOwner } from '../cart/owner.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { checkoutAttempts } from '../db/schema.ts';
import { appliedTotal, applyGiftCards, checkGiftCards, type AppliedGiftCard, type GiftCardGuesses } from '../gift-cards/redeem.ts';
import { IdempotencyMismatchError, type AuthorizeRequest, type AuthorizeResult, type PaymentProvider, type PaymentSource } from '../payments/provider.ts';
import { commitOrder, type CommitInput } from './commit.ts';
import { checkDelivery, checkPayment, checkPaymentOffered } from './rules.ts';
import { orderFigures, payableByGiftCards, type OrderFigures } from './price.ts';
import { readOrderById } from './orders.ts';
import { bagBlocked, bagChanged, challengeGone, paymentDeclined, paymentUnavailable } from './refusals.ts';
import { captureOrderPayment, recordPaid } from './settle.ts';

/*
 * Placing an order: check the request against the bag as it is now, authorize the payment (with
 * the checkout's key, so a retry never holds the card twice), write the order in one transaction
 * (commit.ts), then capture. A refusal after the authorization voids it: the shopper is never
 * charged for an order that was not written; an order written and not captured (the request died
 * between the two) is captured by a repeat of its intent or by the payment sweeper (settle.ts,
 * src/server/jobs/payment-sweeper.ts). A card whose bank asks for a challenge stops after
 * the authorization; the answer (`answerChallenge`) goes on from there. Gift cards pay first: the
 * payment is authorized for the rest only, and not at all when they pay everything.
 */

/** The provider an order names when gift cards paid all of it and no payment was taken. */
export const GIFT_CARDS_ONLY_PROVIDER = 'gift_cards';

export interface CheckoutDeps {
  db: Db;
  payments: PaymentProvider;
  now?: () => Date;
  log?: (line: string) => void;
}

export type PlaceResult = { kind: 'placed'; order: Order; existing: boolean } | { kind: 'challenge'; attempt: string; expiresAt: string };

/** The request as the order's transaction needs it, without the card (never stored). */
interface Prepared {
  bag: ServerBag & { cartId: number };
  figures: OrderFigures;
  delivery: CommitInput['delivery'];
  /** The gift cards that pay first and what each pays (none until checked). */
  giftCards: readonly AppliedGiftCard[];
}

/** What is left for the payment once the gift cards have paid. */
const restOf = (prepared: Prepared): number => prepared.figures.totalMinor - appliedTotal(prepared.giftCards);

async function prepare(db: Db, owner: CartOwner, site: Site, body: Pick<OrderCreate, 'bagVersion' | 'delivery'>): Promise<Prepared> {
  const bag = await readBag(db, owner, site);
  if (bag.cartId === null || !bag.checkout.allowed) throw bagBlocked(bag.checkout.blockedBy ?? 'empty');
  if (bag.version !== body.bagVersion) throw bagChanged();
  const delivery = checkDelivery(site.country, body.delivery, bag);
  return { bag: { ...bag, cartId: bag.cartId }, figures: orderFigures(site.country, bag, delivery.feeMinor), delivery: delivery.input, giftCards: [] };
}

function sourceOf(body: OrderCreate): PaymentSource {
  const { payment } = body;
  // Checked by the caller: `gift_cards` is never authorized (refused when something is left to pay).
  if (payment.method === 'gift_cards') throw paymentUnavailable('gift_cards_short');
  if (payment.method === 'card') return { type: 'card', card: { number: payment.card.number, expMonth: payment.card.expMonth, expYear: payment.card.expYear, cvc: payment.card.cvc } };
  return { type: 'bnpl', provider: payment.method };
}

const userIdOf = (owner: CartOwner) => (owner.kind === 'member' ? owner.userId : null);

/**
 * `POST checkout/orders`: one order per `intentKey` (the request's `Idempotency-Key`); `guesses` counts
 * wrong gift card codes and PINs. A `repeat` of the key (the keyed-write layer checked it is the same
 * caller and body, and keeps no answer for this route) is answered with the intent's order when there
 * is one, before or after the attempt: a repeat racing the first request may find the bag already
 * spent by it. A first request that fails looks for the intent's order too: a 500 releases the key,
 * so the retry of a request that died after its order was written arrives as a first one and finds
 * the bag spent. Either way an order still only authorized is captured before it is answered.
 */
export async function placeOrder(deps: CheckoutDeps, owner: CartOwner, site: Site, body: OrderCreate, intentKey: string, guesses?: GiftCardGuesses, repeat = false): Promise<PlaceResult> {
  if (repeat) {
    const placed = await orderOfIntent(deps, intentKey);
    if (placed) return { kind: 'placed', order: placed, existing: true };
  }
  try {
    return await place(deps, owner, site, body, intentKey, guesses);
  } catch (error) {
    const placedMeanwhile = await orderOfIntent(deps, intentKey);
    if (placedMeanwhile) return { kind: 'placed', order: placedMeanwhile, existing: true };
    throw error;
  }
}

/**
 * The intent's order, its payment captured first when it is still only held (the request that wrote
 * it died before capturing, or is capturing now: the capture and the record are safe to repeat).
 */
async function orderOfIntent(deps: CheckoutDeps, intentKey: string): Promise<Order | null> {
  const [row] = await queryRows<{ id: number; status: string; payment_id: string | null; payment_provider: string }>(
    deps.db,
    sql`select id, status, payment_id, payment_provider from orders where intent_key = ${intentKey}`,
  );
  if (!row) return null;
  const id = Number(row.id);
  if (row.status === 'placed' && row.payment_id !== null && row.payment_provider === deps.payments.name) {
    await captureOrderPayment(deps, { id, paymentId: row.payment_id }, () => deps.now?.() ?? new Date());
  }
  return readOrderById(deps.db, id);
}

async function place(deps: CheckoutDeps, owner: CartOwner, site: Site, body: OrderCreate, intentKey: string, guesses?: GiftCardGuesses): Promise<PlaceResult> {
  const { db, payments } = deps;
  const bagOnly = await prepare(db, owner, site, body);
  const cards = await checkGiftCards(db, site, body.giftCards ?? [], guesses);
  const prepared: Prepared = { ...bagOnly, giftCards: applyGiftCards(cards, payableByGiftCards(bagOnly.figures)) };
  const restMinor = restOf(prepared);
  if (restMinor === 0) {
    checkPaymentOffered(site.country, body.payment.method);
    return finish(deps, owner, site, body, intentKey, prepared, null);
  }
  // The shopper counted on the gift cards paying it all, and they do not (less on them than checked): a method for the rest.
  if (body.payment.method === 'gift_cards') throw paymentUnavailable('gift_cards_short');
  // The provider takes what is left with the delivery fee: its limits apply to that.
  checkPayment(site.country, body.payment.method, restMinor);
  const authorized = await authorizeFor(payments, intentKey, { amountMinor: restMinor, currency: COUNTRIES[site.country].currency, source: sourceOf(body) });
  if (authorized.status === 'declined') throw paymentDeclined(authorized.reason);
  if (authorized.status === 'requires_challenge') return awaitChallenge(deps, owner, site, body, intentKey, prepared, authorized);
  return finish(deps, owner, site, body, intentKey, prepared, authorized);
}

/**
 * The intent's authorization: the first attempt's again when it is a retry of the same request (the
 * processor answers it, never holding twice). An attempt after a failure that released the hold
 * (`voided`), or with another card or total (a retry after a server error with corrected input),
 * holds anew under a key of its own.
 */
async function authorizeFor(payments: PaymentProvider, intentKey: string, request: Omit<AuthorizeRequest, 'idempotencyKey'>): Promise<Exclude<AuthorizeResult, { status: 'voided' }>> {
  try {
    const first = await payments.authorize({ ...request, idempotencyKey: `order:${intentKey}` });
    if (first.status !== 'voided') return first;
  } catch (error) {
    if (!(error instanceof IdempotencyMismatchError)) throw error;
  }
  const again = await payments.authorize({ ...request, idempotencyKey: `order:${intentKey}:${randomUUID()}` });
  if (again.status === 'voided') throw new Error('a new authorization answered as released');
  return again;
}

async function finish(
  deps: CheckoutDeps,
  owner: CartOwner,
  site: Site,
  body: Pick<OrderCreate, 'bagVersion' | 'email'> & { payment: { method: PaymentMethod } },
  intentKey: string,
  prepared: Prepared,
  /** Null: gift cards pay it all, nothing was authorized. */
  authorized: Extract<AuthorizeResult, { status: 'authorized' }> | null,
): Promise<PlaceResult> {
  const { db, payments } = deps;
  const now = deps.now?.() ?? new Date();
  let committed;
  try {
    committed = await commitOrder(db, {
      site,
      userId: userIdOf(owner),
      cartId: prepared.bag.cartId,
      bagVersion: body.bagVersion,
      bag: prepared.bag,
      figures: prepared.figures,
      intentKey,
      email: body.email,
      delivery: prepared.delivery,
      payment: authorized
        ? { method: body.payment.method, provider: payments.name, paymentId: authorized.paymentId, brand: authorized.card.brand, last4: authorized.card.last4 || null }
        : { method: body.payment.method, provider: GIFT_CARDS_ONLY_PROVIDER, paymentId: null, brand: null, last4: null },
      giftCards: prepared.giftCards,
      now,
    });
  } catch (error) {
    // Not written: release the hold. (An order of the same intent returns without throwing, so a hold it owns is never voided here.)
    if (authorized) await payments.void(authorized.paymentId);
    throw error;
  }
  let written = committed.order;
  if (committed.existing) {
    // The intent's order, written by an earlier request: captured now if that one died before it could.
    written = await orderOfIntent(deps, intentKey);
  } else {
    const clock = () => deps.now?.() ?? new Date();
    let paidAt: Date | null;
    if (authorized) {
      // A capture refused for good leaves the order standing (stock and payment held) for staff, logged by captureOrderPayment.
      ({ paidAt } = await captureOrderPayment(deps, { id: committed.orderId, paymentId: authorized.paymentId }, clock));
    } else {
      // Paid in full by gift cards: nothing to capture.
      paidAt = clock();
      if (!(await recordPaid(db, committed.orderId, paidAt))) paidAt = null;
    }
    // The order as the transaction answered it, with the status just written (no second read); read
    // again when this request did not record it (another settler did, or the capture failed).
    written = written && paidAt ? { ...written, status: 'paid', history: [...written.history, { status: 'paid', at: paidAt.toISOString() }] } : null;
  }
  const order = written ?? (await readOrderById(db, committed.orderId));
  if (!order) throw new Error(`order ${committed.number} vanished after it was written`);
  return { kind: 'placed', order, existing: committed.existing };
}

async function awaitChallenge(
  deps: CheckoutDeps,
  owner: CartOwner,
  site: Site,
  body: OrderCreate,
  intentKey: string,
  prepared: Prepared,
  authorized: Extract<AuthorizeResult, { status: 'requires_challenge' }>,
): Promise<PlaceResult> {
  const now = deps.now?.() ?? new Date();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
  // Neither the card nor the gift cards' PINs are kept: the cards go by id, with what each pays.
  const { payment: _card, giftCards: _pins, ...request } = body;
  const attempt = {
    paymentId: authorized.paymentId,
    request: { ...request, method: body.payment.method, country: site.country, owner: ownerKey(owner), amountMinor: restOf(prepared), giftCards: prepared.giftCards },
    cardBrand: authorized.card.brand,
    cardLast4: authorized.card.last4,
    state: 'awaiting_challenge' as const,
    expiresAt,
  };
  let row: { id: string; expiresAt: Date } | undefined;
  try {
    [row] = await deps.db
      .insert(checkoutAttempts)
      .values({ id: `att_${randomBytes(18).toString('base64url')}`, intentKey, cartId: prepared.bag.cartId, ...attempt })
      // The same intent asked again: the same attempt, for the authorization of now (the same one on a plain retry).
      .onConflictDoUpdate({ target: checkoutAttempts.intentKey, set: attempt })
      .returning({ id: checkoutAttempts.id, expiresAt: checkoutAttempts.expiresAt });
  } catch (error) {
    // The attempt was not kept: nobody can answer the challenge, so nothing may stay held.
    await deps.payments.void(authorized.paymentId);
    throw error;
  }
  if (!row) throw new Error('the checkout attempt was not written');
  return { kind: 'challenge', attempt: row.id, expiresAt: row.expiresAt.toISOString() };
}

/** Who may answer an attempt: its bag's owner (a member's id, or the hash of a guest's bag token). */
function ownerKey(owner: CartOwner): string {
  return owner.kind === 'member' ? `member:${owner.userId}` : `guest:${owner.token === null ? '' : hashToken(owner.token)}`;
}

/** `POST checkout/orders/challenge`: the answer to the bank's challenge, then the order as `placeOrder` writes it. */
export async function answerChallenge(deps: CheckoutDeps, owner: CartOwner, site: Site, attemptId: string, answer: string): Promise<PlaceResult> {
  const { db, payments } = deps;
  const now = deps.now?.() ?? new Date();
  const [attempt] = await db.select().from(checkoutAttempts).where(and(eq(checkoutAttempts.id, attemptId), gt(checkoutAttempts.expiresAt, now)));
  const request = attempt?.request as
    | (Omit<OrderCreate, 'payment' | 'giftCards'> & { method: PaymentMethod; country: string; owner: string; amountMinor: number; giftCards?: AppliedGiftCard[] })
    | undefined;
  if (!attempt || !request || request.owner !== ownerKey(owner) || request.country !== site.country) throw challengeGone();
  if (attempt.state === 'done') {
    const placed = await orderOfIntent(deps, attempt.intentKey);
    if (placed) return { kind: 'placed', order: placed, existing: true };
  }
  if (attempt.state !== 'awaiting_challenge') throw challengeGone();
  const result = await payments.completeChallenge(attempt.paymentId, answer);
  if (result.status !== 'authorized') {
    await db.update(checkoutAttempts).set({ state: 'failed' }).where(eq(checkoutAttempts.id, attempt.id));
    throw paymentDeclined(result.status === 'declined' ? result.reason : 'challenge_failed');
  }
  let prepared: Prepared;
  try {
    prepared = { ...(await prepare(db, owner, site, request)), giftCards: request.giftCards ?? [] };
  } catch (error) {
    await payments.void(attempt.paymentId);
    await db.update(checkoutAttempts).set({ state: 'failed' }).where(eq(checkoutAttempts.id, attempt.id));
    throw error;
  }
  // The bag's version is the same, but a price may have moved since the authorization: the hold must be the rest after the gift cards.
  if (restOf(prepared) !== request.amountMinor) {
    await payments.void(attempt.paymentId);
    await db.update(checkoutAttempts).set({ state: 'failed' }).where(eq(checkoutAttempts.id, attempt.id));
    throw bagChanged();
  }
  const placed = await finish(deps, owner, site, { ...request, payment: { method: request.method } }, attempt.intentKey, prepared, result);
  await db.update(checkoutAttempts).set({ state: 'done' }).where(eq(checkoutAttempts.id, attempt.id));
  return placed;
}
