import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, variants } from './schema-catalogue.ts';
import { users } from './schema-accounts.ts';

/*
 * A member about a product: published reviews, waiting lists and back-in-stock notices.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A published product review; one per product per member (spec §1, issue 5). */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    /** Plain text as written; markup in it is shown, never run. */
    body: text('body').notNull(),
    /** Shown as the author: first name and last-name initial at the time of writing. */
    authorName: text('author_name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_uq').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt, t.id),
    index('reviews_product_rating_idx').on(t.productId, t.rating, t.id),
  ],
);

/** A member waiting for an out-of-stock or coming-soon product. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('waitlist_entries_product_idx').on(t.productId)],
);

/** "Notify me": an email when a product (or one of its variants) is back in stock. */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null: any shade or size of the product. */
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    /** Null for a guest, who gave only `email`. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    country: text('country').notNull(),
    language: text('language').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Set when the back-in-stock email is queued: a subscription is told once. */
    notifiedAt: at('notified_at'),
  },
  (t) => [
    uniqueIndex('notification_subscriptions_uq').on(t.productId, sql`coalesce(${t.variantId}, 0)`, t.email),
    index('notification_subscriptions_user_idx').on(t.userId),
  ],
);
