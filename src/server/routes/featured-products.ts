import { Hono } from 'hono';
import { FeaturedProductsBodySchema } from '../../contract/catalog-query.ts';
import { CATEGORY_PATH_PATTERN } from '../../contract/patterns.ts';
import { featuredProducts } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { invalidRequest } from '../http/errors.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { parseJsonBody } from '../http/validate.ts';

/** A POST only because the contract says so (spec §7): it reads, never writes. */
export function featuredProductRoutes(db: Db) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const body = await parseJsonBody(c, FeaturedProductsBodySchema);
    if (body.placement === 'category' && body.category === undefined) {
      throw invalidRequest([{ field: 'body.category', message: 'is required for category placements' }]);
    }
    if (body.category !== undefined && !CATEGORY_PATH_PATTERN.test(body.category)) {
      throw invalidRequest([{ field: 'body.category', message: 'must be a category path' }]);
    }
    const data = await featuredProducts(db, siteOf(c), {
      placement: body.placement,
      category: body.category,
      limit: body.limit,
    });
    return c.json({ data });
  });
}
