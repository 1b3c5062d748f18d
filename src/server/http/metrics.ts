import { Hono, type MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ApiErrorBody } from '../../contract/site.ts';
import type { PoolStats } from '../db/client.ts';
import { NO_STORE } from './cache.ts';
import { NOT_FOUND_MESSAGE } from './errors.ts';
import type { RequestRecord } from './logging.ts';

/** The database pool's connections now (src/server/db/client.ts). */
export type { PoolStats };

/** Seconds: from a cached page (well under a millisecond) to a render or checkout that waits on its deadline. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/*
 * Background jobs run beside the app (started by server.ts, one set per process), so their figures
 * are the process's, kept here and read by every app's registry when it is scraped.
 */
interface JobFigures {
  runs: number;
  failures: number;
  /** Epoch ms of the last run that finished without an error; null: none yet. */
  lastSuccessAt: number | null;
  lastDurationMs: number | null;
}

const jobFigures = new Map<string, JobFigures>();

function figuresOf(job: string): JobFigures {
  let figures = jobFigures.get(job);
  if (!figures) jobFigures.set(job, (figures = { runs: 0, failures: 0, lastSuccessAt: null, lastDurationMs: null }));
  return figures;
}

/**
 * One run of a background job, counted: runs, failures, its duration and when the last one
 * succeeded (its lag). The run's error is passed on unchanged.
 */
export async function measuredJobRun<T>(job: string, run: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const figures = figuresOf(job);
  const started = now();
  figures.runs += 1;
  try {
    const result = await run();
    figures.lastSuccessAt = now();
    return result;
  } catch (error) {
    figures.failures += 1;
    throw error;
  } finally {
    figures.lastDurationMs = now() - started;
  }
}

export interface MetricsOptions {
  /** The pool's figures (`Database.poolStats`); absent or null (PGlite has no pool): the gauges stay 0. */
  poolStats?: (() => PoolStats | null) | undefined;
  /** Epoch ms, for the jobs' lag; tests pass their own. */
  now?: () => number;
  /** Node's own figures (heap, event loop lag, GC): on for a served registry, off in most tests. */
  processMetrics?: boolean;
}

export interface AppMetrics {
  registry: Registry;
  /** Records a finished request (`requestLogging`'s `onFinished`). */
  observeRequest(record: RequestRecord): void;
  /** Counts a page cache lookup (`createPageCache`'s `onLookup`). */
  countPageLookup(hit: boolean): void;
}

/** The statuses' class (`2xx`): bounded labels, where a status each would multiply the series. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export function createMetrics({ poolStats, now = Date.now, processMetrics = false }: MetricsOptions = {}): AppMetrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const pool = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = poolStats?.();
        this.set(stats ? read(stats) : 0);
      },
    });
  pool('db_pool_connections_total', 'Connections the database pool holds (in use and idle)', (s) => s.total);
  pool('db_pool_connections_idle', 'Connections of the pool not in use', (s) => s.idle);
  pool('db_pool_waiting_queries', 'Queries waiting for a connection of the pool', (s) => s.waiting);
  const pageCache = new Counter({ name: 'page_cache_lookups_total', help: 'Anonymous page lookups in the in-process page cache, by result', labelNames: ['result'] as const, registers: [registry] });
  // Both series from the start, so a rate of hits over lookups never divides by a missing series.
  pageCache.inc({ result: 'hit' }, 0);
  pageCache.inc({ result: 'miss' }, 0);
  const jobGauge = (name: string, help: string, read: (figures: JobFigures) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [job, figures] of jobFigures) {
          const value = read(figures);
          if (value !== null) this.set({ job }, value);
        }
      },
    });
  const jobCounter = (name: string, help: string, read: (figures: JobFigures) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['job'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [job, figures] of jobFigures) this.inc({ job }, read(figures));
      },
    });
  jobCounter('job_runs_total', 'Runs of each background job since the process started', (f) => f.runs);
  jobCounter('job_failures_total', 'Runs of each background job that failed', (f) => f.failures);
  jobGauge('job_last_success_timestamp_seconds', 'When each background job last finished without an error (Unix seconds)', (f) => (f.lastSuccessAt === null ? null : f.lastSuccessAt / 1000));
  jobGauge('job_last_success_age_seconds', "Seconds since each background job's last successful run (its lag)", (f) => (f.lastSuccessAt === null ? null : (now() - f.lastSuccessAt) / 1000));
  jobGauge('job_last_run_duration_seconds', 'How long the last run of each background job took', (f) => (f.lastDurationMs === null ? null : f.lastDurationMs / 1000));

  return {
    registry,
    observeRequest: (record) => requestDuration.observe({ method: record.method, route: record.route, status_class: statusClass(record.status) }, record.durationMs / 1000),
    countPageLookup: (hit) => pageCache.inc({ result: hit ? 'hit' : 'miss' }),
  };
}

/** The registry in Prometheus' text format. */
function scrape(metrics: AppMetrics): MiddlewareHandler {
  return async (c) => c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': NO_STORE });
}

/**
 * `GET /metrics` on the shop's own port: only with `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise); without a token configured it answers 404, like any unknown path.
 */
export function metricsRoutes(metrics: AppMetrics, token: string | null) {
  const routes = new Hono();
  if (!token) return routes.get('/', (c) => c.json({ message: NOT_FOUND_MESSAGE, status: 404 } satisfies ApiErrorBody, 404, { 'Cache-Control': NO_STORE }));
  const unauthorized = { message: 'Unauthorized', status: 401 } satisfies ApiErrorBody;
  return routes.get('/', bearerAuth({ token, noAuthenticationHeader: { message: unauthorized }, invalidAuthenticationHeader: { message: unauthorized }, invalidToken: { message: unauthorized } }), scrape(metrics));
}

/**
 * The metrics alone, for their own listener (`METRICS_PORT`, reachable from the monitoring network
 * only): `GET /metrics` without a token; anything else 404.
 */
export function metricsApp(metrics: AppMetrics): Hono {
  const app = new Hono();
  app.get('/metrics', scrape(metrics));
  app.notFound((c) => c.json({ message: NOT_FOUND_MESSAGE, status: 404 } satisfies ApiErrorBody, 404));
  return app;
}
