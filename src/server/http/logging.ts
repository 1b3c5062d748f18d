import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { requestId, type RequestIdVariables } from 'hono/request-id';
import { pino, type LevelWithSilent, type Logger } from 'pino';
import { causeChain, type ErrorLink } from './errors.ts';

export type { Logger };

/** What most of the server's modules take: one line of text (sign-in blocks, job failures, mail). */
export type LineLog = (line: string) => void;

export const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The longest `X-Request-Id` taken from a client or balancer; a longer or odd one is replaced by our own. */
const REQUEST_ID_MAX_LENGTH = 128;

export interface LoggerOptions {
  /** Default `LOG_LEVEL` (checked by env.ts), else `info`; under Vitest `silent` unless `LOG_LEVEL` says otherwise. */
  level?: LevelWithSilent;
  /** Where each JSON line goes (without its newline); default standard output. Tests pass their own. */
  write?: LineLog;
}

function defaultLevel(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const configured = env['LOG_LEVEL']?.trim().toLowerCase();
  if (configured && (LOG_LEVELS as readonly string[]).includes(configured)) return configured as LevelWithSilent;
  // A test that passes no log of its own must not print a line per request.
  return env['VITEST'] ? 'silent' : 'info';
}

/** An error as one JSON object: its type, message, code, SQLSTATE, stack and every cause below it. */
export function serializeError(error: unknown): { type: string; message: string; code?: string; sqlstate?: string; stack?: string; causes?: ErrorLink[] } {
  const chain = causeChain(error);
  const [top, ...causes] = chain;
  // A SQLSTATE is five characters of digits and capitals; Node's codes (ECONNREFUSED) are longer.
  const sqlstate = chain.find((link) => link.code !== undefined && /^[0-9A-Z]{5}$/.test(link.code))?.code;
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    type: top?.name ?? 'Error',
    message: top?.message ?? String(error),
    ...(top?.code ? { code: top.code } : {}),
    ...(sqlstate ? { sqlstate } : {}),
    ...(stack ? { stack } : {}),
    ...(causes.length > 0 ? { causes } : {}),
  };
}

/** The server's structured logger: one JSON object a line, ISO time, level by name, errors with their causes. */
export function createLogger({ level = defaultLevel(), write }: LoggerOptions = {}): Logger {
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { err: serializeError },
  };
  if (!write) return pino(options);
  return pino(options, { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) });
}

/**
 * The modules' `(line) => void` on the structured logger: each line becomes a `warn` entry (they
 * are what an operator should read: blocks, failed runs, undelivered mail, ended connections).
 */
export function lineLog(logger: Logger): LineLog {
  return (line) => logger.warn(line);
}

/** The request id of `c` (set by `requestLogging`), or null outside it. */
export function requestIdOf(c: Context): string | null {
  const id: unknown = (c as Context<{ Variables: RequestIdVariables }>).get('requestId');
  return typeof id === 'string' ? id : null;
}

/**
 * The route pattern that answered (`/api/web/v1/products/:id`), never the raw path: ids and slugs
 * would make every product a log key and a metric series. Middleware-only answers (the SPA's shell,
 * pages, 404s) name their `*` pattern.
 */
export function routePattern(c: Context): string {
  return c.req.routePath || '*';
}

/** What one request did, for the log line and the metrics. */
export interface RequestRecord {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

export interface RequestLoggingOptions {
  logger: Logger;
  /** Told of every finished request (the metrics' histogram). */
  onFinished?: (record: RequestRecord) => void;
  /** Milliseconds of a monotonic clock; tests pass their own. */
  now?: () => number;
}

/**
 * First middleware of the app: a request id (the client's or balancer's `X-Request-Id` when it is
 * plain and short, else a new UUID, echoed in the answer), then after the answer one log line with
 * the id, method, route pattern, status and duration.
 */
export function requestLogging({ logger, onFinished, now = () => performance.now() }: RequestLoggingOptions): MiddlewareHandler {
  const assignId = requestId({ limitLength: REQUEST_ID_MAX_LENGTH, generator: () => randomUUID() });
  return async (c, next) => {
    const started = now();
    await assignId(c, async () => {
      await next();
    });
    const id = requestIdOf(c) ?? randomUUID();
    // An answer made as a plain Response (not through `c.json`) does not carry the header set before it.
    if (c.res.headers.get('X-Request-Id') !== id) {
      try {
        c.res.headers.set('X-Request-Id', id);
      } catch {
        // Immutable headers (a fetched Response passed through): the log still has the id.
      }
    }
    const record: RequestRecord = { requestId: id, method: c.req.method, route: routePattern(c), status: c.res.status, durationMs: Math.round((now() - started) * 100) / 100 };
    const level = record.status >= 500 ? 'error' : 'info';
    logger[level]({ reqId: record.requestId, method: record.method, route: record.route, status: record.status, durationMs: record.durationMs }, 'request');
    onFinished?.(record);
  };
}
