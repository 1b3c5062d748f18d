import type { LanguageCode } from '../../config/countries.ts';
import type { Suggestions } from '../../contract/search.ts';
import type { Db } from '../db/client.ts';
import type { SuggestedProduct, SuggestionKind } from '../db/schema.ts';
import { SUGGESTION_PRODUCTS } from './build.ts';
import { searchMemory, type SuggestionHit } from './memory.ts';
import { resolveSearch } from './resolve.ts';
import { normalizeText, words } from './text.ts';

/** How many of each kind an answer shows. */
const SHOWN: Record<SuggestionKind, number> = { term: 6, brand: 3, category: 4 };

/**
 * Suggestions for the text typed so far: from the typeahead keys held in memory (a short key's
 * precomputed list, or the range of complete keys it begins), in the request language and else in English
 * (brand and product names typed in Latin letters on a Thai or Chinese site). When nothing starts
 * with the text, its typing mistakes are corrected and the corrected text is looked up instead.
 */
export async function suggest(db: Db, language: LanguageCode, query: string): Promise<Suggestions> {
  const empty: Suggestions = { query, corrected: null, terms: [], products: [], brands: [], categories: [] };
  const normalized = normalizeText(query);
  if (words(normalized).length === 0) return empty;

  let corrected: string | null = null;
  let hits = await lookupWithFallback(db, language, normalized);
  if (hits.length === 0) {
    const resolved = await resolveSearch(db, language, normalized, { prefixLast: true });
    if (resolved.corrected) {
      corrected = resolved.corrected;
      hits = await lookupWithFallback(db, language, resolved.corrected);
    }
  }
  if (hits.length === 0) return empty;

  const of = (kind: SuggestionKind) => hits.filter((h) => h.kind === kind).slice(0, SHOWN[kind]);
  const terms = of('term');
  const brands = of('brand');
  const categories = of('category');
  // Products of the best terms first, then of the brands and categories shown.
  const products = new Map<string, SuggestedProduct>();
  for (const hit of [...terms, ...brands, ...categories]) for (const p of hit.products) if (products.size < SUGGESTION_PRODUCTS && !products.has(p.slug)) products.set(p.slug, p);
  return {
    query,
    corrected,
    terms: terms.map((h) => ({ text: h.text })),
    products: [...products.values()],
    brands: brands.map((h) => ({ slug: h.ref ?? '', name: h.text })),
    categories: categories.map((h) => ({ path: h.ref ?? '', name: h.text })),
  };
}

async function lookupWithFallback(db: Db, language: LanguageCode, normalized: string): Promise<SuggestionHit[]> {
  const memory = await searchMemory(db);
  const hits = memory.suggestions(language, normalized);
  return hits.length > 0 || language === 'en' ? hits : memory.suggestions('en', normalized);
}
