import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../config/countries.ts';

/*
 * The search index: the vocabulary, the suggestions and their keys, popular searches and the index's version.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
