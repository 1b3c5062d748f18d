import { asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { LANGUAGE_CODES, type LanguageCode } from '../../config/countries.ts';
import { productImageUrl } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { brands, categories, products, searchIndexState, searchSuggestionKeys, searchSuggestions, searchWords, type Localized, type SuggestedProduct, type SuggestionKind } from '../db/schema.ts';
import { searchIndexChanged, SHORT_KEY_LENGTH } from './memory.ts';
import { createWordCache, normalizeText, wordStarts } from './text.ts';

/** Bump when normalisation, segmentation or the tables change: a server start then rebuilds the index. */
export const SEARCH_INDEX_VERSION = 1;
/** Suggestions kept per short key and kind: more than any answer shows. */
const SHORT_KEY_KEEP = 10;
/** Products precomputed per suggestion. */
export const SUGGESTION_PRODUCTS = 4;
const PRODUCT_BATCH = 10_000;
const UPDATE_BATCH = 5_000;
const INSERT_BATCH = 5_000;

/** True when the data holds an index of this version (a cheap one-row read at start). */
export async function searchIndexIsCurrent(db: Db): Promise<boolean> {
  const [row] = await db.select({ version: searchIndexState.version }).from(searchIndexState).where(eq(searchIndexState.id, 1));
  return row?.version === SEARCH_INDEX_VERSION;
}

interface Pick {
  id: number;
  /** Out-of-stock products come after those in stock, then the featured order. */
  rank: number;
}

/** Keeps the best `SUGGESTION_PRODUCTS` products of a suggestion without sorting them all. */
class TopProducts {
  readonly picks: Pick[] = [];
  count = 0;
  add(pick: Pick): void {
    this.count++;
    const picks = this.picks;
    if (picks.length === SUGGESTION_PRODUCTS && (picks[picks.length - 1]?.rank ?? 0) <= pick.rank) return;
    let at = picks.findIndex((p) => p.rank > pick.rank);
    if (at < 0) at = picks.length;
    picks.splice(at, 0, pick);
    if (picks.length > SUGGESTION_PRODUCTS) picks.pop();
  }
  ids(): number[] {
    return this.picks.map((p) => p.id);
  }
}

interface SuggestionRow {
  id: number;
  language: LanguageCode;
  kind: SuggestionKind;
  text: string;
  ref: string | null;
  weight: number;
  productIds: number[];
  products?: SuggestedProduct[];
}

interface KeyRow {
  language: LanguageCode;
  kind: SuggestionKind;
  complete: boolean;
  key: string;
  weight: number;
  suggestionId: number;
}

export interface SearchIndexStats {
  products: number;
  words: number;
  suggestions: number;
  keys: number;
  ms: number;
}

/** What the index needs of a product. */
export interface IndexedProduct {
  id: number;
  name: Localized;
  brandId: number;
  categoryId: number;
  featuredRank: number;
  totalStock: number;
}

/**
 * Collects the vocabulary and the suggestions while products pass through `add` (which answers the
 * product's `search_terms`), then writes the search tables in `finish`. The seed calls `add` as it
 * generates products, so their rows are written once with their terms; a rebuild reads them back.
 */
export class SearchIndexer {
  private readonly started = performance.now();
  private readonly wordsOf = createWordCache();
  private readonly vocabulary = new Map<string, { id: number; language: LanguageCode; word: string }>();
  /** Products per word, indexed by word id (ids are dense from 1 in insertion order). */
  private readonly weights: number[] = [];
  private readonly brandTerms: Map<number, number[]>;
  private readonly brandTop: Map<number, TopProducts>;
  private readonly categoryTop: Map<number, TopProducts>;
  private readonly categoryById: Map<number, CategoryRow>;
  /** A category with its ancestors (leaf first) and the ids of all their names' words. */
  private readonly lineage = new Map<number, { ids: number[]; terms: number[] }>();
  /** Term suggestions: one per distinct product name per language. */
  private readonly termTop = new Map<string, { language: LanguageCode; text: string; top: TopProducts }>();
  private productCount = 0;

  private constructor(
    private readonly brandRows: BrandRow[],
    private readonly categoryRows: CategoryRow[],
  ) {
    this.categoryById = new Map(categoryRows.map((c) => [c.id, c]));
    this.brandTerms = new Map(brandRows.map((b) => [b.id, this.termIds(b.name)]));
    this.brandTop = new Map(brandRows.map((b) => [b.id, new TopProducts()]));
    this.categoryTop = new Map(categoryRows.map((c) => [c.id, new TopProducts()]));
  }

  /** Reads the brands and categories the products will refer to. */
  static async create(db: Db): Promise<SearchIndexer> {
    const brandRows = await db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands);
    const categoryRows = await db.select({ id: categories.id, parentId: categories.parentId, path: categories.path, name: categories.name }).from(categories);
    return new SearchIndexer(brandRows, categoryRows);
  }

  /** The product's `search_terms`: the word ids of its name, brand and categories in every language. */
  add(product: IndexedProduct): number[] {
    this.productCount++;
    const pick = { id: product.id, rank: (product.totalStock > 0 ? 0 : 2_000_000_000) + product.featuredRank };
    const family = this.lineageOf(product.categoryId);
    const terms = [...new Set([...this.termIds(product.name), ...(this.brandTerms.get(product.brandId) ?? []), ...family.terms])];
    for (const id of terms) this.weights[id] = (this.weights[id] ?? 0) + 1;
    this.brandTop.get(product.brandId)?.add(pick);
    for (const id of family.ids) this.categoryTop.get(id)?.add(pick);
    for (const language of LANGUAGE_CODES) {
      const display = product.name[language];
      const key = `${language}\u0000${normalizeText(display)}`;
      let term = this.termTop.get(key);
      if (!term) this.termTop.set(key, (term = { language, text: display.toLowerCase(), top: new TopProducts() }));
      term.top.add(pick);
    }
    return terms;
  }

  /** The product row with its `search_terms` (`searchTerms`), for an insert. */
  withTerms<T extends IndexedProduct>(product: T): T & { searchTerms: number[] } {
    return { ...product, searchTerms: this.add(product) };
  }

  /** Replaces the vocabulary and typeahead tables with what `add` collected. */
  async finish(db: Db): Promise<SearchIndexStats> {
    const wordRows = [...this.vocabulary.values()].map((w) => ({ ...w, weight: this.weights[w.id] ?? 0 }));
    await db.delete(searchWords);
    await insertRows(db, sql`search_words (id, language, word, weight)`, sql`x(id integer, language text, word text, weight integer)`, wordRows);

    const suggestions: SuggestionRow[] = [];
    const add = (language: LanguageCode, kind: SuggestionKind, text: string, ref: string | null, top: TopProducts | undefined) => {
      if (top && top.count > 0) suggestions.push({ id: suggestions.length + 1, language, kind, text, ref, weight: top.count, productIds: top.ids() });
    };
    for (const term of this.termTop.values()) add(term.language, 'term', term.text, null, term.top);
    for (const language of LANGUAGE_CODES) {
      for (const brand of this.brandRows) add(language, 'brand', brand.name, brand.slug, this.brandTop.get(brand.id));
      for (const category of this.categoryRows) add(language, 'category', category.name[language], category.path, this.categoryTop.get(category.id));
    }
    const keys = suggestionKeys(suggestions);
    await attachProductCards(db, suggestions);

    await db.delete(searchSuggestionKeys);
    await db.delete(searchSuggestions);
    await insertRows(
      db,
      sql`search_suggestions (id, language, kind, text, ref, weight, products)`,
      sql`x(id integer, language text, kind text, text text, ref text, weight integer, products jsonb)`,
      suggestions.map(({ productIds: _ids, ...row }) => row),
      sql`id, language, kind, text, ref, weight, products`,
    );
    await insertRows(
      db,
      sql`search_suggestion_keys (language, kind, complete, key, weight, suggestion_id)`,
      sql`x(language text, kind text, complete boolean, key text, weight integer, "suggestionId" integer)`,
      keys,
      sql`language, kind, complete, key, weight, "suggestionId"`,
    );
    const state = { version: SEARCH_INDEX_VERSION, products: this.productCount, builtAt: new Date() };
    await db
      .insert(searchIndexState)
      .values({ id: 1, ...state })
      .onConflictDoUpdate({ target: searchIndexState.id, set: state });
    searchIndexChanged();
    return { products: this.productCount, words: wordRows.length, suggestions: suggestions.length, keys: keys.length, ms: Math.round(performance.now() - this.started) };
  }

  private wordId(language: LanguageCode, word: string): number {
    const key = `${language}\u0000${word}`;
    let entry = this.vocabulary.get(key);
    if (!entry) this.vocabulary.set(key, (entry = { id: this.vocabulary.size + 1, language, word }));
    return entry.id;
  }

  private termIds(text: Localized | string): number[] {
    const ids: number[] = [];
    for (const language of LANGUAGE_CODES) for (const word of this.wordsOf(typeof text === 'string' ? text : text[language])) ids.push(this.wordId(language, word));
    return ids;
  }

  private lineageOf(categoryId: number): { ids: number[]; terms: number[] } {
    let hit = this.lineage.get(categoryId);
    if (hit) return hit;
    const ids: number[] = [];
    const terms: number[] = [];
    for (let c = this.categoryById.get(categoryId); c; c = c.parentId === null ? undefined : this.categoryById.get(c.parentId)) {
      ids.push(c.id);
      terms.push(...this.termIds(c.name));
    }
    this.lineage.set(categoryId, (hit = { ids, terms }));
    return hit;
  }
}

