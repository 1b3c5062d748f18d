import { Hono } from 'hono';
import { categoryTree } from '../catalog/categories.ts';
import type { Db } from '../db/client.ts';
import { cacheCatalogue } from '../http/cache.ts';
import type { AppEnv } from '../http/site.ts';

export function categoryRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const data = await categoryTree(db, c.get('language'));
    cacheCatalogue(c);
    return c.json({ data });
  });
}
