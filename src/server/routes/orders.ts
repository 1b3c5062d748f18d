import { Hono } from 'hono';
import { ORDERS_PAGE_SIZE } from '../../config/api-limits.ts';
import * as v from 'valibot';
import { OrderCancelSchema, OrderLookupSchema, OrderListQuerySchema, OrderCancelResponseSchema, OrderListResponseSchema, OrderResponseSchema } from '../../contract/checkout.ts';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { listOrders, lookupOrder, memberOrder } from '../checkout/orders.ts';
import { cancelOrder, type CancelDeps } from '../checkout/cancel.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { endpoint, jsonBody, params, query } from '../openapi/declare.ts';

const NumberParamSchema = v.object({ number: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}\d{1,12}$/, 'must be an order number')) });

/**
 * A member's orders (`GET orders`, `GET orders/{number}`: another member's number is a 404, not a
 * 403) and a guest's lookup by number and email (`POST orders/lookup`, limited per client like
 * sign-in: guessing numbers gets blocked). `POST orders/{number}/cancel`: the member cancels their own
 * order while it is placed or paid (issue 15), the payment given back through `cancel.payments`.
 */
export function orderRoutes(db: Db, auth: AuthService, lookups: RateLimit, cancel: CancelDeps) {
  return new Hono<AuthEnv>()
    .get('/', endpoint({ id: 'orders.index', operation: 'index', description: "The member's orders, newest first, paged (total, status, date, items, points earned).", status: 200, response: OrderListResponseSchema, auth: true }), requireAccess(auth), query(OrderListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      return c.json(await listOrders(db, Number(c.var.auth.sub), query.page ?? 1, query.per_page ?? ORDERS_PAGE_SIZE), 200);
    })
    .post('/lookup', endpoint({ id: 'orderLookups.create', operation: 'create', description: 'A guest finds an order by its number and the email it was placed with (404 when either is wrong; 429 too_many_attempts after repeated misses from one client).', status: 200, response: OrderResponseSchema, errors: { 404: 'No order with that number and email.', 429: 'Too many lookups from this client; try later.' } }), jsonBody(OrderLookupSchema), async (c) => {
      await lookups.check(c);
      const { number, email } = c.req.valid('json');
      const order = await lookupOrder(db, number, email);
      if (!order) {
        await lookups.fail(c);
        throw notFound('No order with this number and email');
      }
      return c.json({ data: order }, 200);
    })
    .post('/:number/cancel', endpoint({ id: 'orderCancellations.create', operation: 'create', description: "The member cancels their own order while it is placed or paid (`cancellable`): stock, the reward's unit, the points (the reward's back, the earned ones reversed as far as the balance holds them), the year's spend and gift card payments are returned in one transaction, then the payment is refunded (captured) or voided (held). Answers the order, cancelled. 404 for another's order; 409 order_not_cancellable with its `orderStatus` (a second cancel too: never a second refund), or `reason: gift_cards` for an order that bought e-gift cards.", status: 200, response: OrderCancelResponseSchema, auth: true, errors: { 404: 'No such order of this shopper.', 409: 'The order can no longer be cancelled (shipped, or cancelled already).' } }), requireAccess(auth), params(NumberParamSchema), jsonBody(OrderCancelSchema), async (c) => {
      const { number } = c.req.valid('param');
      c.req.valid('json');
      return c.json({ data: await cancelOrder(cancel, Number(c.var.auth.sub), number) }, 200);
    })
    .get('/:number', endpoint({ id: 'orders.show', operation: 'show', description: "One of the member's orders as it was placed: lines, figures, tax, shipping, masked payment, address, points, status history. Another member's number: 404.", status: 200, response: OrderResponseSchema, auth: true, errors: { 404: 'No such order of this shopper.' } }), requireAccess(auth), params(NumberParamSchema), async (c) => {
      const { number } = c.req.valid('param');
      const order = await memberOrder(db, Number(c.var.auth.sub), number);
      if (!order) throw notFound();
      return c.json({ data: order }, 200);
    });
}
