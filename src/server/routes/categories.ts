import { Hono } from 'hono';
import { categoryTree } from '../catalog/categories.ts';
import type { Db } from '../db/client.ts';
import { cacheCatalogue } from '../http/cache.ts';
import type { AppEnv } from '../http/site.ts';
import { endpoint } from '../openapi/declare.ts';
import { CategoryTreeSchema } from '../../contract/catalog.ts';

export function categoryRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', endpoint({ id: 'categories.index', operation: 'index', description: "The category tree (top category → category → sub-category), named in the request's language.", status: 200, response: CategoryTreeSchema }), async (c) => {
    const data = await categoryTree(db, c.get('language'));
    cacheCatalogue(c);
    return c.json({ data });
  });
}
