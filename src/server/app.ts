import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { API_PREFIX } from '../config/constants.ts';
import type { ApiErrorBody } from '../contract/site.ts';
import { requireApiClient } from './auth/middleware.ts';
import { createAuthService, type AuthOptions } from './auth/service.ts';
import type { Db } from './db/client.ts';
import { NO_STORE } from './http/cache.ts';
import { ApiError, NOT_FOUND_MESSAGE } from './http/errors.ts';
import { idempotency } from './http/idempotency.ts';
import { siteContext, type AppEnv } from './http/site.ts';
import { serveSpa } from './http/static.ts';
import { authTokenRoutes } from './routes/auth-token.ts';
import { brandRoutes } from './routes/brands.ts';
import { categoryRoutes } from './routes/categories.ts';
import { featuredProductRoutes } from './routes/featured-products.ts';
import { layoutRoutes } from './routes/layouts.ts';
import { mediaRoutes } from './routes/media.ts';
import { productRoutes } from './routes/products.ts';
import { sandboxUserRoutes } from './routes/sandbox-users.ts';
import { sessionRoutes, userRoutes } from './routes/sessions.ts';

export interface AppOptions {
  db: Db;
  /** Directory of the built SPA (`dist/web`); null serves the API only. */
  staticDir?: string | null;
  log?: (line: string) => void;
  /** Refresh grace window, clock and environment of the session tokens. */
  auth?: AuthOptions;
}

export type App = Hono<AppEnv>;

export function createApp({ db, staticDir = null, log = console.error, auth: authOptions = {} }: AppOptions): App {
  const auth = createAuthService(db, authOptions);
  // `strict: false`: `/brands/` and `/brands` are the same resource (spec §7 trims trailing slashes).
  const app = new Hono<AppEnv>({ strict: false });
  const api = new Hono<AppEnv>({ strict: false });

  api.use('*', async (c, next) => {
    await next();
    // Anything not marked cacheable by its route (writes, sandbox, errors) must never be cached.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', NO_STORE);
  });
  api.use('*', siteContext);
  // Before idempotency, so a refused cross-site write never claims a key.
  api.use('*', requireApiClient);
  api.use('*', idempotency(db));
  api.route('/brands', brandRoutes(db));
  api.route('/categories', categoryRoutes(db));
  api.route('/products', productRoutes(db));
  api.route('/featured-products', featuredProductRoutes(db));
  api.route('/layouts', layoutRoutes(db));
  api.route('/sandbox/users', sandboxUserRoutes(db));
  api.route('/media', mediaRoutes(db));
  api.route('/auth', authTokenRoutes(db, auth));
  api.route('/sessions', sessionRoutes(db, auth));
  api.route('/user', userRoutes(db, auth));
  app.route(API_PREFIX, api);

  if (staticDir) app.use('*', serveSpa(staticDir));

  app.notFound((c) => c.json({ message: NOT_FOUND_MESSAGE, status: 404 } satisfies ApiErrorBody, 404, { 'Cache-Control': NO_STORE }));

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body(), error.status, { 'Cache-Control': NO_STORE });
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || 'Bad request', status: error.status } satisfies ApiErrorBody, error.status, { 'Cache-Control': NO_STORE });
    }
    const referenceId = randomUUID();
    log(`[${referenceId}] ${c.req.method} ${c.req.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    const body: ApiErrorBody = { message: 'Internal server error', status: 500, referenceId };
    return c.json(body, 500, { 'Cache-Control': NO_STORE });
  });

  return app;
}