interface BrandRow {
  id: number;
  slug: string;
  name: string;
}
interface CategoryRow {
  id: number;
  parentId: number | null;
  path: string;
  name: Localized;
}

/**
 * Rebuilds the index from the stored catalogue (a database seeded before the index existed, or by an
 * older version of it). Run inside a transaction by the caller; reads and rewrites products in
 * batches so 100,000 of them stay well within memory.
 */
export async function buildSearchIndex(db: Db): Promise<SearchIndexStats> {
  const indexer = await SearchIndexer.create(db);
  let lastId = 0;
  for (;;) {
    const batch = await db
      .select({ id: products.id, name: products.name, brandId: products.brandId, categoryId: products.categoryId, featuredRank: products.featuredRank, totalStock: products.totalStock })
      .from(products)
      .where(gt(products.id, lastId))
      .orderBy(asc(products.id))
      .limit(PRODUCT_BATCH);
    if (batch.length === 0) break;
    lastId = batch[batch.length - 1]?.id ?? lastId;
    const updates = batch.map((product) => ({ id: product.id, terms: indexer.add(product) }));
    for (let i = 0; i < updates.length; i += UPDATE_BATCH) {
      const json = JSON.stringify(updates.slice(i, i + UPDATE_BATCH));
      await db.execute(sql`update ${products} set search_terms = x.terms from jsonb_to_recordset(${json}::jsonb) as x(id integer, terms integer[]) where ${products.id} = x.id`);
    }
  }
  return indexer.finish(db);
}

