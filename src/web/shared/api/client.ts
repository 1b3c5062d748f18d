import type { $Fetch } from 'ofetch';
import * as v from 'valibot';
import type { Site } from '../../../config/countries.ts';
import { API_PREFIX, CLIENT_HEADERS, RETRY_LIMIT } from '../../../config/constants.ts';
import { acceptLanguage } from '../../../config/languages.ts';
import type { SessionTicket, UnauthorizedVerdict } from '../session/types.ts';
import { ApiError, httpError, invalidResponseError } from './errors.ts';
import { createResource, trimPath, type RequestFn, type Resource } from './resource.ts';
import { defaultRetryDelay, isRefusal, isRetryableStatus, mayRetry, parseRetryAfter, sleep, TOKEN_PATH, waitsTooLong } from './retry.ts';
import { unlessAborted } from './abort.ts';

export type { RequestOptions, Resource } from './resource.ts';
export type { HttpMethod } from './retry.ts';

export interface ApiClientOptions {
  /** Default API_PREFIX ('/api/web/v1'); tests pass an absolute URL like 'http://127.0.0.1:PORT/api/web/v1'. */
  baseURL?: string;
  /** Read at every request, so a language switch needs no new client. */
  site: () => Site;
  /** Delay before retry number `attempt` (1-based); `retryAfterMs` is the server's `Retry-After`, if any. */
  retryDelay?: (attempt: number, retryAfterMs: number | null) => number;
  fetch?: typeof globalThis.fetch;
  /**
   * The locked 401 refresh (spec §4), from `createAuthRefreshCoordinator`: called on a 401 of any
   * request but the token request; 'retry' sends the request once more, 'fail' throws the 401.
   */
  onUnauthorized?: (sentWith: SessionTicket | undefined) => Promise<UnauthorizedVerdict>;
  /** Before each attempt (not the token request): waits while a refresh is in flight. */
  awaitSession?: () => Promise<SessionTicket>;
}

export interface ApiClient {
  /** Where requests are made from now: APIs that cache per country and language key on it. */
  site: () => Site;
  /** The six operations of spec §7 on one resource path (trailing slashes trimmed). */
  resource(path: string): Resource;
  request: RequestFn;
}

/** An error page or a truncated body must not crash the client: keep the text and let the schema judge it. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The headers of spec §7, read per request so a country or language switch applies at once. */
export function siteHeaders({ country, language }: Site): Record<string, string> {
  return { ...CLIENT_HEADERS, 'Accept-Language': acceptLanguage(language, country), 'X-Site-Country': country.toLowerCase() };
}

/** `promise`, unless the caller aborts first: a request parked behind a refresh can still be cancelled. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, aborted: (cause: unknown) => ApiError): Promise<T> {
  return signal ? unlessAborted(promise, signal, aborted) : promise;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  /**
   * ofetch loads with the first request, not with the entry: a server-rendered first screen
   * hydrates from its snapshots and asks nothing, so the request code is not part of what every
   * first screen waits for. A failed load (a new deployment removed the chunk) is a network error of
   * that request, and the next request tries again.
   */
  let fetcher: Promise<$Fetch> | null = null;
  const loadFetch = () => {
    fetcher ??= import('ofetch').then(
      ({ ofetch }) =>
        // Retries are ours (below), so ofetch neither retries nor throws on a status.
        ofetch.create({ baseURL: options.baseURL ?? API_PREFIX, retry: false, ignoreResponseError: true, parseResponse: parseBody }, options.fetch ? { fetch: options.fetch } : {}),
      (error: unknown) => {
        fetcher = null;
        throw error;
      },
    );
    return fetcher;
  };

  const request: RequestFn = async (method, rawPath, schema, { query, signal, idempotencyKey, headers, body, onHeaders } = {}) => {
    const path = trimPath(rawPath);
    const label = `${method} ${path}`;
    const allHeaders = { ...siteHeaders(options.site()), ...headers };
    if (idempotencyKey !== undefined) allHeaders['Idempotency-Key'] = idempotencyKey;
    const retrySafe = mayRetry(method, path, idempotencyKey !== undefined);
    // Serialised here so every attempt sends the same bytes, whatever ofetch thinks of the value.
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const aborted = (cause: unknown) => new ApiError('aborted', `${label}: aborted`, { cause });
    // The token request must never wait for, nor start, a refresh: it is the refresh.
    const isTokenRequest = path === TOKEN_PATH;
    let refreshed = false;

    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw aborted(signal.reason);
      let ticket: SessionTicket | undefined;
      if (options.awaitSession && !isTokenRequest) ticket = await untilAborted(options.awaitSession(), signal, aborted);
      let status: number | null = null;
      let failure: ApiError;
      let retryAfterMs: number | null = null;
      try {
        const $fetch = await loadFetch();
        // Aborted while ofetch was loading: nothing was sent, and nothing is.
        if (signal?.aborted) throw aborted(signal.reason);
        const response = await $fetch.raw(path, { method, query, body: payload, signal, headers: allHeaders });
        onHeaders?.(response.headers);
        if (response.ok) {
          const parsed = v.safeParse(schema, response._data);
          if (parsed.success) return parsed.output;
          throw invalidResponseError(label, parsed.issues);
        }
        status = response.status;
        failure = httpError(label, status, response._data);
        retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (signal?.aborted) throw aborted(error);
        failure = new ApiError('network', `${label}: network error`, { cause: error });
      }
      if (status === 401 && options.onUnauthorized && !isTokenRequest && !refreshed) {
        refreshed = true;
        const verdict = await untilAborted(options.onUnauthorized(ticket), signal, aborted);
        if (verdict === 'fail') throw failure;
        // The retry after a refresh is not one of the RETRY_LIMIT retries of a failing server.
        attempt -= 1;
        continue;
      }
      if (!retrySafe || !isRetryableStatus(status) || isRefusal(status, failure.body?.code) || attempt > RETRY_LIMIT || waitsTooLong(retryAfterMs)) throw failure;
      try {
        await sleep(retryDelay(attempt, retryAfterMs), signal);
      } catch (reason) {
        throw aborted(reason);
      }
    }
  };

  return { site: options.site, request, resource: (path) => createResource(request, path) };
}
