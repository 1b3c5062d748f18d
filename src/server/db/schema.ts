import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../config/countries.ts';

/** Text in each of the store's four languages. */
export type Localized = Record<LanguageCode, string>;

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  currency: text('currency').notNull(),
  languages: text('languages').array().notNull(),
  defaultLanguage: text('default_language').notNull(),
  /** Minor units (cents) of `currency`: every money column of the schema uses 1/100 of a unit. */
  freeShippingThresholdMinor: integer('free_shipping_threshold_minor').notNull(),
  /** The spec gives no figure for this country: the threshold is our own choice. */
  thresholdAssumed: boolean('threshold_assumed').notNull().default(false),
  bnplProviders: text('bnpl_providers').array().notNull(),
});

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    level: smallint('level').notNull(),
    slug: text('slug').notNull(),
    /** Slugs from the top category down joined by `/`; unique across the tree. */
    path: text('path').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('categories_path_uq').on(t.path),
    index('categories_parent_idx').on(t.parentId),
    // `text_pattern_ops` lets `path LIKE 'makeup/%'` use the index whatever the collation.
    index('categories_path_prefix_idx').using('btree', sql`${t.path} text_pattern_ops`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    brandId: integer('brand_id').notNull().references(() => brands.id),
    /** Always a leaf (level 3) category. */
    categoryId: integer('category_id').notNull().references(() => categories.id),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    ingredients: jsonb('ingredients').$type<Localized>().notNull(),
    howToUse: jsonb('how_to_use').$type<Localized>().notNull(),
    shape: text('shape').$type<ProductShape>().notNull(),
    /** Stored badges; `out_of_stock` is derived from variant stock and never stored. */
    badges: text('badges').array().notNull(),
    ratingAvg: numeric('rating_avg', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    ratingCount: integer('rating_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Lower ranks come first in the `featured` sort. */
    featuredRank: integer('featured_rank').notNull(),
    /** Sum of variant stock, kept here so listings need no aggregate. */
    totalStock: integer('total_stock').notNull(),
    variantCount: smallint('variant_count').notNull(),
  },
  (t) => [
    uniqueIndex('products_slug_uq').on(t.slug),
    index('products_category_featured_idx').on(t.categoryId, t.featuredRank, t.id),
    index('products_brand_featured_idx').on(t.brandId, t.featuredRank, t.id),
    index('products_featured_idx').on(t.featuredRank, t.id),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_rating_idx').on(t.ratingAvg, t.ratingCount, t.id),
  ],
);

export const PRODUCT_SHAPES = ['bottle', 'tube', 'jar', 'compact', 'palette', 'stick'] as const;
export type ProductShape = (typeof PRODUCT_SHAPES)[number];

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    kind: text('kind').$type<'shade' | 'size'>().notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    colorHex: text('color_hex'),
    stock: integer('stock').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('variants_sku_uq').on(t.sku), index('variants_product_idx').on(t.productId, t.position)],
);

export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull().references(() => countries.code),
    amountMinor: integer('amount_minor').notNull(),
    saleAmountMinor: integer('sale_amount_minor'),
    /** What the shopper pays (sale price when there is one): the price sorts order by it. */
    effectiveMinor: integer('effective_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.countryCode] }),
    index('product_prices_country_amount_idx').on(t.countryCode, t.effectiveMinor, t.productId),
    index('product_prices_country_sale_idx').on(t.countryCode, t.productId).where(sql`${t.saleAmountMinor} is not null`),
  ],
);

export const sandboxUsers = pgTable(
  'sandbox_users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_users_email_uq').on(sql`lower(${t.email})`)],
);

export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  /** sha256 (hex) of the raw request body. */
  bodyHash: text('body_hash').notNull(),
  state: text('state').$type<'in_flight' | 'done'>().notNull(),
  statusCode: integer('status_code'),
  responseBody: text('response_body'),
  contentType: text('content_type'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const USER_ROLES = ['shopper', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased, so the unique index is case-insensitive too. */
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash` (src/server/auth/password.ts). */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    country: text('country').notNull(),
    role: text('role').$type<UserRole>().notNull().default('shopper'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** One row per issued refresh token; a family is every token rotated from one sign-in. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 (hex) of the token: a database leak does not hand out sessions. */
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Id of the token this one was rotated into. */
    replacedBy: integer('replaced_by'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Secrets the server generates for itself in development (the JWT key when `JWT_SECRET` is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
