import { describe, expect, test } from 'vitest';

import { createApiClient } from '../../src/web/shared/api/client.ts';
import { createCatalogApi } from '../../src/web/shared/api/catalog-api.ts';
import { createListingApi } from '../../src/web/features/catalog/listing.tsx';
import { categoryTreeFixture, productFixture } from '../helpers/catalog-fake.ts';
import type { Site } from '../../src/config/countries.ts';

function harness() {
  const requests: { url: string; method: string; country: string | null; body: string | null }[] = [];
  let site: Site = { country: 'SG', language: 'en' };
  let clock = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    requests.push({ url: request.url, method: request.method, country: request.headers.get('x-site-country'), body: request.method === 'POST' ? await request.text() : null });
    const path = new URL(request.url).pathname;
    const body =
      path.endsWith('/categories')
        ? { data: categoryTreeFixture }
        : path.endsWith('/featured-products')
          ? { data: [productFixture(1)] }
          : { data: [productFixture(1)], meta: { page: 1, perPage: 24, total: 1, totalPages: 1 } };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = createApiClient({ baseURL: 'http://api.test/api/web/v1', site: () => site, fetch });
  const api = createCatalogApi(client, { site: () => site, now: () => clock });
  const listing = createListingApi(client, { now: () => clock });
  return { api, listing, requests, setSite: (next: Site) => (site = next), tick: (ms: number) => (clock += ms) };
}

describe('createCatalogApi', () => {
  test('builds the products query and reads the site headers', async () => {
    const { listing, requests } = harness();
    const page = await listing.products({ category: 'makeup/face', page: '2', per_page: '24', sort: 'newest' });
    expect(page.meta.total).toBe(1);
    const url = new URL(requests[0]?.url ?? 'http://missing');
    expect(url.pathname).toBe('/api/web/v1/products');
    expect(Object.fromEntries(url.searchParams)).toEqual({ category: 'makeup/face', page: '2', per_page: '24', sort: 'newest' });
    expect(requests[0]?.country).toBe('sg');
  });

  test('featured products are a POST with the placement body', async () => {
    const { api, requests } = harness();
    await api.featured({ placement: 'home', limit: 12 });
    expect(requests[0]).toMatchObject({ method: 'POST', body: JSON.stringify({ placement: 'home', limit: 12 }) });
  });

  test('reads are cached for five minutes per url and site', async () => {
    const { api, requests, setSite, tick } = harness();
    await api.categories();
    await api.categories();
    expect(requests).toHaveLength(1);
    tick(299_999);
    await api.categories();
    expect(requests).toHaveLength(1);
    tick(1);
    await api.categories();
    expect(requests).toHaveLength(2);
    setSite({ country: 'TH', language: 'th' });
    await api.categories();
    expect(requests).toHaveLength(3);
    expect(requests[2]?.country).toBe('th');
  });

  test('concurrent identical reads share one request; different queries do not', async () => {
    const { listing, requests } = harness();
    await Promise.all([listing.products({ category: 'makeup' }), listing.products({ category: 'makeup' }), listing.products({ category: 'skincare' })]);
    expect(requests).toHaveLength(2);
  });

  test("a caller's abort rejects only that caller", async () => {
    const { api } = harness();
    const controller = new AbortController();
    const aborted = api.categories({ signal: controller.signal });
    const other = api.categories();
    controller.abort();
    await expect(aborted).rejects.toBeDefined();
    await expect(other).resolves.toHaveLength(2);
  });
});
