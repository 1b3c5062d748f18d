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
    /** The optional marketing consent as it stands now (its history is in `consents`). */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Every consent a user gave or refused, with the text variant they saw (spec §5); never updated, only added to. */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `personalInformation`, `thirdPartyDisclosure`, `policy`, `over14`, `marketing`, `beautyPass`. */
    kind: text('kind').notNull(),
    granted: boolean('granted').notNull(),
    /** Version of the text shown, e.g. the country's Beauty Pass terms variant. */
    variant: text('variant'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId)],
);

/** A registered Beauty Pass member (spec §6); a row exists only for members. */
export const beautyPassMembers = pgTable('beauty_pass_members', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tier: text('tier').notNull(),
  points: integer('points').notNull().default(0),
  /** The country's Beauty Pass terms variant the member agreed to. */
  termsVariant: text('terms_variant').notNull(),
  joinedAt: at('joined_at').notNull().defaultNow(),
});

/** The beauty profile (skin, hair, eyes, shades) as one validated JSON document. */
export const beautyProfiles = pgTable('beauty_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** One failed sign-in; `account_key` is the lower-cased email, `client_key` the client's address. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    clientKey: text('client_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_pair_idx').on(t.accountKey, t.clientKey, t.createdAt), index('sign_in_failures_client_idx').on(t.clientKey, t.createdAt)],
);

/** A block on an account from one client; support finds it by `reference_id` (also in the server log). */
export const signInBlocks = pgTable(
  'sign_in_blocks',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    clientKey: text('client_key').notNull(),
    referenceId: text('reference_id').notNull(),
    blockedUntil: at('blocked_until').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_blocks_pair_idx').on(t.accountKey, t.clientKey, t.blockedUntil), uniqueIndex('sign_in_blocks_reference_uq').on(t.referenceId)],
);

/** A password-reset link; only the sha256 of its token is stored, and it works once. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_hash_uq').on(t.tokenHash)],
);

/** Emails to send: written in the same transaction as what caused them, delivered by the mailer. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    /** `welcome`, `password-reset`, `password-changed`. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_emails_pending_idx').on(t.sentAt, t.id)],
);

/** An external sign-in (OpenID Connect) linked to a user: the issuer's `iss` and `sub`. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_uq').on(t.issuer, t.subject)],
);

/** User segments staff preview content for (`sea-falcon/all-user-segments`). */
export const userSegments = pgTable('user_segments', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
});

/** A header announcement aimed at one segment (`all` for everyone); drafts are seen only in staff preview. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    segmentKey: text('segment_key').notNull(),
    status: text('status').$type<'published' | 'draft'>().notNull(),
    text: jsonb('text').$type<Localized>().notNull(),
    /** Countries it runs in; null: every country. */
    countries: text('countries').array(),
  },
  (t) => [index('announcements_segment_idx').on(t.segmentKey)],
);
