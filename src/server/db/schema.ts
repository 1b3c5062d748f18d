/**
 * The database schema, by part: drizzle-kit reads this file (drizzle.config.ts) and the server's
 * queries import their tables from it.
 */
// Countries, brands, categories, products, variants, prices and the catalogue's versions.
export * from './schema-catalogue.ts';
// Users and their sign-in, consents and beauty profiles.
export * from './schema-accounts.ts';
// Idempotency keys and the outbox of emails.
export * from './schema-platform.ts';
// User segments and announcements.
export * from './schema-content.ts';
// Reviews, waiting lists and back-in-stock notices.
export * from './schema-reviews.ts';
// The search index.
export * from './schema-search.ts';
// The bag, its samples and offers, and the wish list.
export * from './schema-cart.ts';
// The test card processor's records (a real payment provider keeps these on its side).
export * from './schema-payments.ts';
// Orders, checkout attempts, saved addresses, promo code uses.
export * from './schema-orders.ts';
// E-gift cards, their balance changes, and the cards waiting in a bag.
export * from './schema-gift-cards.ts';
// Happening: artists, class and event sessions, reservations and their history.
export * from './schema-happening.ts';
// Beauty Pass: members, the points ledger, tier changes, the daily job's runs, rewards and the reward in a bag.
export * from './schema-loyalty.ts';
