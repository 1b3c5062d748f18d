import { sql, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '../../config/countries.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import type { SuggestedProduct, SuggestionKind } from '../db/schema.ts';

/*
 * The search index's small tables (about a thousand words, a few thousand suggestions and tens of
 * thousands of typeahead keys at 100,000 products) held in memory, read from the database once per
 * index build. Each embedded-database query costs a millisecond or more whatever it does, and a
 * keystroke must cost far less than that to keep typeahead under 30 ms at 10 concurrent shoppers;
 * a lookup here is a binary search. Products are never held here: the search itself runs in SQL.
 */

/** Typed text up to this many characters is looked up as a whole key (`complete = false` rows). */
export const SHORT_KEY_LENGTH = 3;

export interface SuggestionHit {
  id: number;
  kind: SuggestionKind;
  text: string;
  ref: string | null;
  weight: number;
  products: SuggestedProduct[];
}

interface VocabularyWord {
  id: number;
  language: LanguageCode;
  weight: number;
}

/** Keys of one language sorted (UTF-16 order, as `<` compares), with the suggestion of each. */
interface SortedKeys {
  keys: string[];
  hits: SuggestionHit[];
}

/** Corrections remembered per index build. */
export const MAX_CORRECTIONS = 10_000;
/** Longest run of keys a long prefix may cover before the lookup stops (the answer shows a dozen). */
const MAX_RANGE = 2_000;

export class SearchMemory {
  /** Every language's words by their text: a word typed may be any language's. */
  private readonly byWord = new Map<string, VocabularyWord[]>();
  /** Distinct words, sorted, for completions of an unfinished word. */
  private readonly sortedWords: string[];
  /** `language \0 key` → the best suggestions of each kind for a short key, best first. */
  private readonly short = new Map<string, SuggestionHit[]>();
  private readonly complete = new Map<LanguageCode, SortedKeys>();

  constructor(words: (VocabularyWord & { word: string })[], suggestions: SuggestionHit[], keys: { language: LanguageCode; complete: boolean; key: string; suggestionId: number }[]) {
    for (const w of words) {
      const list = this.byWord.get(w.word);
      if (list) list.push(w);
      else this.byWord.set(w.word, [w]);
    }
    this.sortedWords = [...this.byWord.keys()].sort();
    const byId = new Map(suggestions.map((s) => [s.id, s]));
    const complete = new Map<LanguageCode, { key: string; hit: SuggestionHit }[]>();
    for (const k of keys) {
      const hit = byId.get(k.suggestionId);
      if (!hit) continue;
      if (k.complete) {
        let list = complete.get(k.language);
        if (!list) complete.set(k.language, (list = []));
        list.push({ key: k.key, hit });
      } else {
        const id = `${k.language}\u0000${k.key}`;
        const list = this.short.get(id);
        if (list) list.push(hit);
        else this.short.set(id, [hit]);
      }
    }
    for (const list of this.short.values()) list.sort(byWeight);
    for (const [language, list] of complete) {
      list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      this.complete.set(language, { keys: list.map((e) => e.key), hits: list.map((e) => e.hit) });
    }
  }

  /**
   * Typing mistakes already corrected by trigram similarity against this vocabulary (a pure function
   * of the word and the vocabulary, so it never goes stale while this memory lives). Bounded: cleared
   * when full.
   */
  readonly corrections = new Map<string, { word: string; ids: number[] } | null>();

  /** Ids of a word in every language that has it; empty when no language has it. */
  exact(word: string): number[] {
    return (this.byWord.get(word) ?? []).map((w) => w.id);
  }

  /** Ids of the most used words that start with `prefix` (and are longer than it). */
  completions(prefix: string, limit: number): number[] {
    const found: VocabularyWord[] = [];
    for (let i = lowerBound(this.sortedWords, prefix); i < this.sortedWords.length; i++) {
      const word = this.sortedWords[i] ?? '';
      if (!word.startsWith(prefix)) break;
      if (word !== prefix) found.push(...(this.byWord.get(word) ?? []));
    }
    return found.sort((a, b) => b.weight - a.weight || a.id - b.id).slice(0, limit).map((w) => w.id);
  }

  /** Ids of the most used words that contain `fragment` (Thai and Chinese, written without spaces). */
  containing(fragment: string, limit: number): number[] {
    const found: VocabularyWord[] = [];
    for (const [word, list] of this.byWord) if (word.includes(fragment)) found.push(...list);
    return found.sort((a, b) => b.weight - a.weight || a.id - b.id).slice(0, limit).map((w) => w.id);
  }

  /** Distinct vocabulary words inside `text`, longest first. */
  wordsInside(text: string): string[] {
    const found: string[] = [];
    for (const word of this.byWord.keys()) if (word.length <= text.length && text.includes(word)) found.push(word);
    return found.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  }

  /** Suggestions of one language for typed text: a short key's list, or every complete key it begins. */
  suggestions(language: LanguageCode, normalized: string): SuggestionHit[] {
    if (Array.from(normalized).length <= SHORT_KEY_LENGTH) return this.short.get(`${language}\u0000${normalized}`) ?? [];
    const sorted = this.complete.get(language);
    if (!sorted) return [];
    const seen = new Set<number>();
    const hits: SuggestionHit[] = [];
    const start = lowerBound(sorted.keys, normalized);
    for (let i = start; i < sorted.keys.length && i - start < MAX_RANGE; i++) {
      if (!(sorted.keys[i] ?? '').startsWith(normalized)) break;
      const hit = sorted.hits[i];
      if (hit && !seen.has(hit.id)) {
        seen.add(hit.id);
        hits.push(hit);
      }
    }
    return hits.sort(byWeight);
  }
}

function byWeight(a: SuggestionHit, b: SuggestionHit): number {
  return b.weight - a.weight || (a.text < b.text ? -1 : a.text > b.text ? 1 : a.id - b.id);
}

/** First index whose value is not below `value` (`<` order). */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? '') < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Bumped by every index build in this process: memories of an older build are read again. */
let generation = 0;
export function searchIndexChanged(): void {
  generation++;
}