/**
 * Every suggestion is found from the start of each of its words: complete keys for long prefixes,
 * and for each short prefix only the best few suggestions of each kind.
 */
function suggestionKeys(suggestions: readonly SuggestionRow[]): KeyRow[] {
  const rows: KeyRow[] = [];
  const short = new Map<string, KeyRow[]>();
  for (const s of suggestions) {
    const normalized = normalizeText(s.text);
    const seenComplete = new Set<string>();
    const seenShort = new Set<string>();
    for (const start of wordStarts(normalized)) {
      const key = normalized.slice(start);
      if (seenComplete.has(key)) continue;
      seenComplete.add(key);
      rows.push({ language: s.language, kind: s.kind, complete: true, key, weight: s.weight, suggestionId: s.id });
      const chars = Array.from(key);
      for (let length = 1; length <= Math.min(SHORT_KEY_LENGTH, chars.length); length++) {
        const prefix = chars.slice(0, length).join('');
        if (seenShort.has(prefix)) continue;
        seenShort.add(prefix);
        const group = `${s.language}\u0000${s.kind}\u0000${prefix}`;
        let list = short.get(group);
        if (!list) short.set(group, (list = []));
        list.push({ language: s.language, kind: s.kind, complete: false, key: prefix, weight: s.weight, suggestionId: s.id });
      }
    }
  }
  for (const list of short.values()) {
    list.sort((a, b) => b.weight - a.weight || a.suggestionId - b.suggestionId);
    rows.push(...list.slice(0, SHORT_KEY_KEEP));
  }
  return rows;
}

/**
 * The search box's product cards of every suggestion, in its language. Two flat reads, each at worst
 * one scan: during the seed the tables have no statistics yet, and a per-product subquery was planned
 * as a scan of all variants for each product (70 s at 20,000 products).
 */
async function attachProductCards(db: Db, suggestions: SuggestionRow[]): Promise<void> {
  const ids = `{${[...new Set(suggestions.flatMap((s) => s.productIds))].join(',')}}`;
  const productRows = rowsOf<{ id: number; slug: string; name: Localized; brandName: string }>(
    await db.execute(sql`select p.id, p.slug, p.name, b.name as "brandName" from products p join brands b on b.id = p.brand_id where p.id = any(${ids}::integer[])`),
  );
  const firstVariant = new Map(
    rowsOf<{ productId: number; variantId: number }>(
      await db.execute(sql`select product_id as "productId", min(id) as "variantId" from variants where product_id = any(${ids}::integer[]) group by product_id`),
    ).map((r) => [r.productId, Number(r.variantId)]),
  );
  const byId = new Map(productRows.map((p) => [p.id, p]));
  for (const s of suggestions) {
    s.products = s.productIds.flatMap((id) => {
      const p = byId.get(id);
      return p ? [{ slug: p.slug, name: p.name[s.language], brandName: p.brandName, imageUrl: productImageUrl(id, firstVariant.get(id) ?? 0) }] : [];
    });
  }
}

/** Multi-row insert through one JSON parameter per batch (fast on PGlite, same SQL on PostgreSQL). */
async function insertRows(db: Db, target: SQL, recordset: SQL, rows: readonly object[], columns?: SQL): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const json = JSON.stringify(rows.slice(i, i + INSERT_BATCH));
    await db.execute(sql`insert into ${target} select ${columns ?? sql`*`} from jsonb_to_recordset(${json}::jsonb) as ${recordset}`);
  }
}

/**
 * Builds the index of a database seeded before it existed (or by an older version), once, in one
 * transaction; then refreshes the planner's statistics, which PGlite never does by itself.
 */
export async function rebuildSearchIndexIfStale(db: Db): Promise<SearchIndexStats | null> {
  if (await searchIndexIsCurrent(db)) return null;
  const stats = await db.transaction((tx) => buildSearchIndex(tx));
  for (const table of ['products', 'search_words', 'search_suggestions', 'search_suggestion_keys']) await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  return stats;
}
