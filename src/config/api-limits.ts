/** The API's business limits and windows: how many, how long, how often (spec §9). */

/** A guest's order lookups: wrong number-and-email guesses per client before a pause (as sign-in's). */
export const ORDER_LOOKUP_MAX_FAILURES = 10;
export const ORDER_LOOKUP_WINDOW_SECONDS = 15 * 60;
/** Wrong gift card code-and-PIN pairs per client (balance checks and checkouts together) before a pause. */
export const GIFT_CARD_MAX_FAILURES = 10;
export const GIFT_CARD_WINDOW_SECONDS = 15 * 60;
/** A guest's booking lookups: wrong number-and-email guesses per client before a pause (as the orders'). */
export const BOOKING_LOOKUP_MAX_FAILURES = 10;
export const BOOKING_LOOKUP_WINDOW_SECONDS = 15 * 60;

/** Orders per page of the order history when the client does not ask for a size. */
export const ORDERS_PAGE_SIZE = 10;

/** A reset link works for 30 minutes. */
export const DEFAULT_RESET_TTL_MS = 30 * 60_000;
/** Reset emails per address per hour; more requests answer the same but send nothing. */
export const DEFAULT_RESET_EMAILS_PER_HOUR = 5;

/** A product's reviews may be reused by browsers and caches for a minute. */
export const REVIEWS_MAX_AGE_SECONDS = 60;

/** Segments one staff preview may combine. */
export const PREVIEW_MAX_SEGMENTS = 50;

/** The developer mailbox (`sandbox/emails`) shows the newest this many: it is for reading the last reset link, not an archive. */
export const SANDBOX_MAILBOX_SIZE = 200;
