import { describe, expect, test } from 'vitest';
import { createApiClient } from '../../src/web/shared/api/client.ts';
import { createFilterCountsApi } from '../../src/web/features/catalog/filter-counts-api.ts';
import { createListingApi } from '../../src/web/features/catalog/listing.tsx';
import { productFixture } from '../helpers/catalog-fake.ts';

const FILTERS = {
  brands: [{ slug: 'luma', name: 'Luma', count: 3 }],
  categories: [{ path: 'makeup/lips', name: 'Lips', count: 2 }],
  price: { currency: 'SGD', min: 10, max: 80 },
  others: [{ code: 'new', count: 1 }],
  onSale: { count: 1 },
  total: 3,
};

function harness(body: (path: string) => unknown) {
  const urls: URL[] = [];
  let clock = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    urls.push(url);
    return new Response(JSON.stringify(body(url.pathname)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = createApiClient({ baseURL: 'http://api.test/api/web/v1', site: () => ({ country: 'SG', language: 'en' }), fetch });
  const api = { ...createListingApi(client, { now: () => clock }), ...createFilterCountsApi(client, { now: () => clock }) };
  return { api, urls, tick: (ms: number) => (clock += ms) };
}

describe('GET products/filters', () => {
  test('sends the listing query and returns the counts; equal queries share one request for five minutes', async () => {
    const { api, urls, tick } = harness(() => ({ data: FILTERS }));
    expect(await api.filters({ category: 'makeup', brands: 'luma,glow-lab', price_min: '10', on_sale: 'true' })).toEqual(FILTERS);
    expect(urls[0]?.pathname).toBe('/api/web/v1/products/filters');
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({ brands: 'luma,glow-lab', category: 'makeup', on_sale: 'true', price_min: '10' });
    // The same query in another key order, with an empty value: the cached answer.
    await api.filters({ on_sale: 'true', price_min: '10', brands: 'luma,glow-lab', category: 'makeup', others: '' });
    expect(urls).toHaveLength(1);
    tick(300_000);
    await api.filters({ category: 'makeup', brands: 'luma,glow-lab', price_min: '10', on_sale: 'true' });
    expect(urls).toHaveLength(2);
  });

  test('an answer that breaks the contract is an error, not a half-drawn panel', async () => {
    const { api } = harness(() => ({ data: { ...FILTERS, total: -1 } }));
    await expect(api.filters({ category: 'makeup' })).rejects.toThrow();
  });
});

describe('GET search', () => {
  test('sends q with the filters, sort and paging, and returns the corrected text', async () => {
    const page = { data: [productFixture(1)], meta: { page: 1, perPage: 24, total: 1, totalPages: 1, query: 'fundation', corrected: 'foundation' } };
    const { api, urls } = harness(() => page);
    const answer = await api.search({ q: 'fundation', brands: 'luma', sort: 'price_asc', page: '1', per_page: '24' });
    expect(answer.meta.corrected).toBe('foundation');
    expect(answer.data[0]?.id).toBe(1);
    expect(urls[0]?.pathname).toBe('/api/web/v1/search');
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({ brands: 'luma', page: '1', per_page: '24', q: 'fundation', sort: 'price_asc' });
    await api.search({ q: 'fundation', brands: 'luma', sort: 'price_asc', page: '1', per_page: '24' });
    expect(urls).toHaveLength(1);
  });
});

describe('loadPages (a link to page N)', () => {
  const serve = (asked: string[]) => async (page: number, perPage: number) => {
    asked.push(`${page}x${perPage}`);
    const start = (page - 1) * perPage;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, 200 - start)) }, (_, i) => productFixture(start + i + 1));
    return { data, meta: { page, perPage, total: 200, totalPages: Math.ceil(200 / perPage) } };
  };

  test('up to 100 products come in one request; more in pages of 24; the answer reads as pages of 24', async () => {
    const { loadPages } = await import('../../src/web/features/catalog/listing.tsx');
    const asked: string[] = [];
    const four = await loadPages(serve(asked), 1, 4);
    expect(asked).toEqual(['1x96']);
    expect(four.meta).toEqual({ page: 4, perPage: 24, total: 200, totalPages: 9 });
    asked.length = 0;
    const six = await loadPages(serve(asked), 1, 6);
    expect(asked).toEqual(['1x24', '2x24', '3x24', '4x24', '5x24', '6x24']);
    expect(six.data.map((product) => product.id)).toEqual(Array.from({ length: 144 }, (_, i) => i + 1));
    asked.length = 0;
    await loadPages(serve(asked), 7, 7);
    expect(asked).toEqual(['7x24']);
  });
});
