import { Hono } from 'hono';
import * as v from 'valibot';
import { PRODUCT_PAGE_SIZE } from '../../config/constants.ts';
import { SlugSchema } from '../../contract/catalog.ts';
import { ProductFiltersQuerySchema, ProductListQuerySchema } from '../../contract/catalog-query.ts';
import { filtersOfParams } from '../../contract/listing-query.ts';
import { listProducts, productDetail, productFacets } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { cacheCatalogue } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { parseInput } from '../http/validate.ts';
import { resolveSearch } from '../search/resolve.ts';

const SlugParamSchema = v.object({ slug: SlugSchema });

export function productRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = parseInput(ProductListQuerySchema, c.req.query(), 'query');
      const site = siteOf(c);
      const result = await listProducts(db, site, {
        category: query.category,
        brand: query.brand,
        ...filtersOfParams(query),
        sort: query.sort ?? 'featured',
        page: query.page ?? 1,
        perPage: query.per_page ?? PRODUCT_PAGE_SIZE,
      });
      cacheCatalogue(c);
      return c.json(result);
    })
    // Before `/:slug`, which would take `filters` for a product slug.
    .get('/filters', async (c) => {
      const query = parseInput(ProductFiltersQuerySchema, c.req.query(), 'query');
      const site = siteOf(c);
      const searchTerms = query.q === undefined ? undefined : (await resolveSearch(db, site.language, query.q)).groups;
      const data = await productFacets(db, site, { category: query.category, brand: query.brand, ...filtersOfParams(query), searchTerms });
      cacheCatalogue(c);
      return c.json({ data });
    })
    .get('/:slug', async (c) => {
      const { slug } = parseInput(SlugParamSchema, c.req.param(), 'param');
      const data = await productDetail(db, siteOf(c), slug);
      if (!data) throw notFound();
      cacheCatalogue(c);
      return c.json({ data });
    });
}
