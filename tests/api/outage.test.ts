/**
 * A database that is restarting, failing over or refusing connections: every request that needs it
 * answers 503 with `Retry-After` and a JSON body the client can show, never 500; the log names the
 * cause from under drizzle's "Failed query" wrapper. Other errors stay 500.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { ApiErrorBodySchema } from '../../src/contract/site.ts';
import type { PageRenderer } from '../../src/contract/page-render.ts';
import { createApp } from '../../src/server/app.ts';
import { checkedApp } from '../helpers/api-contract.ts';
import type { Db } from '../../src/server/db/client.ts';
import { databaseOutage, OUTAGE_RETRY_AFTER_SECONDS } from '../../src/server/http/errors.ts';

/** A driver error as node-postgres makes it: a message and a code (SQLSTATE or Node's). */
function driverError(message: string, code?: string): Error {
  const error = new Error(message) as Error & { code?: string };
  if (code) error.code = code;
  return error;
}

/** As drizzle throws it: "Failed query" with the driver's error as its cause. */
const failedQuery = (cause: unknown) => new Error('Failed query: select "id", "name" from "brands"\nparams: ', { cause });

const OUTAGES: Record<string, { error: () => unknown; cause: string }> = {
  '57P01 admin_shutdown': { error: () => failedQuery(driverError('terminating connection due to administrator command', '57P01')), cause: '57P01' },
  '57P02 crash_shutdown': { error: () => failedQuery(driverError('terminating connection because of crash of another server process', '57P02')), cause: '57P02' },
  '57P03 cannot_connect_now': { error: () => failedQuery(driverError('the database system is starting up', '57P03')), cause: '57P03' },
  '08006 connection_failure': { error: () => failedQuery(driverError('connection failure', '08006')), cause: '08006' },
  '08001 unable to connect': { error: () => failedQuery(driverError('could not connect to server', '08001')), cause: '08001' },
  ECONNREFUSED: { error: () => failedQuery(driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')), cause: 'ECONNREFUSED' },
  'ECONNREFUSED of both addresses (AggregateError)': {
    error: () => failedQuery(Object.assign(new AggregateError([driverError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')]), { code: 'ECONNREFUSED' })),
    cause: 'ECONNREFUSED',
  },
  ECONNRESET: { error: () => failedQuery(driverError('read ECONNRESET', 'ECONNRESET')), cause: 'ECONNRESET' },
  ETIMEDOUT: { error: () => failedQuery(driverError('connect ETIMEDOUT 10.0.0.5:5432', 'ETIMEDOUT')), cause: 'ETIMEDOUT' },
  'Connection terminated unexpectedly': { error: () => failedQuery(driverError('Connection terminated unexpectedly')), cause: 'Connection terminated unexpectedly' },
  "pg-pool's connect timeout": { error: () => failedQuery(driverError('timeout exceeded when trying to connect')), cause: 'timeout exceeded when trying to connect' },
};

const NOT_OUTAGES: Record<string, () => unknown> = {
  'a unique violation nobody caught (23505)': () => failedQuery(driverError('duplicate key value violates unique constraint', '23505')),
  'a syntax error (42601)': () => failedQuery(driverError('syntax error at or near "form"', '42601')),
  'a bug': () => new TypeError("Cannot read properties of undefined (reading 'id')"),
};

/** A Db whose every use throws `failure()`: the database as the routes meet it during an outage. */
function failingDb(failure: () => unknown): Db {
  return new Proxy({}, {
    get(_target, property) {
      // Not a thenable: `await db` would otherwise call it.
      if (property === 'then') return undefined;
      throw failure();
    },
  }) as Db;
}

let failure: () => unknown = () => new Error('unset');
const logs: string[] = [];
const app = checkedApp(createApp({ db: failingDb(() => failure()), log: (line) => logs.push(line), sandbox: false, metrics: { token: null } }));

const brands = () => app.request(`${API_PREFIX}/brands`, { headers: { 'X-Platform': 'web', 'X-Request-Id': 'outage-test-1' } });

describe('a database outage', () => {
  for (const [name, { error, cause }] of Object.entries(OUTAGES)) {
    it(`${name}: 503 with Retry-After and a JSON message; the log names the cause`, async () => {
      failure = error;
      logs.length = 0;
      const response = await brands();
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = v.parse(ApiErrorBodySchema, await response.json());
      expect(body).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(body.message).toMatch(/try again/);
      const entry = logs.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line['msg'] === 'database unavailable: answered 503');
      expect(entry).toMatchObject({ level: 'warn', reqId: 'outage-test-1', referenceId: body.referenceId, route: `${API_PREFIX}/brands` });
      expect(String(entry?.['cause'])).toContain(cause);
      // The whole chain, outermost first: drizzle's wrapper, then the driver's error with its code.
      expect(JSON.stringify(entry?.['err'])).toContain(cause);
    });
  }

  for (const [name, error] of Object.entries(NOT_OUTAGES)) {
    it(`${name} is no outage: 500, logged with its cause`, async () => {
      failure = error;
      logs.length = 0;
      const response = await brands();
      expect(response.status).toBe(500);
      expect(response.headers.get('retry-after')).toBeNull();
      const entry = logs.map((line) => JSON.parse(line) as { msg?: string; level?: string; err?: { causes?: unknown[]; sqlstate?: string } }).find((line) => line.msg === 'request failed');
      expect(entry?.level).toBe('error');
      const sqlstate = /\((\d{5}|[0-9A-Z]{5})\)/.exec(name)?.[1];
      if (sqlstate) expect(entry?.err).toMatchObject({ sqlstate, causes: [expect.objectContaining({ code: sqlstate })] });
    });
  }

  it('is found anywhere down the cause chain, and not in an unrelated message', () => {
    const deep = new Error('checkout failed', { cause: new Error('Failed query', { cause: driverError('the database system is shutting down', '57P03') }) });
    expect(databaseOutage(deep)?.code).toBe('57P03');
    expect(databaseOutage(new Error('Connection to the payment provider refused'))).toBeNull();
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(databaseOutage(loop)).toBeNull();
  });
});

describe('a database outage on a server-rendered page', () => {
  let dist: string;
  const SHELL = '<!doctype html><html><head><title>Beauty Pass</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
  // Never reached: the page cache asks the catalogue's version first, and the database is down.
  const renderer: PageRenderer = { renderPage: () => Promise.reject(new Error('rendered during an outage')) } as unknown as PageRenderer;
  let pages: ReturnType<typeof createApp>;

  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'bp-outage-'));
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    pages = checkedApp(createApp({ db: failingDb(() => failure()), log: (line) => logs.push(line), sandbox: false, staticDir: dist, pages: renderer, metrics: { token: null } }));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('a page whose API answered 503 mid-render is a 503 too, and never kept in the page cache', async () => {
    failure = OUTAGES['ECONNRESET']?.error ?? (() => undefined);
    // The catalogue's version still reads (the database went away after it), the render's API call does not.
    const db = new Proxy({}, {
      get(_target, property) {
        if (property === 'then' || property === '$client') return undefined;
        if (property === 'execute') return () => Promise.resolve({ rows: [{ v: 7 }] });
        throw failure();
      },
    }) as Db;
    let renders = 0;
    const apiStatuses: number[] = [];
    const rendering = {
      renderPage: async ({ fetchApi }: { fetchApi: (input: string, init?: RequestInit) => Promise<Response> }) => {
        renders += 1;
        const response = await fetchApi(`http://localhost${API_PREFIX}/brands`, { headers: { 'X-Platform': 'web' } });
        apiStatuses.push(response.status);
        // As the screens do: a failed load renders its failure state, with a 200.
        return { status: 200, html: '<p>Could not load brands</p>', head: '', lang: 'en', state: {}, modules: [] };
      },
    } as unknown as PageRenderer;
    const app = checkedApp(createApp({ db, log: (line) => logs.push(line), sandbox: false, staticDir: dist, pages: rendering, metrics: { token: null } }));
    const first = await app.request('/brands');
    expect(apiStatuses).toEqual([503]);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(await first.text()).not.toContain('Could not load brands');
    // Asked again: rendered again, not the failure state from the cache.
    await app.request('/brands');
    expect(renders).toBe(2);
  });

  it('answers the SPA shell with 503 and Retry-After, not a 500 page; its payload a JSON 503', async () => {
    failure = OUTAGES['57P01 admin_shutdown']?.error ?? (() => undefined);
    logs.length = 0;
    const page = await pages.request('/categories/makeup');
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(page.headers.get('cache-control')).toBe('no-store');
    // The shell boots the SPA, whose API client waits out the 503s.
    expect(await page.text()).toContain('<script type="module" src="/assets/index.js">');
    expect(logs.some((line) => line.includes('/categories/makeup: database unavailable (57P01'))).toBe(true);

    const payload = await pages.request('/categories/makeup/_payload.json');
    expect(payload.status).toBe(503);
    expect(payload.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(v.parse(ApiErrorBodySchema, await payload.json()).status).toBe(503);
  });
});
