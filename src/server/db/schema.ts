/**
 * The database schema, by part: drizzle-kit reads this file (drizzle.config.ts) and the server's
 * queries import their tables from it.
 */
// Catalogue, accounts, bag and wish list, content.
export * from './schema-core.ts';
// The test card processor's records (a real payment provider keeps these on its side).
export * from './schema-payments.ts';
// Orders, the points ledger, checkout attempts, saved addresses, promo code uses.
export * from './schema-orders.ts';
// E-gift cards, their balance changes, and the cards waiting in a bag.
export * from './schema-gift-cards.ts';
// Happening: artists, class and event sessions, reservations and their history.
export * from './schema-happening.ts';
// Beauty Pass: tier changes, the daily job's runs, rewards and the reward in a bag.
export * from './schema-loyalty.ts';
