import { Hono } from 'hono';
import { VariantsQuerySchema, VariantListResponseSchema } from '../../contract/reviews.ts';
import { liveVariants } from '../catalog/variants.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import type { AppEnv } from '../http/site.ts';
import { endpoint, query } from '../openapi/declare.ts';

/** `GET variants?product={slug}`: live stock, never cached (the product page overrides its cached detail with it). */
export function variantRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', endpoint({ id: 'variants.index', operation: 'index', description: 'Live stock of the shades and sizes of one product (?product={slug}); never cached.', status: 200, response: VariantListResponseSchema, errors: { 404: 'No such product.' } }), query(VariantsQuerySchema), async (c) => {
    const { product } = c.req.valid('query');
    const data = await liveVariants(db, c.get('language'), product);
    if (!data) throw notFound();
    return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
  });
}
