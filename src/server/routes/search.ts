import { Hono } from 'hono';
import { PRODUCT_PAGE_SIZE } from '../../config/constants.ts';
import { SearchQuerySchema, type SearchQuery } from '../../contract/catalog-query.ts';
import { SuggestionsQuerySchema, type SearchResponse } from '../../contract/search.ts';
import { filtersOfParams } from '../../contract/listing-query.ts';
import { listProducts } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { cacheCatalogue } from '../http/cache.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { parseInput } from '../http/validate.ts';
import { popularQueries, recordSearch } from '../search/popular.ts';
import { resolveSearch } from '../search/resolve.ts';
import { suggest } from '../search/suggest.ts';
import { canonicalQuery } from '../search/text.ts';

/** Parameters that do not change what is searched for: a first page of a search counts whatever they say. */
const PRESENTATION = new Set(['q', 'sort', 'per_page']);

/**
 * A shopper's search, as opposed to its next pages or the same search narrowed by filters: only these
 * count towards popular searches, so paging through or filtering one search does not count it again.
 */
function isNewSearch(query: SearchQuery): boolean {
  return Object.entries(query).every(([key, value]) => PRESENTATION.has(key) || value === undefined || (key === 'page' && value === 1));
}

export function searchRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = parseInput(SearchQuerySchema, c.req.query(), 'query');
      const site = siteOf(c);
      const page = query.page ?? 1;
      const perPage = query.per_page ?? PRODUCT_PAGE_SIZE;
      const resolved = await resolveSearch(db, site.language, query.q);
      // Punctuation or emoji only: no words to look for, so nothing is found (not an error).
      const result =
        resolved.groups.length === 0
          ? { data: [], meta: { page, perPage, total: 0, totalPages: 0 } }
          : await listProducts(db, site, { category: query.category, brand: query.brand, ...filtersOfParams(query), searchTerms: resolved.groups, sort: query.sort ?? 'featured', page, perPage });
      if (result.meta.total > 0 && isNewSearch(query)) recordSearch(db, site.country, canonicalQuery(resolved.corrected ?? resolved.normalized));
      cacheCatalogue(c);
      const body: SearchResponse = { data: result.data, meta: { ...result.meta, query: resolved.normalized, corrected: resolved.corrected } };
      return c.json(body);
    })
    .get('/suggestions', async (c) => {
      const { q } = parseInput(SuggestionsQuerySchema, c.req.query(), 'query');
      const data = await suggest(db, c.get('language'), q);
      cacheCatalogue(c);
      return c.json({ data });
    })
    .get('/popular-queries', async (c) => {
      const data = await popularQueries(db, c.get('country'));
      cacheCatalogue(c);
      return c.json({ data });
    });
}
