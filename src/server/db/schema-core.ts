import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { LINE_QUANTITY_LIMIT } from '../../config/cart.ts';
import type { LanguageCode } from '../../config/countries.ts';
import { integerLiteral } from './sql-literal.ts';

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
    /** Ids of the `search_words` the product's texts contain (all languages): what `GET search` matches. */
    searchTerms: integer('search_terms').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * `catalogue_version.version` of the last update of the row, stamped by a trigger (migration
     * 0005): servers keep summaries in memory and re-read the rows changed since the version they hold.
     */
    changeVersion: bigint('change_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('products_slug_uq').on(t.slug),
    // Featured picks of a category (stock is checked on the rows: it changes).
    index('products_category_featured_idx').on(t.categoryId, t.featuredRank, t.id),
    // The listing index (src/server/catalog/listing-index/build.ts) reads the featured order with what
    // listings filter on, the newest and the top-rated order, each from its index alone: the table
    // itself is wide (four languages of texts). Trailing key columns stand in for INCLUDE, which
    // drizzle-kit cannot write; they never change the order (id is unique).
    index('products_featured_idx').on(t.featuredRank, t.id, t.categoryId, t.brandId, t.badges),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_rating_idx').on(t.ratingAvg.desc(), t.ratingCount.desc(), t.id),
    index('products_search_terms_idx').using('gin', t.searchTerms),
    index('products_change_version_idx').on(t.changeVersion),
  ],
);

/** What a product's picture draws (src/server/media/product-svg.ts), chosen by its sub-category (seed/categories.ts). */
export const PRODUCT_SHAPES = [
  'bottle',
  'tube',
  'jar',
  'compact',
  'palette',
  'stick',
  'nail_bottle',
  'dropper',
  'pump',
  'spray',
  'perfume',
  'sheet_mask',
  'pencil',
  'wand',
  'brush',
  'sponge',
  'curler',
  'pouch',
  'mirror',
  'candle',
  'diffuser',
] as const;
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
    /** `catalogue_version.version` of the last update of the row (trigger, migration 0005), as `products.change_version`. */
    changeVersion: bigint('change_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('variants_sku_uq').on(t.sku), index('variants_product_idx').on(t.productId, t.position), index('variants_change_version_idx').on(t.changeVersion)],
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
    // A country's prices in price order, read from the index alone by the listing index.
    index('product_prices_country_amount_idx').on(t.countryCode, t.effectiveMinor, t.productId, t.amountMinor, t.saleAmountMinor),
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
  /** `answered_by_route`: a write that answers its repeats itself (`IdempotencyOptions`); nothing stored but the claim. */
  state: text('state').$type<'in_flight' | 'done' | 'answered_by_route'>().notNull(),
  statusCode: integer('status_code'),
  responseBody: text('response_body'),
  contentType: text('content_type'),
  /** `Set-Cookie` lines replayed with the answer: a guest bag's cookie (never session cookies, which are not stored). */
  setCookies: text('set_cookies').array(),
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

/**
 * A registered Beauty Pass member (spec §6); a row exists only for members. Its row lock orders
 * every change of the member's points and tier (src/server/loyalty/ledger.ts): `points` is the
 * ledger's sum kept beside it, and its check is what keeps a balance from going below zero under
 * any interleaving. Dates are calendar days in the member's country (users.country).
 */
export const beautyPassMembers = pgTable(
  'beauty_pass_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    points: integer('points').notNull().default(0),
    /** The country's Beauty Pass terms variant the member agreed to. */
    termsVariant: text('terms_variant').notNull(),
    joinedAt: at('joined_at').notNull().defaultNow(),
    /** First and last day of the membership year (spend toward the next tier and renewal counts within it). */
    yearStart: date('year_start', { mode: 'string' }).notNull().default(sql`current_date`),
    yearEnd: date('year_end', { mode: 'string' }).notNull().default(sql`(current_date + interval '1 year' - interval '1 day')::date`),
    /** Spend of the membership year so far, in minor units of the country's currency. */
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull().default(0),
    /** The last purchase or reward redemption (joining, before any): every point expires 18 months after it (spec §9). */
    pointsActiveOn: date('points_active_on', { mode: 'string' }).notNull().default(sql`current_date`),
  },
  (t) => [check('beauty_pass_members_points_check', sql`${t.points} >= 0`), check('beauty_pass_members_year_check', sql`${t.yearStart} <= ${t.yearEnd}`)],
);

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

