import * as v from 'valibot';
import { PageMetaSchema } from './site.ts';
import { ProductSummarySchema } from './catalog.ts';
import { SEARCH_QUERY_MAX } from './patterns.ts';

/** `GET search`: a page of products with the listing's filters and sort, and what was searched. */
export const SearchResponseSchema = v.object({
  data: v.array(ProductSummarySchema),
  meta: v.object({
    ...PageMetaSchema.entries,
    /** The query as the server understood it (normalised). */
    query: v.string(),
    /**
     * The query with typing mistakes corrected (`fundation` → `foundation`) when the results are
     * for that instead; null when the query was used as typed.
     */
    corrected: v.nullable(v.string()),
  }),
});
export type SearchResponse = v.InferOutput<typeof SearchResponseSchema>;

/** Query of `GET search/suggestions`: what is typed so far (a prefix is enough). */
export const SuggestionsQuerySchema = v.object({
  q: v.pipe(
    v.string(),
    v.transform((value) => value.normalize('NFKC').trim()),
    v.nonEmpty('must not be empty'),
    v.maxLength(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`),
  ),
});

/** `GET search/suggestions`: completions, products, brands and categories for the typed text. */
export const SuggestionsSchema = v.object({
  /** The text these suggestions answer (stale answers are recognised by it). */
  query: v.string(),
  /** The typed text corrected when only a corrected form matched; null otherwise. */
  corrected: v.nullable(v.string()),
  /** Whole searches to run: `velvet matte foundation`. */
  terms: v.array(v.object({ text: v.string() })),
  products: v.array(v.object({ slug: v.string(), name: v.string(), brandName: v.string(), imageUrl: v.string() })),
  brands: v.array(v.object({ slug: v.string(), name: v.string() })),
  categories: v.array(v.object({ path: v.string(), name: v.string() })),
});
export type Suggestions = v.InferOutput<typeof SuggestionsSchema>;
export const SuggestionsResponseSchema = v.object({ data: SuggestionsSchema });

/**
 * `GET search/popular-queries`: what shoppers of the request's country searched most in its
 * language (searches that found products), each shopper counted once a day, and only queries
 * enough different shoppers searched.
 */
export const PopularQueriesResponseSchema = v.object({ data: v.array(v.object({ query: v.string() })) });
export type PopularQuery = v.InferOutput<typeof PopularQueriesResponseSchema>['data'][number];
