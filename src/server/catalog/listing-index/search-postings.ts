import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import type { ProductAttributes } from './attributes.ts';
import type { SearchMatches } from './terms.ts';

/*
 * The words of `products.search_terms` as an inverted index, loaded on the first search (or in the
 * background once the index is built): the GIN index finds the same rows but must then read each
 * one from the wide table (60 ms for a common word at 100,000 products, measured).
 */

/** Positions of the products holding each search word id, ascending (compressed rows: `offsets[w]..offsets[w+1]`). */
export interface Postings {
  offsets: Int32Array;
  positions: Int32Array;
}

/** Searches whose matches are kept per index (about 100 KB each at 100,000 products). */
const SEARCH_MATCHES_KEPT = 64;

/** Products per query when the search terms are read. */
const SEARCH_LOAD_SLICE = 10_000;

export class SearchPostings {
  private postings: Promise<Postings> | null = null;
  /** Working memory of `match`: allocating it per request costs more than using it. */
  private readonly scratch: Uint16Array;
  /**
   * Matches of recent searches, most recently used last: a common word's postings take a few
   * milliseconds to intersect, and the answer holds as long as this index (the terms it read).
   */
  private readonly kept = new Map<string, SearchMatches>();

  constructor(private readonly products: ProductAttributes) {
    this.scratch = new Uint16Array(products.size);
  }

  /**
   * Products whose search terms share an id with every group (`products.search_terms`, as
   * `search_terms && ARRAY[...]` per group would), by position.
   */
  async matches(db: Db, groups: readonly (readonly number[])[]): Promise<SearchMatches> {
    const key = groups.map((group) => [...new Set(group)].sort((a, b) => a - b).join(',')).join('|');
    const known = this.kept.get(key);
    if (known) {
      // Most recently used last: the first key is the one to drop.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    const found = await this.match(db, groups);
    if (this.kept.size >= SEARCH_MATCHES_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, found);
    return found;
  }

  /** The inverted index, loaded on first use; a failed load is tried again by the next use. */
  load(db: Db): Promise<Postings> {
    if (!this.postings) {
      const loading = this.read(db);
      this.postings = loading;
      loading.catch(() => {
        if (this.postings === loading) this.postings = null;
      });
    }
    return this.postings;
  }

  /** Takes the inverted index as a snapshot kept it. */
  restore(postings: Postings): void {
    this.postings = Promise.resolve(postings);
  }

  private async match(db: Db, groups: readonly (readonly number[])[]): Promise<SearchMatches> {
    const has = new Uint8Array(this.products.size);
    if (groups.length === 0 || groups.some((group) => group.length === 0)) return { positions: new Int32Array(0), has };
    const { offsets, positions } = await this.load(db);
    const postingsOf = (word: number) => (word >= 0 && word + 1 < offsets.length ? positions.subarray(offsets[word] ?? 0, offsets[word + 1] ?? 0) : new Int32Array(0));
    // Groups met so far per position: a position counts once per group, however many of its words
    // match. Used without an await in between, so one buffer serves every request.
    const met = this.scratch;
    met.fill(0);
    groups.forEach((group, g) => {
      for (const word of new Set(group)) for (const position of postingsOf(word)) if (met[position] === g) met[position] = g + 1;
    });
    const found: number[] = [];
    const last = groups.length;
    for (const word of new Set(groups[last - 1])) {
      for (const position of postingsOf(word)) {
        if (met[position] === last && has[position] === 0) {
          has[position] = 1;
          found.push(position);
        }
      }
    }
    return { positions: Int32Array.from(found).sort(), has };
  }

  private async read(db: Db): Promise<Postings> {
    const entries: [position: number, words: number[]][] = [];
    let maxWord = -1;
    // In slices of the id range: each query holds the (single) database for a moment only, so the
    // requests arriving meanwhile are not kept waiting for the whole read.
    const lastId = this.products.ids[this.products.size - 1] ?? 0;
    for (let from = 0; from <= lastId; from += SEARCH_LOAD_SLICE) {
      const [row] = await queryRows<{ list: string | null }>(db, sql`
          select string_agg(concat(id, ':', array_to_string(search_terms, ',')), ';') as list
          from products where id > ${from} and id <= ${from + SEARCH_LOAD_SLICE}`);
      for (const entry of (row?.list ?? '').split(';')) {
        const [id, words] = entry.split(':');
        const position = this.products.positionOf(Number(id));
        if (position < 0 || !words) continue;
        const list = words.split(',').map(Number);
        for (const word of list) if (word > maxWord) maxWord = word;
        entries.push([position, list]);
      }
    }
    entries.sort((a, b) => a[0] - b[0]);
    const offsets = new Int32Array(maxWord + 2);
    for (const [, words] of entries) for (const word of words) if (word >= 0) offsets[word + 1] = (offsets[word + 1] ?? 0) + 1;
    for (let word = 1; word < offsets.length; word++) offsets[word] = (offsets[word] ?? 0) + (offsets[word - 1] ?? 0);
    const positions = new Int32Array(offsets[offsets.length - 1] ?? 0);
    const next = offsets.slice(0, -1);
    for (const [position, words] of entries) {
      for (const word of words) {
        if (word < 0) continue;
        positions[next[word] ?? 0] = position;
        next[word] = (next[word] ?? 0) + 1;
      }
    }
    return { offsets, positions };
  }
}
