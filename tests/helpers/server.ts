import * as v from 'valibot';
import { expect } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { createApp, type App, type AppOptions } from '../../src/server/app.ts';
import type { AuthOptions } from '../../src/server/auth/service.ts';
import type { Db } from '../../src/server/db/client.ts';
import { preparedMemoryDatabase } from './memory-database.ts';
import { checkedApp } from './api-contract.ts';

export interface TestApp {
  app: App;
  db: Db;
  /** Lines the app logged (500s write their reference id and stack here, not to the console). */
  logs: string[];
  /** `app.request()` on an API path: `api('/products?page=2', { country: 'th', language: 'th-TH' })`. */
  api(path: string, options?: ApiRequestOptions): Promise<Response>;
  close(): Promise<void>;
}

export interface ApiRequestOptions extends Omit<RequestInit, 'body'> {
  /** `X-Site-Country` value (lower case, as the SPA sends it). */
  country?: string;
  /** `Accept-Language` value (`zh-HK`). */
  language?: string;
  /** Sent as JSON, or as is when a string (to send malformed JSON). */
  body?: unknown;
}

/**
 * A real app on a fresh in-memory PGlite, migrated and seeded. Opening PGlite costs seconds and
 * about 1 GB, so create one per test file in `beforeAll` and close it in `afterAll`.
 */
export interface TestAppOptions {
  seedProducts?: number;
  staticDir?: string | null;
  /** Extra routes for a test (say, one that throws); Hono accepts routes only before the first request. */
  routes?: (app: App) => void;
  /** Session token options (grace window, clock). */
  auth?: AuthOptions;
  /** Brute-force limits of password sign-in (and their clock). */
  signIn?: AppOptions['signIn'];
  /** Google sign-in's ID token verifier (a real one against tests/helpers/oidc-issuer.ts). */
  idTokens?: AppOptions['idTokens'];
  /** Developer resources such as `sandbox/emails`; on by default, as under `npm run dev`. */
  sandbox?: boolean;
  /** Reset link origin, lifetime and hourly limit. */
  passwordResets?: AppOptions['passwordResets'];
  /** The server renderer of pages (with `staticDir`). */
  pages?: AppOptions['pages'];
  /** Bytes of anonymous pages kept (the default budget when absent). */
  pageCacheBytes?: number;
  /** The clock of checkout and bookings (holds, booking windows, expiry): a test moves it. */
  now?: AppOptions['now'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database } = await preparedMemoryDatabase(options.seedProducts ?? 150);
  const logs: string[] = [];
  const app = checkedApp(createApp({ db: database.db, staticDir: options.staticDir ?? null, log: (line) => logs.push(line), ...(options.auth ? { auth: options.auth } : {}), ...(options.signIn ? { signIn: options.signIn } : {}), ...(options.idTokens ? { idTokens: options.idTokens } : {}), sandbox: options.sandbox ?? true, ...(options.passwordResets ? { passwordResets: options.passwordResets } : {}), pages: options.pages ?? null, ...(options.pageCacheBytes === undefined ? {} : { pageCacheBytes: options.pageCacheBytes }), ...(options.now ? { now: options.now } : {}) }));
  options.routes?.(app);
  return {
    app,
    db: database.db,
    logs,
    api: (path, { country, language, body, headers, ...init } = {}) => {
      const all = new Headers(headers);
      // The SPA's API client sends it on every request; writes without it are refused as cross-site.
      if (!all.has('X-Platform')) all.set('X-Platform', 'web');
      if (country !== undefined) all.set('X-Site-Country', country);
      if (language !== undefined) all.set('Accept-Language', language);
      if (body !== undefined && !all.has('Content-Type')) all.set('Content-Type', 'application/json');
      return Promise.resolve(
        app.request(`${API_PREFIX}${path}`, {
          ...init,
          headers: all,
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      );
    },
    close: () => database.close(),
  };
}

/** The body of an API answer with the expected status (the body in the failure message), parsed with its contract schema. */
export async function json<TSchema extends v.GenericSchema>(response: Response, schema: TSchema, status = 200): Promise<v.InferOutput<TSchema>> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return v.parse(schema, body);
}
