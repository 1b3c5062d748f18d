import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { ChallengeAnswerSchema, GiftCardCheckSchema, OrderCreateSchema, type CheckoutOptions, type GiftCardCheckResult } from '../../contract/checkout.ts';
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
import { parseJsonBody } from '../http/validate.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import type { Context } from 'hono';

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
    .get('/options', async (c) => {
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
    .post('/orders', async (c) => {
      const key = intentKeyOf(c);
      const body = await parseJsonBody(c, OrderCreateSchema);
      const owner = await cartOwner(c, auth);
      const guesses = giftCardGuesses && { check: () => giftCardGuesses.check(c), fail: () => giftCardGuesses.fail(c) };
      return answer(c, await placeOrder(deps, owner, siteOf(c), body, key, guesses, c.var.idempotentRepeat === true));
    })
    // Checked as the order checks them (a wrong pair counts as a guess); nothing is spent or held.
    .post('/gift-cards', async (c) => {
      const { giftCards } = await parseJsonBody(c, GiftCardCheckSchema);
      const site = siteOf(c);
      const guesses = giftCardGuesses && { check: () => giftCardGuesses.check(c), fail: () => giftCardGuesses.fail(c) };
      const cards = await checkGiftCards(db, site, giftCards, guesses);
      const data: GiftCardCheckResult = { cards: cards.map((card) => ({ code: maskGiftCardCode(card.code), balance: money(site.country, card.balanceMinor) })) };
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .post('/orders/challenge', async (c) => {
      const { attempt, answer: reply } = await parseJsonBody(c, ChallengeAnswerSchema);
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