const memories = new WeakMap<Db, { generation: number; memory: Promise<SearchMemory> }>();

/** The search index in memory, read on first use (a few hundred milliseconds at 100,000 products). */
export function searchMemory(db: Db): Promise<SearchMemory> {
  const held = memories.get(db);
  if (held && held.generation === generation) return held.memory;
  const memory = loadMemory(db);
  const entry = { generation, memory };
  memories.set(db, entry);
  // A failed read is retried by the next request instead of failing every later one.
  memory.catch(() => {
    if (memories.get(db) === entry) memories.delete(db);
  });
  return memory;
}

async function loadMemory(db: Db): Promise<SearchMemory> {
  // Each table as one JSON text: PGlite hands over tens of thousands of rows as objects several
  // times slower (2 s against a few hundred milliseconds at 100,000 products, at start).
  const table = async <T>(query: SQL): Promise<T[]> => JSON.parse((await queryRows<{ rows: string | null }>(db, query))[0]?.rows ?? '[]') as T[];
  const words = await table<VocabularyWord & { word: string }>(sql`select json_agg(json_build_object('id', id, 'language', language, 'word', word, 'weight', weight))::text as rows from search_words`);
  const suggestions = await table<SuggestionHit>(
    sql`select json_agg(json_build_object('id', id, 'kind', kind, 'text', text, 'ref', ref, 'weight', weight, 'products', products))::text as rows from search_suggestions`,
  );
  const keys = await table<{ language: LanguageCode; complete: boolean; key: string; suggestionId: number }>(
    sql`select json_agg(json_build_object('language', language, 'complete', complete, 'key', key, 'suggestionId', suggestion_id))::text as rows from search_suggestion_keys`,
  );
  return new SearchMemory(words, suggestions, keys);
}