/**
 * Search vocabulary: one row per distinct normalised word per language (src/server/search/text.ts).
 * `products.search_terms` holds these ids; a query resolves its words to ids here (exact words and
 * completions from memory, typing mistakes by trigram similarity), so products are only ever probed
 * through their GIN index.
 */
export const searchWords = pgTable(
  'search_words',
  {
    id: integer('id').primaryKey(),
    language: text('language').$type<LanguageCode>().notNull(),
    word: text('word').notNull(),
    /** How many products use the word: ranks prefix completions and typo corrections. */
    weight: integer('weight').notNull(),
  },
  (t) => [
    uniqueIndex('search_words_language_word_uq').on(t.language, t.word),
    // Typing mistakes: `word % 'fundation'` (pg_trgm, created before the migrations run).
    index('search_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  ],
);

export type SuggestionKind = 'term' | 'brand' | 'category';

/** What the search box can suggest: whole searches (product names), brands and categories, per language. */
export const searchSuggestions = pgTable('search_suggestions', {
  id: integer('id').primaryKey(),
  language: text('language').$type<LanguageCode>().notNull(),
  kind: text('kind').$type<SuggestionKind>().notNull(),
  /** As shown: a term in lower case, a brand or category name as written. */
  text: text('text').notNull(),
  /** Brand slug or category path; null for terms. */
  ref: text('ref'),
  /** Products it stands for: ranks suggestions of one kind. */
  weight: integer('weight').notNull(),
  /**
   * Best-featured products of the suggestion as the search box shows them, in this language:
   * precomputed so a keystroke costs one indexed read and never touches products.
   */
  products: jsonb('products').$type<SuggestedProduct[]>().notNull(),
});

export interface SuggestedProduct {
  slug: string;
  name: string;
  brandName: string;
  imageUrl: string;
}

/**
 * Typeahead keys: a suggestion is found by the text from the start of any of its words. Short keys
 * (`complete = false`, the first few characters) keep only the best suggestions per key and kind, so
 * a one-letter prefix answers a handful of suggestions; complete keys answer longer prefixes by range.
 * Read whole into memory by src/server/search/memory.ts (a keystroke must not cost a query), so no index.
 */
export const searchSuggestionKeys = pgTable('search_suggestion_keys', {
  language: text('language').$type<LanguageCode>().notNull(),
  kind: text('kind').$type<SuggestionKind>().notNull(),
  complete: boolean('complete').notNull(),
  key: text('key').notNull(),
  weight: integer('weight').notNull(),
  /** `search_suggestions.id`; no foreign key: both tables are only ever rebuilt together. */
  suggestionId: integer('suggestion_id').notNull(),
});

/**
 * Searches that found products (popular searches): one row per shopper, query and day in the
 * country's calendar, in the language searched in. The primary key decides that a shopper
 * repeating a query counts once a day, however many processes flush at once (insert … on conflict
 * do nothing). `shopper` is a keyed hash of the client's address, never the address itself.
 */
export const searchQueryShoppers = pgTable(
  'search_query_shoppers',
  {
    country: text('country').notNull(),
    language: text('language').$type<LanguageCode>().notNull(),
    query: text('query').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shopper: text('shopper').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.language, t.query, t.day, t.shopper] }), index('search_query_shoppers_day_idx').on(t.day)],
);

