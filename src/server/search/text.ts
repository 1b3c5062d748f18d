/**
 * The one normalisation and word segmentation of search: the index builder and every query use
 * these functions, so a word typed is the same string as the word indexed.
 */

/** ICU segments Thai and Chinese (no spaces) by dictionary whatever the locale given. */
const segmenter = new Intl.Segmenter('en', { granularity: 'word' });

const LATIN_MARKS = /[\u0300-\u036f]/g;
const SPACES = /\s+/g;

/**
 * NFKC, lower case, Latin accents dropped (`Lumière` → `lumiere`), single spaces. Only the Latin
 * combining marks go: Thai vowels and tone marks are combining characters too and must stay.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().normalize('NFD').replace(LATIN_MARKS, '').normalize('NFC').replace(SPACES, ' ').trim();
}

/** The words of a normalised text, in order (punctuation, symbols and emoji are not words). */
export function words(normalized: string): string[] {
  const out: string[] = [];
  for (const part of segmenter.segment(normalized)) if (part.isWordLike) out.push(part.segment);
  return out;
}

/** The words of a normalised text with where each starts (to rebuild the text with a word replaced). */
export function segmentWords(normalized: string): { word: string; index: number }[] {
  const out: { word: string; index: number }[] = [];
  for (const part of segmenter.segment(normalized)) if (part.isWordLike) out.push({ word: part.segment, index: part.index });
  return out;
}

/**
 * A search as it is counted for popular searches: its words, separated by one space where the text
 * had anything between them (`Lip-gloss!!` → `lip gloss`, `รองพื้น` stays whole), accents folded.
 */
export function canonicalQuery(text: string): string {
  const normalized = normalizeText(text);
  let out = '';
  let end = -1;
  for (const { word, index } of segmentWords(normalized)) {
    if (end >= 0) out += index > end ? ' ' : '';
    out += word;
    end = index + word.length;
  }
  return out;
}

/** Where typeahead keys begin: at each word start (and each Chinese character). */
export function wordStarts(normalized: string): number[] {
  const starts: number[] = [];
  for (const part of segmenter.segment(normalized)) {
    if (!part.isWordLike) continue;
    starts.push(part.index);
    // Chinese has no spaces and a dictionary's cuts are a guess: any character may start a search.
    if (HAN.test(part.segment)) for (let i = 1; i < part.segment.length; i++) starts.push(part.index + i);
  }
  return starts;
}

const HAN = /\p{Script=Han}/u;
const THAI = /\p{Script=Thai}/u;

/** Scripts written without spaces, where a typed word may be any part of an indexed one. */
export function isUnspacedScript(word: string): boolean {
  return HAN.test(word) || THAI.test(word);
}

/** Words that trigram similarity can correct: Latin letters (and digits) only. */
export function isLatinWord(word: string): boolean {
  return /^[\p{Script=Latin}\p{Nd}]+$/u.test(word);
}

/** Memoised `words(normalizeText(text))`: the catalogue repeats the same few thousand names. */
export function createWordCache(): (text: string) => string[] {
  const cache = new Map<string, string[]>();
  return (text) => {
    let hit = cache.get(text);
    if (!hit) cache.set(text, (hit = words(normalizeText(text))));
    return hit;
  };
}
