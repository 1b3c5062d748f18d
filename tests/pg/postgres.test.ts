/**
 * The `DATABASE_URL` path against a real PostgreSQL: the same migrations, seed and SQL must give
 * the same answers as the embedded PGlite, byte for byte.
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE_MAX } from '../../src/config/constants.ts';
import { COUNTRY_CODES } from '../../src/config/countries.ts';
import * as schema from '../../src/server/db/schema.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { registration } from '../helpers/account.ts';
import { APP_ROLE, startCluster, type PgCluster } from './cluster.ts';
import { runEveryStep } from '../helpers/cleanup.ts';

const SEED_PRODUCTS = 150;
const DATABASE = 'beauty_pass';
/** Every table of the Drizzle schema: the migrations must create exactly these. */
const TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

let cluster: PgCluster | undefined;
let postgres: RunningServer | undefined;
let pglite: RunningServer | undefined;
let client: pg.Client | undefined;
/** What the servers logged (sign-in blocks, 500s), kept for assertions instead of printed. */
const logs: string[] = [];
const log = (line: string) => void logs.push(line);

const databaseUrl = () => {
  if (!cluster) throw new Error('cluster not started');
  return cluster.url(DATABASE);
};

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase(DATABASE);
  postgres = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: databaseUrl(), seedProducts: SEED_PRODUCTS, staticDir: null, log, sandbox: true });
  pglite = await startServer({ port: 0, hostname: '127.0.0.1', dataDir: 'memory', seedProducts: SEED_PRODUCTS, staticDir: null, log, sandbox: true });
  client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
}, 180_000);

afterAll(async () => {
  await runEveryStep([() => client?.end(), () => postgres?.close(), () => pglite?.close(), () => cluster?.stop()]);
}, 60_000);

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  if (!client) throw new Error('client not connected');
  return (await client.query<T>(text, values)).rows;
}

interface Captured {
  status: number;
  contentType: string | null;
  cacheControl: string | null;
  replayed: string | null;
  body: string;
}

interface RequestOptions {
  method?: string;
  country?: string;
  language?: string;
  body?: string;
  headers?: Record<string, string>;
}

