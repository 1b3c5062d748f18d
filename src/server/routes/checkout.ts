import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { ChallengeAnswerSchema, GiftCardCheckSchema, OrderCreateSchema, type CheckoutOptions, type GiftCardCheckResult, CheckoutOptionsResponseSchema, GiftCardCheckResponseSchema, OrderResponseSchema, ChallengeRequiredSchema } from '../../contract/checkout.ts';
import { maskGiftCardCode } from '../../contract/gift-cards.ts';
import { money } from '../cart/bag.ts';
import { checkGiftCards } from '../gift-cards/redeem.ts';
import type { AuthService } from '../auth/service.ts';
import { cartOwner } from '../cart/owner.ts';
import { readBag } from '../cart/read.ts';
import { savedAddresses } from '../checkout/addresses.ts';
import { answerChallenge, placeOrder, type CheckoutDeps, type PlaceResult } from '../checkout/place.ts';
import { minorOf } from '../checkout/price.ts';
import { deliveryOptions, isEmailOnly, paymentOptions, storeOptions } from '../checkout/rules.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { NO_STORE } from '../http/cache.ts';
import { invalidRequest } from '../http/errors.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import type { Context } from 'hono';
import { endpoint, jsonBody } from '../openapi/declare.ts';

/**
 * Checkout: `GET checkout/options` (what this bag may be delivered and paid with, a member's saved
 * addresses and email), `POST checkout/orders` (the order, with a required `Idempotency-Key`:
 * 201 the order, 202 when the card's bank asks for a challenge) and `POST checkout/orders/challenge`.
 * Wrong gift card codes or PINs of an order count against the client with the balance check's
 * limit (`giftCardGuesses`).
 */
