import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, defaultRetryDelay, mayRetry, parseRetryAfter, RETRY_AFTER_CAP_MS, waitsTooLong } from '../../src/web/shared/api/retry.ts';
import { newIdempotencyKey } from '../../src/web/shared/api/idempotency.ts';

/** mulberry32: a seeded random source, so the jitter test is repeatable. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('backoffDelay', () => {
  it('doubles its ceiling per attempt up to the cap', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt, () => 1));
    expect(ceilings).toEqual([300, 600, 1200, 2400, 4800, 5000, 5000]);
  });

  it('scales the ceiling by the random draw (full jitter)', () => {
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(3, () => 0.25)).toBe(300);
    expect(backoffDelay(3, () => 0.5)).toBe(600);
  });

  it('spreads delays for the same attempt and grows on average', () => {
    const random = seeded(7);
    const samples = (attempt: number) => Array.from({ length: 200 }, () => backoffDelay(attempt, random));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [first, second, third] = [samples(1), samples(2), samples(3)];
    expect(new Set(first).size).toBeGreaterThan(50);
    expect(mean(second)).toBeGreaterThan(mean(first) * 1.5);
    expect(mean(third)).toBeGreaterThan(mean(second) * 1.5);
  });

  it('always stays within [0, ceiling]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const delay = backoffDelay(attempt, () => r);
        return delay >= 0 && delay <= Math.min(5000, 300 * 2 ** (attempt - 1));
      }),
    );
  });
});

describe('defaultRetryDelay', () => {
  it('uses Retry-After when the server sent one, backoff otherwise', () => {
    expect(defaultRetryDelay(1, 7000)).toBe(7000);
    expect(defaultRetryDelay(1, 0)).toBe(0);
    const delay = defaultRetryDelay(2, null);
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThanOrEqual(600);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 12 ', now)).toBe(12_000);
  });
  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
  });
  it('reads long waits as they are, which the client then does not wait out', () => {
    expect(parseRetryAfter('3600', now)).toBe(3_600_000);
    expect(parseRetryAfter('Thu, 02 Jan 2025 00:00:00 GMT', now)).toBe(86_400_000);
    expect(waitsTooLong(parseRetryAfter('3600', now))).toBe(true);
    expect(waitsTooLong(RETRY_AFTER_CAP_MS)).toBe(false);
    expect(waitsTooLong(null)).toBe(false);
  });
  it('ignores absent or unreadable values', () => {
    for (const value of [null, '', 'soon', '-5', '1.5']) expect(parseRetryAfter(value, now)).toBeNull();
  });
});

describe('mayRetry', () => {
  it.each([
    ['GET', 'brands', false, true],
    ['PUT', 'sandbox/users/1', false, true],
    ['DELETE', 'sessions', false, true],
    ['POST', 'sandbox/users', false, false],
    ['POST', 'sandbox/users', true, true],
    ['PATCH', 'wishlist/1', false, false],
    ['PATCH', 'wishlist/1', true, true],
    ['POST', 'auth/token', true, false],
    ['GET', 'auth/token', false, false],
  ] as const)('%s %s (key: %s) → %s', (method, path, key, expected) => {
    expect(mayRetry(method, path, key)).toBe(expected);
  });
});

describe('newIdempotencyKey', () => {
  it('makes distinct UUIDs', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
