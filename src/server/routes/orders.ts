import { Hono } from 'hono';
import { ORDERS_PAGE_SIZE } from '../../config/api-limits.ts';
import * as v from 'valibot';
import { OrderCancelSchema, OrderLookupSchema, OrderListQuerySchema } from '../../contract/checkout.ts';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { listOrders, lookupOrder, memberOrder } from '../checkout/orders.ts';
import { cancelOrder, type CancelDeps } from '../checkout/cancel.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { parseInput, parseJsonBody } from '../http/validate.ts';
import type { RateLimit } from '../http/rate-limit.ts';

const NumberParamSchema = v.object({ number: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}\d{1,12}$/, 'must be an order number')) });

/**
 * A member's orders (`GET orders`, `GET orders/{number}`: another member's number is a 404, not a
 * 403) and a guest's lookup by number and email (`POST orders/lookup`, limited per client like
 * sign-in: guessing numbers gets blocked). `POST orders/{number}/cancel`: the member cancels their own
 * order while it is placed or paid (issue 15), the payment given back through `cancel.payments`.
 */
export function orderRoutes(db: Db, auth: AuthService, lookups: RateLimit, cancel: CancelDeps) {
  return new Hono<AuthEnv>()
    .get('/', requireAccess(auth), async (c) => {
      const query = parseInput(OrderListQuerySchema, c.req.query(), 'query');
      return c.json(await listOrders(db, Number(c.var.auth.sub), query.page ?? 1, query.per_page ?? ORDERS_PAGE_SIZE), 200);
    })
    .post('/lookup', async (c) => {
      await lookups.check(c);
      const { number, email } = await parseJsonBody(c, OrderLookupSchema);
      const order = await lookupOrder(db, number, email);
      if (!order) {
        await lookups.fail(c);
        throw notFound('No order with this number and email');
      }
      return c.json({ data: order }, 200);
    })
    .post('/:number/cancel', requireAccess(auth), async (c) => {
      const { number } = parseInput(NumberParamSchema, c.req.param(), 'param');
      await parseJsonBody(c, OrderCancelSchema);
      return c.json({ data: await cancelOrder(cancel, Number(c.var.auth.sub), number) }, 200);
    })
    .get('/:number', requireAccess(auth), async (c) => {
      const { number } = parseInput(NumberParamSchema, c.req.param(), 'param');
      const order = await memberOrder(db, Number(c.var.auth.sub), number);
      if (!order) throw notFound();
      return c.json({ data: order }, 200);
    });
}
