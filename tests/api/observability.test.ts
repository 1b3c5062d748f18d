/**
 * What operators see and what a production start keeps closed: the developer routes are not
 * mounted without the sandbox, every request leaves one JSON log line with its id, route pattern,
 * status and duration, and `/metrics` (Prometheus) answers only with its token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { createApp, type App } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { ConfigError, loadObservabilityConfig } from '../../src/server/env.ts';
import { NOT_FOUND_MESSAGE } from '../../src/server/http/errors.ts';
import { createLogger } from '../../src/server/http/logging.ts';
import { createMetrics, measuredJobRun, metricsApp } from '../../src/server/http/metrics.ts';
import { createPageCache } from '../../src/server/render/page-cache.ts';
import { prepareDatabase } from '../../src/server/server.ts';
import { apiOperations } from '../helpers/openapi-operations.ts';

let database: Database;

beforeAll(async () => {
  ({ database } = await prepareDatabase({ dataDir: 'memory', seedProducts: 20 }));
}, 120_000);
afterAll(() => database.close());

const headers = { 'X-Platform': 'web', 'Content-Type': 'application/json' };
/** A route pattern as a path: `:id` becomes 1. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, '1');

/** Developer-only: under `sandbox/` or documented as the developer sandbox (its description in the OpenAPI document), and the metrics. */
const DOCUMENTED_DEVELOPER_PATHS = (await apiOperations()).filter((endpoint) => /^Developer/.test(endpoint.description) || endpoint.path.startsWith('sandbox/')).map((endpoint) => `${API_PREFIX}/${endpoint.path.replace(/\{[^}]+\}/g, ':id')}`);
const isDeveloper = (path: string) => path.includes('/sandbox/') || path.endsWith('/sandbox') || path === '/metrics' || DOCUMENTED_DEVELOPER_PATHS.includes(path);

/** Every handler a Hono app mounts, as method and pattern (its `*` middlewares left out). */
const handlers = (app: App) => app.routes.filter((route) => route.method !== 'ALL').map((route) => ({ method: route.method, path: route.path }));

describe('developer routes in a default start', () => {
  let closed: App;
  let open: App;
  beforeAll(() => {
    closed = createApp({ db: database.db, log: () => undefined, sandbox: false, metrics: { token: null } });
    open = createApp({ db: database.db, log: () => undefined, sandbox: true, metrics: { token: null } });
  });

  it('none of the developer routes is mounted, and each answers 404 like an unknown path', async () => {
    const developer = handlers(open).filter((route) => isDeveloper(route.path));
    // users (six operations), emails, variants: the walk below must have something to walk.
    expect(developer.length).toBeGreaterThanOrEqual(8);
    expect(DOCUMENTED_DEVELOPER_PATHS.length).toBeGreaterThanOrEqual(8);
    const mounted = handlers(closed);
    // Every route a default start mounts, plus every developer route it might have mounted.
    for (const route of [...mounted, ...developer]) {
      if (!isDeveloper(route.path)) continue;
      const response = await closed.request(concrete(route.path), { method: route.method, headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{"name":"x","email":"x@example.com","stock":1}' }) });
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({ route: `${route.method} ${route.path}`, status: 404 });
    }
    expect(mounted.filter((route) => route.path.includes('/sandbox/')), 'a sandbox route is mounted without SANDBOX=1').toEqual([]);
  });

  it('with the sandbox on, each answers from its own handler', async () => {
    const developer = handlers(open).filter((route) => route.path.includes('/sandbox/'));
    for (const route of developer) {
      const response = await open.request(concrete(route.path), { method: route.method, headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }) });
      const text = await response.text();
      // Its own answer (a list, a 400 naming its fields, "User not found"), not the app's unknown path.
      expect({ route: `${route.method} ${route.path}`, generic404: response.status === 404 && text.includes(NOT_FOUND_MESSAGE) }).toEqual({ route: `${route.method} ${route.path}`, generic404: false });
    }
    expect((await open.request(`${API_PREFIX}/sandbox/users`, { headers })).status).toBe(200);
  });
});

