import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../config/countries.ts';

/*
 * The catalogue: countries, brands, categories, products with their variants and prices per
 * country, and the versions every catalogue write moves (src/server/db/functions/catalogue.sql).
 */

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
