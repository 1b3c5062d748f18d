import { Hono } from 'hono';
import * as v from 'valibot';
import { PRODUCT_PAGE_SIZE } from '../../config/constants.ts';
import { SlugSchema, ProductDetailResponseSchema, ProductFiltersResponseSchema, ProductListResponseSchema } from '../../contract/catalog.ts';
import { ProductFiltersQuerySchema, ProductListQuerySchema } from '../../contract/catalog-query.ts';
import { filtersOfParams } from '../../contract/listing-query.ts';
import { listProducts, productDetail, productFacets } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { cacheCatalogue } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { resolveSearch } from '../search/resolve.ts';
import { endpoint, params, query } from '../openapi/declare.ts';

const SlugParamSchema = v.object({ slug: SlugSchema });

export function productRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/', endpoint({ id: 'products.index', operation: 'index', description: "One page of products, filtered by category, brand or sale and priced in the request country's currency.", status: 200, response: ProductListResponseSchema }), query(ProductListQuerySchema), async (c) => {
      const query = c.req.valid('query');
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
    .get('/filters', endpoint({ id: 'productFilters.index', operation: 'index', description: 'The choices of each listing filter (brands, categories, price, others, on sale) with product counts that apply the other active filters. Takes the listing query (and q for search results).', status: 200, response: ProductFiltersResponseSchema }), query(ProductFiltersQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const site = siteOf(c);
      const searchTerms = query.q === undefined ? undefined : (await resolveSearch(db, site.language, query.q)).groups;
      const data = await productFacets(db, site, { category: query.category, brand: query.brand, ...filtersOfParams(query), searchTerms });
      cacheCatalogue(c);
      return c.json({ data });
    })
    .get('/:slug', endpoint({ id: 'products.show', operation: 'show', description: 'One product by slug, with its variants and category breadcrumb.', status: 200, response: ProductDetailResponseSchema, errors: { 404: 'No such product in this country.' }, otherAnswers: { 304: { description: 'Not modified: the `If-None-Match` ETag is the current one.' } } }), params(SlugParamSchema), async (c) => {
      const { slug } = c.req.valid('param');
      const data = await productDetail(db, siteOf(c), slug);
      if (!data) throw notFound();
      cacheCatalogue(c);
      return c.json({ data });
    });
}
