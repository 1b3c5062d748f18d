import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_TO_MAX_LENGTH, safeReturnTo } from '../../src/contract/return-to.ts';
import { signInHref } from '../../src/web/auth/session.ts';
import { LEGITIMATE_RETURN_PATHS, OPEN_REDIRECT_PAYLOADS } from './open-redirect-payloads.ts';

const STORE = 'https://store.example';
const GENERATED_RUNS = 10_000;

/** What a browser does with the answer: it must stay on our origin, as a path. */
function expectSameOriginPath(result: string): void {
  expect(result.startsWith('/')).toBe(true);
  expect(result.startsWith('//')).toBe(false);
  expect(result.startsWith('/\\')).toBe(false);
  expect(new URL(result, STORE).origin).toBe(STORE);
}

// Pieces that the known payloads are made of, so generated strings land near the edge often.
const DANGEROUS_FRAGMENTS = [
  '/', '//', '\\', '%2f', '%2F', '%5c', '%5C', '%252f', '%255c', '%25', ':', '@', '.', '..', '%2e',
  'javascript', 'JaVaScRiPt:', 'https:', 'http://', 'data:', 'evil.com', '\t', '\n', '\r', ' ', '%09',
  '%0a', '%20', '%00', '\u0000', '\u00a0', '\u200b', '\u3000', '／', '＼', '〱', '%EF%BC%8F', '?', '#',
  '[::1]', '127.0.0.1', 'a', 'ลิป', '口紅',
];

const fragmentString = fc
  .array(fc.constantFrom(...DANGEROUS_FRAGMENTS), { maxLength: 12 })
  .map((parts) => parts.join(''));

const candidates = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fragmentString,
  fragmentString.map((tail) => `/${tail}`),
  fc.webUrl(),
  fc.webPath(),
);

describe('safeReturnTo', () => {
  it(`sends all ${OPEN_REDIRECT_PAYLOADS.length} known open-redirect payloads to the expected place`, () => {
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(60);
    const wrong = OPEN_REDIRECT_PAYLOADS.filter(({ input, expected }) => safeReturnTo(input) !== expected).map(
      ({ input, expected, why }) => ({ input, expected, got: safeReturnTo(input), why }),
    );
    expect(wrong).toEqual([]);
    for (const { input } of OPEN_REDIRECT_PAYLOADS) expectSameOriginPath(safeReturnTo(input));
  });

  it(`keeps all ${LEGITIMATE_RETURN_PATHS.length} legitimate return paths exactly`, () => {
    expect(LEGITIMATE_RETURN_PATHS.length).toBeGreaterThanOrEqual(15);
    for (const path of LEGITIMATE_RETURN_PATHS) expect(safeReturnTo(path)).toBe(path);
  });

  it('round-trips the return_to that the SPA puts in the sign-in link', () => {
    for (const path of LEGITIMATE_RETURN_PATHS) {
      const url = new URL(path, STORE);
      const href = signInHref({ pathname: url.pathname, search: url.search, hash: url.hash });
      const returnTo = new URL(href, STORE).searchParams.get('return_to');
      expect(safeReturnTo(returnTo)).toBe(path);
    }
  });

  it('lands on / when return_to is missing, empty or too long', () => {
    expect(safeReturnTo(null)).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('')).toBe('/');
    const atCap = `/${'a'.repeat(RETURN_TO_MAX_LENGTH - 1)}`;
    expect(safeReturnTo(atCap)).toBe(atCap);
    expect(safeReturnTo(`${atCap}a`)).toBe('/');
  });

  it(`always answers a same-origin path for ${GENERATED_RUNS} generated strings`, () => {
    let checked = 0;
    fc.assert(
      fc.property(candidates, (raw) => {
        checked += 1;
        expectSameOriginPath(safeReturnTo(raw));
      }),
      { numRuns: GENERATED_RUNS },
    );
    expect(checked).toBeGreaterThanOrEqual(GENERATED_RUNS);
  });

  it(`is idempotent for ${GENERATED_RUNS} generated strings`, () => {
    fc.assert(
      fc.property(candidates, (raw) => {
        const once = safeReturnTo(raw);
        expect(safeReturnTo(once)).toBe(once);
      }),
      { numRuns: GENERATED_RUNS },
    );
  });
});
