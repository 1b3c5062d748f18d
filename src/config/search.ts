/*
 * Popular searches' business figures (src/server/search/popular.ts): how many are shown, how many
 * different shoppers make a query popular, and over how many days they are counted.
 */

/** Popular searches shown at most. */
export const POPULAR_QUERIES_LIMIT = 10;
/** Different shoppers who must have searched a query (with results) before it is shown to anyone. */
export const POPULAR_MIN_SHOPPERS = 3;
/** Days counted, the country's today included; older rows are deleted as new ones are written. */
export const POPULAR_WINDOW_DAYS = 30;
