import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { clientFor, nth, startScriptedServer, type ScriptedServer } from './scripted-server.ts';
import type { Site } from '../../src/config/countries.ts';

const Ok = v.object({ ok: v.literal(true) });
let server: ScriptedServer;

beforeEach(async () => {
  server = await startScriptedServer(() => ({ body: { ok: true } }));
});
afterEach(() => server.close());

describe('headers (spec §7)', () => {
  it('sends every client header with its exact value', async () => {
    await clientFor(server).resource('brands').index(Ok);
    const { headers } = nth(server.seen, 0);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-platform']).toBe('web');
    expect(headers['x-app-platform']).toBe('web_desktop');
    expect(headers['x-app-version']).toBe('1.0.0');
    expect(headers['x-swa']).toBe('web');
    expect(headers['accept-language']).toBe('en-SG');
    expect(headers['x-site-country']).toBe('sg');
  });

  it('reads the site at every request, so a switch needs no new client', async () => {
    let site: Site = { country: 'HK', language: 'zh' };
    const client = clientFor(server, { site: () => site });
    await client.resource('brands').index(Ok);
    site = { country: 'TH', language: 'th' };
    await client.resource('brands').index(Ok);
    expect(server.seen.map((r) => [r.headers['accept-language'], r.headers['x-site-country']])).toEqual([
      ['zh-HK', 'hk'],
      ['th-TH', 'th'],
    ]);
  });

  it('sends caller headers and the idempotency key', async () => {
    await clientFor(server).resource('layouts').index(Ok, { headers: { 'X-Preview': 'yes' }, idempotencyKey: 'k-1' });
    expect(nth(server.seen, 0).headers['x-preview']).toBe('yes');
    expect(nth(server.seen, 0).headers['idempotency-key']).toBe('k-1');
  });
});

describe('paths', () => {
  it.each([
    ['brands/', '/api/web/v1/brands'],
    ['cart/items-count/', '/api/web/v1/cart/items-count'],
    ['/search/popular-queries//', '/api/web/v1/search/popular-queries'],
  ])('trims %s to %s', async (path, url) => {
    await clientFor(server).resource(path).index(Ok);
    expect(nth(server.seen, 0).url).toBe(url);
  });

  it('trims trailing slashes in plain requests too', async () => {
    await clientFor(server).request('GET', 'user/', Ok);
    expect(nth(server.seen, 0).url).toBe('/api/web/v1/user');
  });

  it('URL-encodes ids and appends the query, dropping undefined values', async () => {
    await clientFor(server)
      .resource('products/')
      .show('a b/c?d', Ok, { query: { page: 2, sale: true, q: 'lip tint', skip: undefined } });
    const url = new URL(nth(server.seen, 0).url, server.origin);
    expect(url.pathname).toBe('/api/web/v1/products/a%20b%2Fc%3Fd');
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['sale', 'true'],
      ['q', 'lip tint'],
    ]);
  });
});

describe('the six operations', () => {
  it('map to the right method, URL and body', async () => {
    const users = clientFor(server).resource('sandbox/users/');
    const body = { name: 'Mei', email: 'mei@example.com' };
    await users.index(Ok);
    await users.show(7, Ok);
    await users.create(body, Ok);
    await users.update(7, { name: 'Mei Lin' }, Ok);
    await users.replace(7, body, Ok);
    await users.delete(7, Ok);
    expect(server.seen.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/api/web/v1/sandbox/users', ''],
      ['GET', '/api/web/v1/sandbox/users/7', ''],
      ['POST', '/api/web/v1/sandbox/users', JSON.stringify(body)],
      ['PATCH', '/api/web/v1/sandbox/users/7', '{"name":"Mei Lin"}'],
      ['PUT', '/api/web/v1/sandbox/users/7', JSON.stringify(body)],
      ['DELETE', '/api/web/v1/sandbox/users/7', ''],
    ]);
  });

  it('return the output of the schema, transforms included', async () => {
    const Count = v.pipe(
      v.object({ count: v.number() }),
      v.transform((value) => value.count * 2),
    );
    const local = await startScriptedServer(() => ({ body: { count: 21 } }));
    try {
      await expect(clientFor(local).resource('cart/items-count/').index(Count)).resolves.toBe(42);
    } finally {
      await local.close();
    }
  });
});