describe('request log', () => {
  const lines: string[] = [];
  let app: App;
  beforeAll(() => {
    app = createApp({ db: database.db, log: (line) => lines.push(line), sandbox: false, metrics: { token: null } });
  });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry['msg'] === 'request');

  it('is one JSON line per request: request id, method, route pattern (not the path), status, duration', async () => {
    lines.length = 0;
    const slug = 'no-such-product-slug';
    const response = await app.request(`${API_PREFIX}/products/${slug}`, { headers: { ...headers, 'X-Request-Id': 'lb-7f3a_9=' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('lb-7f3a_9=');
    expect(entries()).toHaveLength(1);
    const [entry] = entries();
    expect(entry).toMatchObject({ level: 'info', reqId: 'lb-7f3a_9=', method: 'GET', route: `${API_PREFIX}/products/:slug`, status: 404 });
    expect(typeof entry?.['durationMs']).toBe('number');
    expect(entry?.['time']).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(lines.join('\n')).not.toContain(slug);
  });

  it('replaces an odd or overlong X-Request-Id with its own, and echoes that', async () => {
    for (const sent of ['has spaces and "quotes"', 'x'.repeat(500), '']) {
      lines.length = 0;
      const response = await app.request(`${API_PREFIX}/brands`, { headers: { ...headers, 'X-Request-Id': sent } });
      const id = response.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(entries()[0]?.['reqId']).toBe(id);
    }
  });

  it('logs a 500 at error level with its cause chain', async () => {
    lines.length = 0;
    const failing = createApp({ db: database.db, log: (line) => lines.push(line), sandbox: false, metrics: { token: null } });
    failing.get('/test-only/boom', () => {
      throw new Error('Failed query: select 1', { cause: Object.assign(new Error('permission denied to set parameter'), { code: '42501' }) });
    });
    expect((await failing.request('/test-only/boom')).status).toBe(500);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.find((entry) => entry['msg'] === 'request failed')).toMatchObject({ level: 'error', route: '/test-only/boom', err: { message: 'Failed query: select 1', sqlstate: '42501', causes: [{ message: 'permission denied to set parameter', code: '42501' }] } });
    expect(parsed.find((entry) => entry['msg'] === 'request')).toMatchObject({ level: 'error', status: 500, route: '/test-only/boom' });
  });

  it('takes the level of LOG_LEVEL, refusing an unknown one', () => {
    const written: string[] = [];
    const logger = createLogger({ level: 'warn', write: (line) => written.push(line) });
    logger.info('not shown');
    logger.warn('shown');
    expect(written.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['shown']);
    expect(loadObservabilityConfig({ LOG_LEVEL: ' Debug ' }).logLevel).toBe('debug');
    expect(() => loadObservabilityConfig({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
  });
});

describe('/metrics', () => {
  const TOKEN = 'metrics-token-for-tests-0123456789';
  let app: App;
  let clock = 1_900_000_000_000;
  const metrics = createMetrics({ poolStats: () => ({ total: 7, idle: 3, waiting: 2 }), now: () => clock });
  beforeAll(() => {
    app = createApp({ db: database.db, log: () => undefined, sandbox: false, metrics: { token: TOKEN, registry: metrics } });
  });
  const scrape = async (authorization?: string) => app.request('/metrics', authorization ? { headers: { Authorization: authorization } } : {});

  it('answers 401 without the token or with another, 400 to another scheme, 200 with it', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all-000000')).status).toBe(401);
    // Not a bearer header at all: hono's bearerAuth calls that a bad request.
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(400);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('answers 404 when no token is configured, like any unknown path', async () => {
    const closed = createApp({ db: database.db, log: () => undefined, sandbox: false, metrics: { token: null } });
    const response = await closed.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(METRICS_TOKEN_UNSET_IS_DEFAULT()).toBe(true);
  });

  it('has the request histogram of a route that was hit, by pattern and status class, and the pool gauges', async () => {
    expect((await app.request(`${API_PREFIX}/brands`, { headers })).status).toBe(200);
    expect((await app.request(`${API_PREFIX}/products/not-a-product`, { headers })).status).toBe(404);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(text).toMatch(new RegExp(`http_request_duration_seconds_count\\{method="GET",route="${API_PREFIX}/brands",status_class="2xx"\\} 1\\n`));
    expect(text).toMatch(new RegExp(`http_request_duration_seconds_count\\{method="GET",route="${API_PREFIX}/products/:slug",status_class="4xx"\\} 1\\n`));
    expect(text).not.toContain('not-a-product');
    expect(text).toContain('db_pool_connections_total 7\n');
    expect(text).toContain('db_pool_connections_idle 3\n');
    expect(text).toContain('db_pool_waiting_queries 2\n');
  });

  it("counts the page cache's hits and misses", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, onLookup: metrics.countPageLookup });
    expect(cache.get('k')).toBeNull();
    cache.set('k', { status: 200, body: new Uint8Array([1, 2, 3]), encoding: null });
    expect(cache.get('k')).not.toBeNull();
    expect(cache.get('k')).not.toBeNull();
    expect(cache.size).toBe(1);
    const text = await metrics.registry.metrics();
    expect(text).toContain('page_cache_lookups_total{result="hit"} 2\n');
    expect(text).toContain('page_cache_lookups_total{result="miss"} 1\n');
  });

  it("counts a job's runs and failures and says how long ago it last succeeded", async () => {
    const jobClock = () => clock;
    await measuredJobRun('test_job', async () => 'ok', jobClock);
    const succeededAt = clock;
    clock += 90_000;
    await expect(measuredJobRun('test_job', () => Promise.reject(new Error('database down')), jobClock)).rejects.toThrow('database down');
    clock += 30_000;
    const text = await metrics.registry.metrics();
    expect(text).toContain('job_runs_total{job="test_job"} 2\n');
    expect(text).toContain('job_failures_total{job="test_job"} 1\n');
    expect(text).toContain(`job_last_success_timestamp_seconds{job="test_job"} ${succeededAt / 1000}\n`);
    expect(text).toContain('job_last_success_age_seconds{job="test_job"} 120\n');
  });

  it('on its own listener (METRICS_PORT) answers without a token, and nothing else', async () => {
    const own = metricsApp(metrics);
    const response = await own.request('/metrics');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('http_request_duration_seconds_bucket');
    expect((await own.request('/api/web/v1/brands')).status).toBe(404);
  });

  it('METRICS_TOKEN and METRICS_PORT are checked', () => {
    expect(loadObservabilityConfig({})).toEqual({ logLevel: null, metricsToken: null, metricsPort: null });
    expect(loadObservabilityConfig({ METRICS_TOKEN: ` ${TOKEN} `, METRICS_PORT: '9464' })).toEqual({ logLevel: null, metricsToken: TOKEN, metricsPort: 9464 });
    expect(() => loadObservabilityConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be 16 to 512 printable characters');
    expect(() => loadObservabilityConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
  });
});

/** The test environment sets no METRICS_TOKEN: a default start keeps /metrics closed. */
function METRICS_TOKEN_UNSET_IS_DEFAULT(): boolean {
  return loadObservabilityConfig().metricsToken === null;
}
