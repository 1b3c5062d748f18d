// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createPageCache, entryBytes, type CachedPage } from '../../src/server/render/page-cache.ts';

/** A kept page of `size` bytes. */
const page = (size: number, status = 200): CachedPage => ({ status, body: new Uint8Array(size), encoding: 'br' });
/** The budget that holds exactly `count` pages of `size` bytes under keys as long as `key`. */
const budgetFor = (count: number, size: number, key = 'a') => count * entryBytes(key, page(size));

describe('the page cache: bounded in bytes', () => {
  test('a new page past the budget evicts the oldest first, and the bytes never pass the budget', () => {
    const cache = createPageCache({ maxBytes: budgetFor(3, 1_000) });
    for (const key of ['a', 'b', 'c']) cache.set(key, page(1_000));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(budgetFor(3, 1_000));
    cache.set('d', page(1_000));
    expect(cache.get('a')).toBeNull();
    expect(['b', 'c', 'd'].map((key) => cache.get(key)?.body.byteLength)).toEqual([1_000, 1_000, 1_000]);
    expect(cache.bytes).toBe(budgetFor(3, 1_000));
  });

  test('a large page evicts as many small ones as its bytes need', () => {
    const cache = createPageCache({ maxBytes: budgetFor(4, 1_000) });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, page(1_000));
    cache.set('e', page(2_500));
    // 'e' needs the room of three small pages (each counts its key and overhead too).
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => cache.get(key) !== null)).toEqual([false, false, false, true, true]);
    expect(cache.bytes).toBeLessThanOrEqual(budgetFor(4, 1_000));
  });

  test('a hit makes a page the most recently used: it is evicted last', () => {
    const cache = createPageCache({ maxBytes: budgetFor(2, 1_000) });
    cache.set('a', page(1_000));
    cache.set('b', page(1_000));
    expect(cache.get('a')).not.toBeNull();
    cache.set('c', page(1_000));
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
  });

  test('a page larger than the whole budget is not kept, and evicts nothing', () => {
    const cache = createPageCache({ maxBytes: budgetFor(2, 1_000) });
    cache.set('a', page(1_000));
    cache.set('huge', page(10_000));
    expect(cache.get('huge')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.bytes).toBe(budgetFor(1, 1_000));
  });

  test('the key counts: a long query costs bytes as the body does', () => {
    const key = `html|1||locale=sg|/categories/makeup?${'brands=x,'.repeat(200)}`;
    expect(entryBytes(key, page(1_000))).toBeGreaterThanOrEqual(1_000 + 2 * key.length);
  });

  test('replacing a page counts its bytes once', () => {
    const cache = createPageCache({ maxBytes: budgetFor(2, 1_000) });
    cache.set('a', page(1_000));
    cache.set('a', page(500));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(entryBytes('a', page(500)));
  });

  test('a budget of 0 keeps nothing', () => {
    const cache = createPageCache({ maxBytes: 0 });
    cache.set('a', page(1));
    expect(cache.get('a')).toBeNull();
    expect(cache.bytes).toBe(0);
  });

  test('a page is fresh for `freshMs`, then gone and its bytes given back', () => {
    let now = 0;
    const cache = createPageCache({ maxBytes: budgetFor(2, 1_000), freshMs: 1_000, now: () => now });
    cache.set('a', page(1_000));
    now = 999;
    expect(cache.get('a')).not.toBeNull();
    now = 1_000;
    expect(cache.get('a')).toBeNull();
    expect(cache.bytes).toBe(0);
  });

  test('any sequence of sets and gets: within the budget, the bytes are the sum of what is kept, and the last page set is kept when it fits', () => {
    const operation = fc.oneof(
      fc.record({ set: fc.integer({ min: 0, max: 30 }), size: fc.integer({ min: 0, max: 5_000 }) }),
      fc.record({ get: fc.integer({ min: 0, max: 30 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.array(operation, { maxLength: 200 }), (maxBytes, operations) => {
        const cache = createPageCache({ maxBytes });
        const sizes = new Map<string, number>();
        for (const op of operations) {
          if ('set' in op) {
            const key = `page-${op.set}`;
            cache.set(key, page(op.size));
            sizes.set(key, op.size);
            const fits = entryBytes(key, page(op.size)) <= maxBytes;
            expect(cache.get(key) !== null).toBe(fits);
          } else cache.get(`page-${op.get}`);
          expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
        }
        // What the cache says it holds is what it holds (a get here moves pages, not bytes).
        let sum = 0;
        for (const [key, size] of sizes) if (cache.get(key)) sum += entryBytes(key, page(size));
        expect(cache.bytes).toBe(sum);
      }),
    );
  });
});
