/*
 * Checkout's business figures: what a product owner decides, not how the code runs. The server
 * reads them (src/server/checkout); the figures of the bag are in cart.ts, delivery's in delivery.ts.
 */

/** How long the shopper has to answer the bank's challenge (3-D Secure) before the attempt lapses. */
export const CHALLENGE_MINUTES = 15;

/** Addresses a member keeps per country, the most recently used first: an order saves its address and drops the oldest beyond this. */
export const SAVED_ADDRESSES_PER_COUNTRY = 5;
