import { Hono } from 'hono';
import { VariantsQuerySchema } from '../../contract/reviews.ts';
import { liveVariants } from '../catalog/variants.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import type { AppEnv } from '../http/site.ts';
import { parseInput } from '../http/validate.ts';

/** `GET variants?product={slug}`: live stock, never cached (the product page overrides its cached detail with it). */
export function variantRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { product } = parseInput(VariantsQuerySchema, c.req.query(), 'query');
    const data = await liveVariants(db, c.get('language'), product);
    if (!data) throw notFound();
    return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
  });
}
