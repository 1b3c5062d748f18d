import { sql } from 'drizzle-orm';
import type { LanguageCode } from '../../config/countries.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { MAX_CORRECTIONS, searchMemory, type SearchMemory } from './memory.ts';
import { isLatinWord, isUnspacedScript, normalizeText, segmentWords } from './text.ts';

/** What a search text means to the product queries. */
export interface ResolvedSearch {
  /** The text as understood: normalised (NFKC, lower case, Latin accents folded, single spaces). */
  normalized: string;
  /** The text with typing mistakes corrected, when the groups below use a correction; null otherwise. */
  corrected: string | null;
  /**
   * One group per word of the query: a product matches when, for every group, its `search_terms`
   * contain at least one of the group's word ids. An empty list of groups matches nothing.
   */
  groups: number[][];
}

/** Distinct words of a query that count: each is a GIN probe of products (and maybe a trigram query). */
export const MAX_QUERY_WORDS = 8;
/** Completions of the last word taken (the most used first). */
const PREFIX_CANDIDATES = 40;
/** Words containing a Thai or Chinese fragment taken (the most used first). */
const SUBSTRING_CANDIDATES = 40;
/** Below this trigram score a word is not taken for a typing mistake. */
const MIN_SIMILARITY = 0.4;
/** Shorter Latin words are too ambiguous to correct (`ab` is close to everything). */
const MIN_FUZZY_LENGTH = 3;

interface WordRow {
  id: number;
  word: string;
  [key: string]: unknown;
}

export interface ResolveOptions {
  /** The last word may be unfinished (typeahead, or a search submitted mid-word): its completions count. */
  prefixLast?: boolean;
}

/**
 * Resolves a search text to groups of vocabulary ids: per word, the exact word, the completions of
 * the last word, the vocabulary words a Thai or Chinese fragment is part of (all from the vocabulary
 * in memory), or else the closest words by trigram similarity in the database (`fundation` →
 * `foundation`, reported in `corrected`). Words of every language count (a Thai shopper may type a
 * Latin brand name); `language` wins ties between corrections.
 */
export async function resolveSearch(db: Db, language: LanguageCode, text: string, options: ResolveOptions = {}): Promise<ResolvedSearch> {
  const prefixLast = options.prefixLast ?? true;
  const normalized = normalizeText(text);
  const segments = segmentWords(normalized);
  const distinct = [...new Set(segments.map((s) => s.word))].slice(0, MAX_QUERY_WORDS);
  if (distinct.length === 0) return { normalized, corrected: null, groups: [] };
  const last = segments[segments.length - 1]?.word ?? '';
  const lastIsPrefix = prefixLast && distinct.includes(last);

  const memory = await searchMemory(db);
  const found = new Map<string, number[]>();
  for (const word of distinct) {
    const ids = [...memory.exact(word), ...(lastIsPrefix && word === last ? memory.completions(word, PREFIX_CANDIDATES) : [])];
    if (ids.length > 0) found.set(word, ids);
  }

  const replacements = new Map<string, string>();
  const groups: number[][] = [];
  for (const word of distinct) {
    const ids = found.get(word);
    if (ids) {
      groups.push(ids);
      continue;
    }
    if (isUnspacedScript(word)) {
      groups.push(...unspacedCandidates(memory, word));
    } else if (isLatinWord(word) && word.length >= MIN_FUZZY_LENGTH) {
      const match = await rememberedCorrection(memory, `${language}\u0000${lastIsPrefix && word === last ? 1 : 0}\u0000${word}`, () =>
        closestWord(db, language, word, lastIsPrefix && word === last),
      );
      if (match) replacements.set(word, match.word);
      groups.push(match?.ids ?? []);
    } else {
      groups.push([]);
    }
  }

  let corrected: string | null = null;
  if (replacements.size > 0) {
    // Rebuilt from the segments so punctuation and spacing stay as typed.
    let out = '';
    let at = 0;
    for (const s of segments) {
      out += normalized.slice(at, s.index) + (replacements.get(s.word) ?? s.word);
      at = s.index + s.word.length;
    }
    corrected = out + normalized.slice(at);
  }
  return { normalized, corrected, groups };
}

/**
 * Thai and Chinese have no spaces, and the dictionary may cut a query differently from a name
 * (`霧面` in the query, `霧` `面` in the index): the words that contain the fragment (one group),
 * or else the vocabulary words the fragment is made of, longest first (one group each, all must match).
 */
function unspacedCandidates(memory: SearchMemory, word: string): number[][] {
  const containing = memory.containing(word, SUBSTRING_CANDIDATES);
  if (containing.length > 0) return [containing];
  const longestFirst = memory.wordsInside(word);
  const pieces = new Map<string, number[]>();
  let at = 0;
  while (at < word.length) {
    const piece = longestFirst.find((w) => word.startsWith(w, at));
    // A character no vocabulary word covers: nothing can match the whole fragment.
    if (!piece) return [[]];
    pieces.set(piece, memory.exact(piece));
    at += piece.length;
  }
  return [...pieces.values()];
}

/**
 * The closest vocabulary word to a Latin word with a typing mistake, by trigram similarity (for an
 * unfinished last word also by word similarity: `fundat` is the start of `foundation`). The same
 * word in several languages gives several ids.
 */
async function closestWord(db: Db, language: LanguageCode, word: string, unfinished: boolean): Promise<{ word: string; ids: number[] } | null> {
  // src/server/db/functions/search.sql: the trigram index, whatever the planner thinks of a small table.
  const result = await db.execute(sql`select id, word, score from search_similar_words(${word}, ${unfinished}, ${language})`);
  const rows = rowsOf<WordRow & { score: number }>(result).filter((r) => r.score >= MIN_SIMILARITY);
  const best = rows[0];
  if (!best) return null;
  return { word: best.word, ids: rows.filter((r) => r.word === best.word).map((r) => r.id) };
}

async function rememberedCorrection(memory: SearchMemory, key: string, find: () => Promise<{ word: string; ids: number[] } | null>) {
  const known = memory.corrections.get(key);
  if (known !== undefined) return known;
  const found = await find();
  if (memory.corrections.size >= MAX_CORRECTIONS) memory.corrections.clear();
  memory.corrections.set(key, found);
  return found;
}

