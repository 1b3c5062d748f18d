import type { ApiErrorBody } from '../../contract/site.ts';
import { NO_STORE } from './cache.ts';

export type FieldError = { field: string; message: string };

/** An error the client caused or may expect: answered with its status and message as JSON. */
export type ApiErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

/** Extra fields of an error body: its `code`, a support `referenceId`, or fields a screen needs (a not-linked Google account's names). */
export type ApiErrorExtra = Omit<Record<string, unknown>, 'message' | 'status' | 'errors'> & { code?: string; referenceId?: string };

export class ApiError extends Error {
  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    readonly errors?: FieldError[],
    readonly extra?: ApiErrorExtra,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): ApiErrorBody {
    return { ...this.extra, message: this.message, status: this.status, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const NOT_FOUND_MESSAGE = 'Resource not found!';

export function notFound(message = NOT_FOUND_MESSAGE): ApiError {
  return new ApiError(404, message);
}

export function invalidRequest(errors: FieldError[]): ApiError {
  return new ApiError(400, 'Invalid request', errors);
}

/** One link of an error's `cause` chain, as the log shows it. */
export interface ErrorLink {
  name: string;
  message: string;
  /** A PostgreSQL SQLSTATE (`57P01`) or a Node system error code (`ECONNREFUSED`). */
  code?: string;
}

/** Links followed at most: a chain that long is a loop or a bug, never a real diagnosis. */
const MAX_CAUSE_DEPTH = 10;

/**
 * The error and each of its causes, outermost first. Drizzle wraps the driver's error as "Failed
 * query: …" with the real one in `.cause`; an AggregateError (a connect to both `::1` and
 * `127.0.0.1` refused) holds its own in `.errors`, whose first is followed.
 */
export function causeChain(error: unknown): ErrorLink[] {
  const links: ErrorLink[] = [];
  const seen = new Set<unknown>();
  for (let current: unknown = error; current !== undefined && current !== null && !seen.has(current) && links.length < MAX_CAUSE_DEPTH; ) {
    seen.add(current);
    if (typeof current !== 'object') {
      links.push({ name: typeof current, message: String(current) });
      break;
    }
    const record = current as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof record.code === 'string' ? record.code : undefined;
    links.push({
      name: typeof record.name === 'string' ? record.name : 'Error',
      message: typeof record.message === 'string' ? record.message : String(current),
      ...(code ? { code } : {}),
    });
    current = record.cause ?? (Array.isArray(record.errors) ? record.errors[0] : undefined);
  }
  return links;
}

/**
 * SQLSTATEs of a server that is going away or not there yet: 57P01 admin_shutdown (a fast stop,
 * a failover), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down,
 * recovering). Class 08 (connection exception) is matched by its prefix.
 */
const OUTAGE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03']);
/** Node's socket errors on the way to the database. */
const OUTAGE_SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres and pg-pool say these in words only (no code); PGlite after `close()`. */
const OUTAGE_MESSAGES: readonly RegExp[] = [
  /Connection terminated unexpectedly/i,
  /Connection terminated due to connection timeout/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /PGlite is closed/i,
];

/**
 * A page whose render was answered 503 by the API in process: the database went away during the
 * render. Thrown so that the page is answered 503 too, and never kept in the page cache.
 */
export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';
  readonly code = 'SERVICE_UNAVAILABLE';
}

/**
 * The link of `error`'s cause chain that says the database is unreachable (restarting, failing
 * over, refusing connections), or null for any other failure. Such a request may well succeed in a
 * few seconds: it is answered 503 with `Retry-After`, not 500.
 */
export function databaseOutage(error: unknown): ErrorLink | null {
  for (const link of causeChain(error)) {
    if (link.code === 'SERVICE_UNAVAILABLE') return link;
    if (link.code && (OUTAGE_SQLSTATES.has(link.code) || /^08[0-9A-Z]{3}$/.test(link.code) || OUTAGE_SOCKET_CODES.has(link.code))) return link;
    if (OUTAGE_MESSAGES.some((pattern) => pattern.test(link.message))) return link;
  }
  return null;
}

/**
 * Seconds a client is asked to wait after a database outage: a PostgreSQL restart took 1.9 s here,
 * and the SPA's client waits out a `Retry-After` up to 30 s, three times.
 */
export const OUTAGE_RETRY_AFTER_SECONDS = 3;

/** The body of a 503 for a database outage; the SPA shows its own translated text for the status. */
export function outageBody(referenceId: string): ApiErrorBody {
  return { message: 'The store is briefly unavailable, please try again in a few seconds', status: 503, code: 'service_unavailable', referenceId };
}

/** Headers of a 503 for a database outage: never cached, asked again after a few seconds. */
export function outageHeaders(): Record<string, string> {
  return { 'Cache-Control': NO_STORE, 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) };
}

/** The link's kind for a log line: its SQLSTATE or system code, else its message. */
export function describeLink(link: ErrorLink): string {
  return link.code ? `${link.code} ${link.message}` : link.message;
}