/** One row: which version of the search index the data holds (rebuilt at start when it differs). */
export const searchIndexState = pgTable('search_index_state', {
  id: smallint('id').primaryKey(),
  version: integer('version').notNull(),
  products: integer('products').notNull(),
  builtAt: at('built_at').notNull(),
});

/**
 * One row: a counter every statement that updates `products` or `variants` moves on (a trigger, migration 0005),
 * inside its own transaction. The row lock makes writers commit their versions in order, so a reader
 * that sees version N has seen every product row stamped N or lower. Each listing reads it (one tiny
 * query) to know whether the summaries it holds in memory are still current.
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * One row: a counter moved on by every statement that adds or removes products or variants, or
 * writes prices (triggers, migration 0005). The listing index reads those only when it is built,
 * so a snapshot of it (src/server/catalog/listing-index/snapshot.ts) is good while this stays the same.
 */
export const catalogueStructureVersion = pgTable('catalogue_structure_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/*
 * The bag and the wish list (issue 12). Money columns are minor units (1/100) as everywhere else.
 */

/** A sample a shopper may pick with a purchase (spec §5), per country; free, never in the subtotal. */
export const samples = pgTable(
  'samples',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    name: jsonb('name').$type<Localized>().notNull(),
    stock: integer('stock').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [index('samples_country_idx').on(t.countryCode, t.position), check('samples_stock_check', sql`${t.stock} >= 0`)],
);

/**
 * A promotion of one country (spec §3 Offer): `percent` off or an `amount` (minor units) off, from a
 * minimum spend or none, usable through `valid_till` in the country's calendar. `tiers`: a Beauty
 * Pass offer for those tiers only; null: everyone's.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    /** Percent (1–100) or minor units, by `kind`. */
    value: integer('value').notNull(),
    minimumSpendMinor: integer('minimum_spend_minor'),
    /** First day the code works, in the country's calendar; null: from its creation. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTill: date('valid_till', { mode: 'string' }).notNull(),
    tiers: text('tiers').array(),
    /** Most orders the code may discount in all (null: no limit), and per member or guest email (null: no limit). */
    usageLimitTotal: integer('usage_limit_total'),
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
  },
  (t) => [
    uniqueIndex('offers_country_code_uq').on(t.countryCode, t.code),
    check('offers_kind_check', sql`${t.kind} in ('percent', 'amount') and ${t.value} > 0 and (${t.kind} = 'amount' or ${t.value} <= 100)`),
  ],
);

/**
 * One bag per shopper and country: a member's by `user_id`, a guest's by the sha256 of the opaque
 * token in its http-only cookie (a leaked table hands out no bags). Created on the first write only.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestTokenHash: text('guest_token_hash'),
    /** Moves on with every write of the bag or its lines (one UPDATE … RETURNING in the write's transaction). */
    version: integer('version').notNull().default(0),
    appliedOfferId: integer('applied_offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** What the last guest-bag merge capped, shown once (cleared by the next read of the bag). */
    mergeNotice: jsonb('merge_notice').$type<MergeNoticeEntry[]>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_country_uq').on(t.userId, t.countryCode),
    uniqueIndex('carts_guest_country_uq').on(t.guestTokenHash, t.countryCode),
    check('carts_owner_check', sql`(${t.userId} is null) <> (${t.guestTokenHash} is null)`),
  ],
);

export interface MergeNoticeEntry {
  variantId: number;
  requested: number;
  kept: number;
}

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_cart_variant_uq').on(t.cartId, t.variantId),
    // The database holds the rule too: no write path can store a quantity the contract refuses.
    check('cart_lines_quantity_check', sql`${t.quantity} between 1 and ${integerLiteral(LINE_QUANTITY_LIMIT)}`),
  ],
);

export const cartSamples = pgTable(
  'cart_samples',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => samples.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.sampleId] })],
);

/** A member's wish list: one entry per product, with the shade or size liked last (optional). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

