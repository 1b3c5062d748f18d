import * as v from 'valibot';
import { OTHER_FILTERS, PRODUCT_SORTS, SLUG_PATTERN } from './listing-query.ts';

/*
 * The valibot schemas of the listing query's values, shared by the response schemas (catalog.ts,
 * which re-exports them) and the query schemas (catalog-query.ts), so that neither of those two
 * imports the other at run time.
 */

export const SlugSchema = v.pipe(v.string(), v.regex(SLUG_PATTERN, 'must be a lower-case slug'), v.maxLength(120));

export const ProductSortSchema = v.picklist(PRODUCT_SORTS, 'must be one of featured, newest, price_desc, price_asc, top_rated');

/** The "others" filter (spec §3): stored badges a shopper can narrow a listing to. */
export const OtherFilterSchema = v.picklist(OTHER_FILTERS, 'must be one of new, exclusive, coming_soon, priority_access, app_exclusive');
