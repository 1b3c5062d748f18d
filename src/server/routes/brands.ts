import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { brands } from '../db/schema.ts';
import { cacheCatalogue } from '../http/cache.ts';
import type { AppEnv } from '../http/site.ts';
import { endpoint } from '../openapi/declare.ts';
import { BrandListSchema } from '../../contract/catalog.ts';

export function brandRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', endpoint({ id: 'brands.index', operation: 'index', description: 'All brands, sorted by name.', status: 200, response: BrandListSchema }), async (c) => {
    const rows = await db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands).orderBy(asc(brands.name));
    cacheCatalogue(c);
    return c.json({ data: rows });
  });
}
