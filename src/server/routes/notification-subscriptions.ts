import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { GuestSubscribeBodySchema, NotificationSubscriptionBodySchema, NotificationSubscriptionListSchema, NotificationSubscriptionResponseSchema } from '../../contract/reviews.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { listSubscriptions, subscribe, subscriptionById, subscriptionTarget, type SubscriptionTarget } from '../catalog/notifications.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { NO_STORE } from '../http/cache.ts';
import { invalidRequest, notFound } from '../http/errors.ts';
import { siteOf } from '../http/site.ts';
import { endpoint, jsonBody } from '../openapi/declare.ts';
import { MessageResponseSchema } from '../../contract/auth.ts';

/** The answer to a guest, new or repeat alike: it must not tell whether an address was subscribed. */
export const SUBSCRIBED_MESSAGE = 'We will email you once when this product is back in stock.';
export const NOT_THIS_PRODUCTS_VARIANT = 'is not a shade or size of this product';

/** "Notify me": `notification-subscription` (members) and `notification-subscription/subscribe` (anyone). */
export function notificationSubscriptionRoutes(db: Db, auth: AuthService) {
  const targetOf = async (slug: string, variantId: number | null | undefined): Promise<SubscriptionTarget> => {
    const result = await subscriptionTarget(db, slug, variantId);
    if (result.kind === 'noProduct') throw notFound();
    if (result.kind === 'noVariant') throw invalidRequest([{ field: 'body.variantId', message: NOT_THIS_PRODUCTS_VARIANT }]);
    return result.target;
  };
  const memberOf = async (sub: string) => {
    const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, Number(sub)));
    // A token outliving its account is no longer a session.
    if (!user) throw unauthorized();
    return user;
  };

  return new Hono<AuthEnv>()
    .get('/', endpoint({ id: 'notificationSubscriptions.index', operation: 'index', description: 'The signed-in member\'s "Notify me" subscriptions.', status: 200, response: NotificationSubscriptionListSchema, auth: true }), requireAccess(auth), async (c) => {
      const member = await memberOf(c.var.auth.sub);
      return c.json({ data: await listSubscriptions(db, member) }, 200, { 'Cache-Control': NO_STORE });
    })
    .post('/', endpoint({ id: 'notificationSubscriptions.create', operation: 'create', description: 'Subscribes the signed-in member to a back-in-stock email for a product or one variant (a repeat returns the same subscription).', status: 201, response: NotificationSubscriptionResponseSchema, auth: true, errors: { 404: 'No such product or variant.' } }), requireAccess(auth), jsonBody(NotificationSubscriptionBodySchema), async (c) => {
      const body = c.req.valid('json');
      const member = await memberOf(c.var.auth.sub);
      const target = await targetOf(body.product, body.variantId);
      const { id } = await subscribe(db, target, { email: member.email, userId: member.id, ...siteOf(c) });
      const data = await subscriptionById(db, id);
      if (!data) throw notFound();
      // 201 for a repeat too (the registry's status): the body is the same subscription either way.
      return c.json({ data }, 201);
    })
    .post('/subscribe', endpoint({ id: 'notificationSubscriptions.subscribe', operation: 'create', description: 'Anyone: subscribes an email address to a back-in-stock email; answers 202 the same way whether or not it was already subscribed.', status: 202, response: MessageResponseSchema, errors: { 404: 'No such subscription.' } }), jsonBody(GuestSubscribeBodySchema), async (c) => {
      const body = c.req.valid('json');
      const target = await targetOf(body.product, body.variantId);
      await subscribe(db, target, { email: body.email, userId: null, ...siteOf(c) });
      return c.json({ message: SUBSCRIBED_MESSAGE }, 202);
    });
}
