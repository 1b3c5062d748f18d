import { describe, expect, test, vi } from 'vitest';
import { suggestionsFixture } from '../../machines/search/search-box.model.ts';
import { createApiClient } from '../../src/web/shared/api/client.ts';
import { createSearchApi, SUGGESTIONS_FRESH_MS } from '../../src/web/features/search/search-api.ts';
import { localRecentSearches, recentSearchesKey } from '../../src/web/features/search/recent-searches.ts';
import type { Site } from '../../src/config/countries.ts';

interface Seen {
  path: string;
  q: string | null;
  country: string | null;
  signal: AbortSignal | null;
}

/** The real API client over a fake `fetch` that answers search calls and records them. */
function harness({ failPopular = 0, hold = false, body }: { failPopular?: number; hold?: boolean; body?: unknown } = {}) {
  const seen: Seen[] = [];
  let site: Site = { country: 'SG', language: 'en' };
  let clock = 0;
  let popularFailures = failPopular;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    seen.push({ path: url.pathname, q: url.searchParams.get('q'), country: request.headers.get('x-site-country'), signal: init?.signal ?? request.signal });
    if (url.pathname.endsWith('/popular-queries')) {
      if (popularFailures-- > 0) return new Response('{"error":"down"}', { status: 400 });
      return Response.json({ data: [{ query: `popular in ${request.headers.get('x-site-country')}` }] });
    }
    if (hold) {
      // Never answers: only an abort ends it, as a real request would.
      await new Promise((_, reject) => (init?.signal ?? request.signal).addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    return Response.json(body ?? { data: suggestionsFixture(url.searchParams.get('q') ?? '') });
  };
  const client = createApiClient({ baseURL: 'http://api.test/api/web/v1', site: () => site, fetch, retryDelay: () => 0 });
  const api = createSearchApi(client, { site: () => site, now: () => clock });
  return { api, seen, setSite: (next: Site) => (site = next), tick: (ms: number) => (clock += ms) };
}

describe('popular searches', () => {
  test('come from the country of the request and are kept for five minutes per country', async () => {
    const { api, seen, setSite, tick } = harness();
    expect(await api.popularQueries()).toEqual(['popular in sg']);
    tick(299_999);
    await api.popularQueries();
    expect(seen).toHaveLength(1);
    tick(1);
    await api.popularQueries();
    expect(seen).toHaveLength(2);
    setSite({ country: 'TH', language: 'th' });
    expect(await api.popularQueries()).toEqual(['popular in th']);
    expect(seen.map((request) => [request.path, request.country])).toEqual([
      ['/api/web/v1/search/popular-queries', 'sg'],
      ['/api/web/v1/search/popular-queries', 'sg'],
      ['/api/web/v1/search/popular-queries', 'th'],
    ]);
  });

  test('a failure is not kept: the next call asks again', async () => {
    const { api, seen } = harness({ failPopular: 1 });
    await expect(api.popularQueries()).rejects.toThrow();
    expect(await api.popularQueries()).toEqual(['popular in sg']);
    expect(seen).toHaveLength(2);
  });
});

describe('suggestions', () => {
  test('ask with the normalised text and reuse an answer briefly, whatever the case', async () => {
    const { api, seen, tick } = harness();
    const answer = await api.suggestions('  Fundation ');
    expect(answer.corrected).toBe('foundation');
    expect(seen[0]).toMatchObject({ path: '/api/web/v1/search/suggestions', q: 'fundation', country: 'sg' });
    await api.suggestions('FUNDATION');
    expect(seen).toHaveLength(1);
    tick(SUGGESTIONS_FRESH_MS);
    await api.suggestions('fundation');
    expect(seen).toHaveLength(2);
  });

  test('the caller aborts the HTTP request itself, and nothing is kept from it', async () => {
    const { api, seen } = harness({ hold: true });
    const controller = new AbortController();
    const pending = api.suggestions('fou', { signal: controller.signal });
    // The request is on the wire (the client loads ofetch with its first request).
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(seen[0]?.signal?.aborted).toBe(true);
  });

  test('a call aborted before it reaches the wire sends nothing', async () => {
    const { api, seen } = harness({ hold: true });
    const controller = new AbortController();
    const pending = api.suggestions('fou', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(seen).toEqual([]);
  });

  test('an answer that does not match the contract is refused', async () => {
    const { api } = harness({ body: { data: { query: 'x' } } });
    await expect(api.suggestions('x')).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('recent searches on the device', () => {
  function memoryStorage(initial: Record<string, string> = {}): Storage {
    const data = new Map(Object.entries(initial));
    return {
      get length() {
        return data.size;
      },
      clear: () => data.clear(),
      getItem: (key) => data.get(key) ?? null,
      key: (index) => [...data.keys()][index] ?? null,
      removeItem: (key) => void data.delete(key),
      setItem: (key, value) => void data.set(key, value),
    };
  }

  test('are kept per country, newest first', () => {
    const storage = memoryStorage();
    const store = localRecentSearches(storage);
    store.write('SG', ['serum', 'toner']);
    store.write('TH', ['ลิปสติก']);
    expect(store.read('SG')).toEqual(['serum', 'toner']);
    expect(store.read('TH')).toEqual(['ลิปสติก']);
    expect(store.read('MY')).toEqual([]);
    expect(storage.getItem(recentSearchesKey('SG'))).toBe('["serum","toner"]');
    store.write('SG', []);
    expect(storage.getItem(recentSearchesKey('SG'))).toBeNull();
  });

  test.each([
    ['not JSON', '{oops'],
    ['not a list', '{"a":1}'],
  ])('%s is read as no recent searches', (_name, raw) => {
    expect(localRecentSearches(memoryStorage({ [recentSearchesKey('SG')]: raw })).read('SG')).toEqual([]);
  });

  test('only non-empty texts survive, without repeats, at most eight', () => {
    const raw = JSON.stringify(['a', 1, '', '  b  ', 'a', null, 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    expect(localRecentSearches(memoryStorage({ [recentSearchesKey('SG')]: raw })).read('SG')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  test('a storage that refuses is survived: nothing is remembered, nothing throws', () => {
    const refusing = memoryStorage();
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const store = localRecentSearches(refusing);
    expect(store.read('SG')).toEqual([]);
    expect(() => store.write('SG', ['serum'])).not.toThrow();
    expect(localRecentSearches(null).read('SG')).toEqual([]);
  });
});