export function checkoutRoutes(deps: CheckoutDeps, auth: AuthService, giftCardGuesses?: RateLimit) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/options', endpoint({ id: 'checkoutOptions.show', operation: 'show', description: "What this bag may be delivered and paid with in the request's country: delivery methods with fees (free standard over the threshold), click & collect stores, card and BNPL with availability and the reason (below_minimum, above_maximum); a member's saved addresses and email.", status: 200, response: CheckoutOptionsResponseSchema, singular: true, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).' } }), async (c) => {
      const owner = await cartOwner(c, auth);
      const site = siteOf(c);
      const bag = await readBag(db, owner, site);
      const member = owner.kind === 'member' ? await memberFacts(db, owner.userId, site.country) : null;
      const data: CheckoutOptions = {
        delivery: deliveryOptions(site.country, bag),
        stores: storeOptions(site.country),
        payment: paymentOptions(site.country, minorOf(bag.total)),
        date: todayIn(site.country),
        savedAddresses: member?.addresses ?? [],
        memberEmail: member?.email ?? null,
        emailOnly: isEmailOnly(bag),
      };
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .post('/orders', endpoint({ id: 'checkoutOrders.create', operation: 'create', description: 'Places the bag as an order. Requires `Idempotency-Key` (one order and one payment per key: a retry or a second click answers the same order). Stock, the order and the bag are written in one transaction after the payment is authorized; a refusal after that voids it. 201 the order; 202 requires_challenge (answer with checkout/orders/challenge); 400 address fields; 402 payment_declined with reason; 409 bag_changed, bag_blocked, sold_out (lines), payment_unavailable, offer_used_up, offer_customer_limit (the applied code reached its limits meanwhile). `giftCards` (code and PIN, at most 2) pay first, each min(its balance, what is left; never the e-gift cards bought), and the payment is authorized for the rest only (not at all when they pay everything): 404 gift_card_not_found on body.giftCards.N (counted with gift-cards/balance: 429 too_many_attempts), 409 gift_card_other_country, gift_card_empty, gift_card_balance_changed (another order spent it meanwhile; nothing charged). A bag of e-gift cards only needs no address (checkout/options emailOnly).', status: 201, response: OrderResponseSchema, errors: { 402: 'payment_declined, with the reason.', 404: 'gift_card_not_found on body.giftCards.N.', 409: 'bag_changed, bag_blocked, sold_out, payment_unavailable, an offer or gift card that changed meanwhile.', 422: 'The bag cannot be ordered as it is (empty, or not deliverable as chosen).' }, otherAnswers: { 200: { description: 'A repeat of the Idempotency-Key: the order its first request placed (`Idempotent-Replayed`).', response: OrderResponseSchema }, 202: { description: 'requires_challenge: answer the bank with checkout/orders/challenge.', response: ChallengeRequiredSchema } } }), jsonBody(OrderCreateSchema), async (c) => {
      const key = intentKeyOf(c);
      const body = c.req.valid('json');
      const owner = await cartOwner(c, auth);
      const guesses = giftCardGuesses && { check: () => giftCardGuesses.check(c), fail: () => giftCardGuesses.fail(c) };
      return answer(c, await placeOrder(deps, owner, siteOf(c), body, key, guesses, c.var.idempotentRepeat === true));
    })
    // Checked as the order checks them (a wrong pair counts as a guess); nothing is spent or held.
    .post('/gift-cards', endpoint({ id: 'checkoutGiftCards.create', operation: 'create', description: "Checks the gift cards the shopper means to pay with (code and PIN, at most 2) as checkout/orders checks them, and answers each card's balance (codes masked), so the payment step knows whether they pay the whole order (then payment method gift_cards, no card). 404 gift_card_not_found on body.giftCards.N (counted with gift-cards/balance: 429 too_many_attempts), 409 gift_card_other_country, gift_card_empty, 400 gift_card_duplicate. Nothing is spent.", status: 200, response: GiftCardCheckResponseSchema, errors: { 404: 'gift_card_not_found: no card with that code and PIN.', 429: 'too_many_attempts: too many wrong codes from this client; try later.' } }), jsonBody(GiftCardCheckSchema), async (c) => {
      const { giftCards } = c.req.valid('json');
      const site = siteOf(c);
      const guesses = giftCardGuesses && { check: () => giftCardGuesses.check(c), fail: () => giftCardGuesses.fail(c) };
      const cards = await checkGiftCards(db, site, giftCards, guesses);
      const data: GiftCardCheckResult = { cards: cards.map((card) => ({ code: maskGiftCardCode(card.code), balance: money(site.country, card.balanceMinor) })) };
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .post('/orders/challenge', endpoint({ id: 'checkoutOrderChallenges.create', operation: 'create', description: "The answer to the card bank's challenge of a 202 attempt: 201 the order; 402 challenge_failed; 404 challenge_gone (unknown, expired, answered, or another shopper's).", status: 201, response: OrderResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).', 402: 'challenge_failed.', 404: "challenge_gone: unknown, expired, answered, or another shopper's.", 409: 'The bag changed or sold out while the challenge was open.' }, otherAnswers: { 200: { description: 'A repeat of the Idempotency-Key: the order its first answer placed (`Idempotent-Replayed`).', response: OrderResponseSchema } } }), jsonBody(ChallengeAnswerSchema), async (c) => {
      const { attempt, answer: reply } = c.req.valid('json');
      const owner = await cartOwner(c, auth);
      return answer(c, await answerChallenge(deps, owner, siteOf(c), attempt, reply));
    });
}

/** The checkout's own key: the same for every retry and tab of one intent (the SPA keeps it with the checkout). */
function intentKeyOf(c: Context<AppEnv>): string {
  const key = c.req.header('idempotency-key');
  if (key === undefined || key.length < 8) throw invalidRequest([{ field: 'header.idempotency-key', message: 'is required: 8 to 255 characters naming this checkout' }]);
  return key;
}

function answer(c: Context<AppEnv>, result: PlaceResult) {
  if (result.kind === 'challenge') return c.json({ data: { status: 'requires_challenge' as const, attempt: result.attempt, expiresAt: result.expiresAt } }, 202);
  // The intent's order placed before (a repeat of its key, or a second tab's request that lost the race).
  if (result.existing) return c.json({ data: result.order }, 200, { 'Idempotent-Replayed': 'true' });
  return c.json({ data: result.order }, 201);
}

async function memberFacts(db: Db, userId: number, country: Parameters<typeof savedAddresses>[2]) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { email: user?.email ?? null, addresses: await savedAddresses(db, userId, country) };
}
