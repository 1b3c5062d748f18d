import { Hono } from 'hono';
import { PRODUCT_PAGE_SIZE } from '../../config/constants.ts';
import { SearchQuerySchema, type SearchQuery } from '../../contract/catalog-query.ts';
import { SuggestionsQuerySchema, type SearchResponse, PopularQueriesResponseSchema, SearchResponseSchema, SuggestionsResponseSchema } from '../../contract/search.ts';
import { filtersOfParams } from '../../contract/listing-query.ts';
import { listProducts } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { cacheCatalogue } from '../http/cache.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { clientKeyOf } from '../auth/throttle.ts';
import { popularQueries, recordSearch, shopperOf } from '../search/popular.ts';
import { resolveSearch } from '../search/resolve.ts';
import { suggest } from '../search/suggest.ts';
import { canonicalQuery } from '../search/text.ts';
import { endpoint, query } from '../openapi/declare.ts';

/** Parameters that do not change what is searched for: a first page of a search counts whatever they say. */
const PRESENTATION = new Set(['q', 'sort', 'per_page']);

/**
 * A shopper's search, as opposed to its next pages or the same search narrowed by filters: only these
 * count towards popular searches, so paging through or filtering one search does not count it again.
 */
function isNewSearch(query: SearchQuery): boolean {
  return Object.entries(query).every(([key, value]) => PRESENTATION.has(key) || value === undefined || (key === 'page' && value === 1));
}

export interface SearchRouteOptions {
  /** Who a shopper is for popular searches: the client's address (`X-Forwarded-For` behind a trusted proxy). */
  trustProxy?: boolean;
  /** The server key the shopper's address is hashed with (the auth service's). */
  secret: () => Promise<Buffer>;
  /** The clock of the country's day a search counts in; tests move it. */
  now?: () => Date;
}

export function searchRoutes(db: Db, { trustProxy = false, secret, now = () => new Date() }: SearchRouteOptions) {
  return new Hono<AppEnv>()
    .get('/', endpoint({ id: 'search.index', operation: 'index', description: 'Products matching q (typing mistakes corrected), with the listing filters, sort and paging; meta.corrected names the corrected query.', status: 200, response: SearchResponseSchema }), query(SearchQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const site = siteOf(c);
      const page = query.page ?? 1;
      const perPage = query.per_page ?? PRODUCT_PAGE_SIZE;
      const resolved = await resolveSearch(db, site.language, query.q);
      // Punctuation or emoji only: no words to look for, so nothing is found (not an error).
      const result =
        resolved.groups.length === 0
          ? { data: [], meta: { page, perPage, total: 0, totalPages: 0 } }
          : await listProducts(db, site, { category: query.category, brand: query.brand, ...filtersOfParams(query), searchTerms: resolved.groups, sort: query.sort ?? 'featured', page, perPage });
      if (result.meta.total > 0 && isNewSearch(query)) {
        recordSearch(db, site, canonicalQuery(resolved.corrected ?? resolved.normalized), shopperOf(clientKeyOf(c, trustProxy), await secret()), now().getTime());
      }
      cacheCatalogue(c);
      const body: SearchResponse = { data: result.data, meta: { ...result.meta, query: resolved.normalized, corrected: resolved.corrected } };
      return c.json(body);
    })
    .get('/suggestions', endpoint({ id: 'searchSuggestions.index', operation: 'index', description: 'Suggestions as the shopper types: completions, products, brands and categories for a prefix.', status: 200, response: SuggestionsResponseSchema }), query(SuggestionsQuerySchema), async (c) => {
      const { q } = c.req.valid('query');
      const data = await suggest(db, c.get('language'), q);
      cacheCatalogue(c);
      return c.json({ data });
    })
    .get('/popular-queries', endpoint({ id: 'popularQueries.index', operation: 'index', description: "What shoppers of the request's country searched most in the request's language (searches that found products): each shopper (client address) counts once a day, and a query is listed once at least 3 different shoppers searched it in the last 30 days.", status: 200, response: PopularQueriesResponseSchema }), async (c) => {
      const data = await popularQueries(db, siteOf(c), now().getTime());
      cacheCatalogue(c);
      return c.json({ data });
    });
}
