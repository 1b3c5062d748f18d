import type * as v from 'valibot';
import { OrderListResponseSchema, OrderResponseSchema, type Order } from '../../../contract/checkout.ts';
import { isOrderNumber } from './paths.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { newIdempotencyKey } from '../../shared/api/idempotency.ts';
import { ApiError, isApiError } from '../../shared/api/errors.ts';

/** Orders a page of the history shows (the API's default too). */
export const ORDERS_PER_PAGE = 10;

/** How long the store pauses a client's lookups after too many misses when its answer does not say (the server's window). */
const LOOKUP_PAUSE_SECONDS = 15 * 60;

export type OrderPage = v.InferOutput<typeof OrderListResponseSchema>;
export type OrderSummary = OrderPage['data'][number];

/**
 * What a guest's lookup found. A miss is an answer, not a failure of the form: the API says 404
 * for a wrong number or email and 429 `too_many_attempts` after repeated misses; anything else
 * (offline, a server error, a refused field) is thrown for the form to tell.
 */
export type LookupOutcome = { kind: 'found'; order: Order } | { kind: 'notFound' } | { kind: 'tooManyAttempts'; retryAfterSeconds: number };

export interface OrderLookupBody {
  number: string;
  email: string;
}

export interface OrdersApi {
  /** `GET orders`: one page of the member's orders, newest first. */
  list(page: number, options?: { signal?: AbortSignal }): Promise<OrderPage>;
  /** `GET orders/{number}`: one of the member's orders (404 for anyone else's number). */
  order(number: string, options?: { signal?: AbortSignal }): Promise<Order>;
  /** `POST orders/lookup`: a guest's order by its number and the email it was placed with. */
  lookup(body: OrderLookupBody): Promise<LookupOutcome>;
  /** `POST orders/{number}/cancel` (issue 15): the member's order, cancelled; a retry of the same click is the same request (its key). */
  cancel(number: string): Promise<Order>;
}

function retryAfterOf(data: unknown): number {
  const seconds = typeof data === 'object' && data !== null ? (data as { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
  return typeof seconds === 'number' && seconds > 0 ? seconds : LOOKUP_PAUSE_SECONDS;
}

export function createOrdersApi(client: ApiClient): OrdersApi {
  return {
    list: (page, { signal } = {}) => client.request('GET', 'orders', OrderListResponseSchema, { query: { page, per_page: ORDERS_PER_PAGE }, ...(signal ? { signal } : {}) }),
    // A number that cannot be one is not found, as the API says of anyone else's (it would answer a 400).
    order: (number, { signal } = {}) =>
      isOrderNumber(number)
        ? client.request('GET', `orders/${encodeURIComponent(number)}`, OrderResponseSchema, signal ? { signal } : {}).then(({ data }) => data)
        : Promise.reject(new ApiError('http', `orders/${number}: not an order number`, { status: 404 })),
    cancel: (number) =>
      client.request('POST', `orders/${encodeURIComponent(number)}/cancel`, OrderResponseSchema, { body: {}, idempotencyKey: newIdempotencyKey() }).then(({ data }) => data),
    // No Idempotency-Key: a lookup changes nothing but the miss count, and the client never retries it (a retried miss would count twice).
    lookup: async (body) => {
      try {
        const { data } = await client.request('POST', 'orders/lookup', OrderResponseSchema, { body });
        return { kind: 'found', order: data };
      } catch (error) {
        if (isApiError(error) && error.status === 404) return { kind: 'notFound' };
        if (isApiError(error) && error.status === 429) return { kind: 'tooManyAttempts', retryAfterSeconds: retryAfterOf(error.data) };
        throw error;
      }
    },
  };
}