async function request(server: RunningServer | undefined, path: string, options: RequestOptions = {}): Promise<Captured> {
  if (!server) throw new Error('server not started');
  // As the SPA's API client: writes without it are refused as cross-site (CSRF rule).
  const headers: Record<string, string> = { 'X-Platform': 'web', ...options.headers };
  if (options.country) headers['X-Site-Country'] = options.country;
  if (options.language) headers['Accept-Language'] = options.language;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.url}${API_PREFIX}${path}`, { method: options.method ?? 'GET', headers, ...(options.body === undefined ? {} : { body: options.body }) });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    replayed: response.headers.get('idempotent-replayed'),
    body: await response.text(),
  };
}

/** The same request to both servers; the answers must match byte for byte, with the expected status. */
async function expectSameAnswer(path: string, options: RequestOptions = {}, status = 200): Promise<Captured> {
  const [fromPostgres, fromPglite] = await Promise.all([request(postgres, path, options), request(pglite, path, options)]);
  const what = `${options.method ?? 'GET'} ${path} ${JSON.stringify(options)}`;
  expect(fromPostgres, what).toEqual(fromPglite);
  expect(fromPostgres.status, `${what}: ${fromPostgres.body}`).toBe(status);
  return fromPostgres;
}

describe('PostgreSQL through DATABASE_URL', () => {
  it('runs the migrations and seeds an empty database on the cluster the test started', async () => {
    expect(postgres?.database).toMatch(new RegExp(`^PostgreSQL postgres://${APP_ROLE}@127\\.0\\.0\\.1:\\d+/beauty_pass$`));
    const [server] = await query<{ server_version_num: string }>('show server_version_num');
    expect(Math.floor(Number(server?.server_version_num) / 10_000)).toBe(cluster?.major);
    expect(postgres?.seeded).toBe(true);
    const tables = await query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public' order by table_name");
    expect(tables.map((t) => t.table_name)).toEqual(TABLES);
    const migrations = await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrations[0]?.n).toBeGreaterThanOrEqual(1);
    const counts = await query<{ products: number; countries: number; prices: number }>(
      'select (select count(*)::int from products) as products, (select count(*)::int from countries) as countries, (select count(*)::int from product_prices) as prices',
    );
    expect(counts[0]).toEqual({ products: SEED_PRODUCTS, countries: COUNTRY_CODES.length, prices: SEED_PRODUCTS * COUNTRY_CODES.length });
  });

  it('answers the catalogue exactly as PGlite does', async () => {
    // The listing the brief names, with its paging meta.
    const first = await expectSameAnswer('/products?sort=price_asc', { country: 'th' });
    const firstPage = JSON.parse(first.body) as { data: { slug: string; brand: { slug: string } }[]; meta: { total: number } };
    expect(firstPage.data.length).toBeGreaterThan(0);
    expect(firstPage.meta.total).toBe(SEED_PRODUCTS);

    for (const language of ['en', 'zh-HK', 'th-TH']) {
      await expectSameAnswer('/brands', { language });
      await expectSameAnswer('/categories', { language, country: language === 'zh-HK' ? 'hk' : 'th' });
      await expectSameAnswer('/layouts', { language, country: 'hk' });
    }
    // Every page at the default size (and one past the end) in one country.
    for (let page = 2; page <= Math.ceil(SEED_PRODUCTS / PRODUCT_PAGE_SIZE) + 1; page++) await expectSameAnswer(`/products?sort=price_asc&page=${page}`, { country: 'th' });
    // Every product of every country under every sort: prices, ties and order all compared.
    for (const country of COUNTRY_CODES.map((code) => code.toLowerCase())) {
      for (const sort of ['featured', 'newest', 'price_desc', 'price_asc', 'top_rated']) {
        for (let page = 1; page <= Math.ceil(SEED_PRODUCTS / PRODUCT_PAGE_SIZE_MAX); page++) {
          await expectSameAnswer(`/products?sort=${sort}&per_page=${PRODUCT_PAGE_SIZE_MAX}&page=${page}`, { country });
        }
      }
    }
    await expectSameAnswer('/products?on_sale=true&sort=price_desc', { country: 'id' });
    const category = (JSON.parse((await request(postgres, '/categories')).body) as { data: { path: string; children: { path: string }[] }[] }).data[0];
    expect(category).toBeDefined();
    await expectSameAnswer(`/products?category=${category?.path}`, { country: 'my' });
    await expectSameAnswer(`/products?category=${category?.children[0]?.path}&sort=top_rated`, { country: 'my' });
    await expectSameAnswer(`/products?brand=${firstPage.data[0]?.brand.slug}`, { country: 'au' });
    for (const { slug } of firstPage.data.slice(0, 8)) await expectSameAnswer(`/products/${slug}`, { country: 'th', language: 'th' });
    for (const placement of ['home', 'product']) await expectSameAnswer('/featured-products', { method: 'POST', country: 'sg', body: JSON.stringify({ placement }) });
    await expectSameAnswer('/featured-products', { method: 'POST', country: 'sg', body: JSON.stringify({ placement: 'category', category: category?.path }) });
  });

  it('answers validation errors and unknown paths exactly as PGlite does', async () => {
    const badQuery = await expectSameAnswer('/products?sort=cheapest&page=0', { country: 'th' }, 400);
    expect(JSON.parse(badQuery.body)).toMatchObject({ status: 400, errors: [{ field: 'query.sort' }, { field: 'query.page' }] });
    await expectSameAnswer('/products', { country: 'xx' }, 400);
    await expectSameAnswer('/sandbox/users', { method: 'POST', body: JSON.stringify({ name: '', email: 'nope' }) }, 400);
    await expectSameAnswer('/sandbox/users', { method: 'POST', body: '{"name":' }, 400);
    await expectSameAnswer('/featured-products', { method: 'POST', body: JSON.stringify({ placement: 'category' }) }, 400);
    await expectSameAnswer('/products/no-such-product', { country: 'th' }, 404);
    await expectSameAnswer('/sandbox/users/999999', {}, 404);
    await expectSameAnswer('/no-such-route', {}, 404);
  });

  it('replays an Idempotency-Key and creates one row', async () => {
    const user = JSON.stringify({ name: 'Pg User', email: 'pg.user@example.com' });
    const headers = { 'Idempotency-Key': 'pg-create-1' };
    const first = await request(postgres, '/sandbox/users', { method: 'POST', body: user, headers });
    const second = await request(postgres, '/sandbox/users', { method: 'POST', body: user, headers });
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    expect(second).toEqual({ ...first, replayed: 'true' });
    const rows = await query<{ n: number }>("select count(*)::int as n from sandbox_users where lower(email) = 'pg.user@example.com'");
    expect(rows[0]?.n).toBe(1);
    const keys = await query<{ state: string; status_code: number }>("select state, status_code from idempotency_keys where key = 'pg-create-1'");
    expect(keys).toEqual([{ state: 'done', status_code: 201 }]);

    // A unique violation reported by node-postgres maps to 422 like PGlite's.
    const taken = await request(postgres, '/sandbox/users', { method: 'POST', body: JSON.stringify({ name: 'Other', email: 'PG.USER@example.com' }) });
    expect(taken.status).toBe(422);
  });

  it('lets concurrent requests with one key create exactly one row over a connection pool', async () => {
    // PGlite has one connection; a real server runs these truly in parallel.
    const body = JSON.stringify({ name: 'Racer', email: 'racer@example.com' });
    const responses = await Promise.all(Array.from({ length: 10 }, () => request(postgres, '/sandbox/users', { method: 'POST', body, headers: { 'Idempotency-Key': 'pg-race' } })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join()).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    const rows = await query<{ n: number }>("select count(*)::int as n from sandbox_users where email = 'racer@example.com'");
    expect(rows[0]?.n).toBe(1);
  });

  it('accounts over a connection pool: registration in one transaction, 20 parallel wrong passwords → exactly 1 block and 1 reference id, 5 parallel refreshes → 1 successor', async () => {
    const body = registration({}, 'TH');
    const created = await request(postgres, '/user', { method: 'POST', body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const email = String(body['email']);
    const member = await query<{ tier: string; consents: number }>(
      'select m.tier, (select count(*)::int from consents c where c.user_id = u.id) as consents from users u join beauty_pass_members m on m.user_id = u.id where u.email = $1',
      [email],
    );
    expect(member).toEqual([{ tier: 'pink', consents: 6 }]);

    const wrong = await Promise.all(Array.from({ length: 20 }, (_, n) => request(postgres, '/sessions', { method: 'POST', body: JSON.stringify({ email, password: `guess ${n}` }) })));
    const statuses = wrong.map((answer) => answer.status);
    expect(statuses.every((status) => status === 401 || status === 403), wrong.map((answer) => answer.body).join('\n')).toBe(true);
    // The 5 admitted attempts are in flight together, so the block can already stand when they finish: at most 4 plain 401s.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 403).length).toBeGreaterThanOrEqual(16);
    const references = new Set(wrong.filter((answer) => answer.status === 403).map((answer) => (JSON.parse(answer.body) as { referenceId: string }).referenceId));
    expect(references.size).toBe(1);
    expect(await query<{ n: number }>('select count(*)::int as n from sign_in_blocks where account_key = $1', [email])).toEqual([{ n: 1 }]);
    // Logged once, under the reference id the shopper is shown.
    expect(logs.filter((line) => line.startsWith('sign-in blocked'))).toEqual([expect.stringContaining(`[${[...references][0]}]`)]);

    // A fresh session from the registration's cookies: 5 refreshes at once share one successor.
    const second = registration();
    const cookies = (await fetch(`${postgres?.url}${API_PREFIX}/user`, { method: 'POST', headers: { 'X-Platform': 'web', 'Content-Type': 'application/json' }, body: JSON.stringify(second) }))
      .headers.getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const refreshes = await Promise.all(
      Array.from({ length: 5 }, () => request(postgres, '/auth/token', { method: 'POST', body: JSON.stringify({ grant_type: 'refresh_token', flow: 'client' }), headers: { Cookie: cookies } })),
    );
    expect(refreshes.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const tokens = await query<{ n: number; used: number }>(
      'select count(*)::int as n, count(used_at)::int as used from refresh_tokens t join users u on u.id = t.user_id where u.email = $1',
      [String(second['email']).toLowerCase()],
    );
    expect(tokens).toEqual([{ n: 2, used: 1 }]);
  });

  it('keeps cards current across servers: a change written elsewhere shows on the next request', async () => {
    // A second server on the same database, as behind a load balancer; the test's own connection writes.
    const other = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: databaseUrl(), staticDir: null, log, sandbox: true });
    try {
      const list = async () => JSON.parse((await request(other, '/products?sort=top_rated&per_page=100', { country: 'sg' })).body) as { data: { id: number; inStock: boolean; rating: { average: number; count: number } }[] };
      const before = await list();
      const last = before.data[before.data.length - 1];
      const inStock = before.data.find((p) => p.inStock && p.id !== last?.id);
      if (!last || !inStock) throw new Error('no products to change');
      await query('update products set total_stock = 0 where id = $1', [inStock.id]);
      await query('update products set rating_avg = 5, rating_count = 100000 where id = $1', [last.id]);
      const after = await list();
      expect(after.data.find((p) => p.id === inStock.id)).toMatchObject({ inStock: false });
      expect(after.data[0]).toMatchObject({ id: last.id, rating: { average: 5, count: 100_000 } });
      const [version] = await query<{ version: string }>('select version::text from catalogue_version');
      const stamped = await query<{ id: number }>('select id from products where change_version = $1::bigint', [version?.version]);
      expect(stamped.map((r) => r.id)).toEqual([last.id]);
    } finally {
      await other.close();
    }
  });

  it('survives PostgreSQL ending its idle connections (a restart, an administrator): logs it and answers the next request', async () => {
    // Idle connections in the server's pool: several requests at once, each on one.
    await Promise.all(Array.from({ length: 4 }, () => request(postgres, '/brands')));
    const ended = await query<{ ended: boolean }>('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [DATABASE]);
    expect(ended.length).toBeGreaterThan(0);
    // Each ended connection is reported once the server has read its end; then the pool holds none of them.
    await expect.poll(() => logs.filter((line) => line.startsWith('PostgreSQL ended an idle connection of the pool')).length).toBe(ended.length);
    // Unheard, the pool's event would have ended this process; the next request gets a new connection.
    expect((await request(postgres, '/brands')).status).toBe(200);
  });

  it('restarts on the same DATABASE_URL without migrating or seeding again', async () => {
    const before = await request(postgres, '/products?sort=price_asc', { country: 'th' });
    const users = await query<{ n: number }>('select count(*)::int as n from sandbox_users');
    const migrations = await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    await postgres?.close();
    postgres = undefined;
    // A different SEED_PRODUCTS must not matter once the database holds a catalogue.
    postgres = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: databaseUrl(), seedProducts: 10, staticDir: null, log, sandbox: true });
    expect(postgres.seeded).toBe(false);
    expect(await request(postgres, '/products?sort=price_asc', { country: 'th' })).toEqual(before);
    expect(await query('select count(*)::int as n from sandbox_users')).toEqual(users);
    expect(await query('select count(*)::int as n from drizzle.__drizzle_migrations')).toEqual(migrations);
    // Rows created after the seed get fresh ids: the sequences were moved past the seeded ones.
    const created = await request(postgres, '/sandbox/users', { method: 'POST', body: JSON.stringify({ name: 'After Restart', email: 'after@example.com' }) });
    expect(created.status).toBe(201);
    // The stored replay survives the restart too.
    const replay = await request(postgres, '/sandbox/users', { method: 'POST', body: JSON.stringify({ name: 'Pg User', email: 'pg.user@example.com' }), headers: { 'Idempotency-Key': 'pg-create-1' } });
    expect(replay.status).toBe(201);
    expect(replay.replayed).toBe('true');
  });
});
