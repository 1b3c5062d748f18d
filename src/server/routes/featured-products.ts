import { Hono } from 'hono';
import { FeaturedProductsBodySchema } from '../../contract/catalog-query.ts';
import { CATEGORY_PATH_PATTERN } from '../../contract/patterns.ts';
import { featuredProducts } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { invalidRequest } from '../http/errors.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { endpoint, jsonBody } from '../openapi/declare.ts';
import { FeaturedProductsResponseSchema } from '../../contract/catalog.ts';

/** A POST only because the contract says so (spec §7): it reads, never writes. */
export function featuredProductRoutes(db: Db) {
  return new Hono<AppEnv>().post('/', endpoint({ id: 'featuredProducts.create', operation: 'create', description: 'Products picked for a placement (home, category or product page). A POST by contract, but it only reads.', status: 200, response: FeaturedProductsResponseSchema, errors: { 403: 'Only in the developer sandbox.', 422: 'The products cannot be featured (unknown or not on sale here).' } }), jsonBody(FeaturedProductsBodySchema), async (c) => {
    const body = c.req.valid('json');
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
