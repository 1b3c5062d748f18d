import { CartResponseSchema, type Cart } from '../../../contract/cart.ts';
import { GiftCardBalanceResponseSchema, type GiftCardBalance, type GiftCardCredentials, type GiftCardPurchase } from '../../../contract/gift-cards.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { newIdempotencyKey } from '../../shared/api/idempotency.ts';

/** How long the store pauses a client's balance checks after too many misses when its answer does not say (the server's window). */
const CHECK_PAUSE_SECONDS = 15 * 60;

/**
 * What a balance check found. A miss is an answer, not a failure of the form: the API says 404 for
 * a wrong code or PIN and 429 `too_many_attempts` after repeated misses; anything else (offline, a
 * server error, a refused field) is thrown for the form to tell.
 */
export type BalanceOutcome = { kind: 'found'; balance: GiftCardBalance } | { kind: 'notFound' } | { kind: 'tooManyAttempts'; retryAfterSeconds: number };

export interface GiftCardsApi {
  /**
   * `POST cart/gift-cards`: the card into the bag, with an idempotency key (the client may retry it
   * and the server adds once); answers the bag. Its own call rather than the bag's shared API, so the
   * bag's chunks stay as they are (one more importer of the shared module split them).
   */
  addToBag(purchase: GiftCardPurchase): Promise<Cart>;
  /** `POST gift-cards/balance`: what is left on a card, by its code and PIN. */
  balance(credentials: GiftCardCredentials): Promise<BalanceOutcome>;
}

function retryAfterOf(data: unknown): number {
  const seconds = typeof data === 'object' && data !== null ? (data as { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
  return typeof seconds === 'number' && seconds > 0 ? seconds : CHECK_PAUSE_SECONDS;
}

/** The gift cards screen's calls. */
export function createGiftCardsApi(client: ApiClient): GiftCardsApi {
  return {
    addToBag: (purchase) => client.request('POST', 'cart/gift-cards', CartResponseSchema, { body: purchase, idempotencyKey: newIdempotencyKey() }).then((answer) => answer.data),
    // No Idempotency-Key: a check changes nothing but the miss count, and the client never retries it (a retried miss would count twice).
    balance: async (credentials) => {
      try {
        const { data } = await client.request('POST', 'gift-cards/balance', GiftCardBalanceResponseSchema, { body: credentials });
        return { kind: 'found', balance: data };
      } catch (error) {
        if (isApiError(error) && error.status === 404) return { kind: 'notFound' };
        if (isApiError(error) && error.status === 429) return { kind: 'tooManyAttempts', retryAfterSeconds: retryAfterOf(error.data) };
        throw error;
      }
    },
  };
}
