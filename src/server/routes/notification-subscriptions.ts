import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { GuestSubscribeBodySchema, NotificationSubscriptionBodySchema } from '../../contract/reviews.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { listSubscriptions, subscribe, subscriptionById, subscriptionTarget, type SubscriptionTarget } from '../catalog/notifications.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { NO_STORE } from '../http/cache.ts';
import { invalidRequest, notFound } from '../http/errors.ts';
import { siteOf } from '../http/site.ts';
import { parseJsonBody } from '../http/validate.ts';

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
    .get('/', requireAccess(auth), async (c) => {
      const member = await memberOf(c.var.auth.sub);
      return c.json({ data: await listSubscriptions(db, member) }, 200, { 'Cache-Control': NO_STORE });
    })
    .post('/', requireAccess(auth), async (c) => {
      const body = await parseJsonBody(c, NotificationSubscriptionBodySchema);
      const member = await memberOf(c.var.auth.sub);
      const target = await targetOf(body.product, body.variantId);
      const { id } = await subscribe(db, target, { email: member.email, userId: member.id, ...siteOf(c) });
      const data = await subscriptionById(db, id);
      if (!data) throw notFound();
      // 201 for a repeat too (the registry's status): the body is the same subscription either way.
      return c.json({ data }, 201);
    })
    .post('/subscribe', async (c) => {
      const body = await parseJsonBody(c, GuestSubscribeBodySchema);
      const target = await targetOf(body.product, body.variantId);
      await subscribe(db, target, { email: body.email, userId: null, ...siteOf(c) });
      return c.json({ message: SUBSCRIBED_MESSAGE }, 202);
    });
}
