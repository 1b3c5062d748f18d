import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { BOOKING_LOOKUP_MAX_FAILURES, BOOKING_LOOKUP_WINDOW_SECONDS, GIFT_CARD_MAX_FAILURES, GIFT_CARD_WINDOW_SECONDS, ORDER_LOOKUP_MAX_FAILURES, ORDER_LOOKUP_WINDOW_SECONDS } from '../config/api-limits.ts';
import { API_PREFIX } from '../config/constants.ts';
import type { ApiErrorBody } from '../contract/site.ts';
import type { IdTokenVerifier } from './auth/identity.ts';
import { requireApiClient } from './auth/middleware.ts';
import type { BrowserSignIn } from './auth/oidc.ts';
import { createAuthService, type AuthOptions } from './auth/service.ts';
import type { SignInLimits } from './auth/throttle.ts';
import type { Db } from './db/client.ts';
import { NO_STORE, revalidateCatalogue } from './http/cache.ts';
import { ApiError, databaseOutage, describeLink, NOT_FOUND_MESSAGE, outageBody, outageHeaders } from './http/errors.ts';
import { createLogger, lineLog, requestIdOf, requestLogging, routePattern, type Logger } from './http/logging.ts';
import { createMetrics, metricsRoutes, type AppMetrics, type PoolStats } from './http/metrics.ts';
import { idempotency } from './http/idempotency.ts';
import { siteContext, type AppEnv } from './http/site.ts';
import { loadObservabilityConfig, loadSandboxFlag } from './env.ts';
import { beautyPassRoutes } from './routes/beauty-pass.ts';
import { rewardRoutes } from './routes/rewards.ts';
import { accountRoutes } from './routes/account.ts';
import { beautyProfileRoutes } from './routes/beauty-profile.ts';
import { passwordResetRoutes, type PasswordResetOptions } from './routes/password-resets.ts';
import { OPENAPI_PATH, openApiRoute } from './openapi/document.ts';
import { swaggerRoutes } from './openapi/swagger.ts';
import { userSegmentRoutes } from './routes/user-segments.ts';
import { sandboxEmailRoutes } from './routes/sandbox-emails.ts';
import { compression } from './http/compression.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveBuiltFiles, serveSpaHtml } from './http/static.ts';
import { createHeadMeta } from './render/head-meta.ts';
import { catalogueVersion } from './catalog/summaries.ts';
import { servePages, type PageRenderer } from './render/pages.ts';
import { createPageCache, DEFAULT_PAGE_CACHE_BYTES } from './render/page-cache.ts';
import { loadChunkStyles, loadInlineStyle, type InlineStyle } from './render/inline-style.ts';
import { socialAuthRoutes } from './routes/auth-social.ts';
import { authTokenRoutes } from './routes/auth-token.ts';
import { brandRoutes } from './routes/brands.ts';
import { categoryRoutes } from './routes/categories.ts';
import { featuredProductRoutes } from './routes/featured-products.ts';
import { layoutRoutes } from './routes/layouts.ts';
import { mediaRoutes } from './routes/media.ts';
import { productRoutes } from './routes/products.ts';
import { notificationSubscriptionRoutes } from './routes/notification-subscriptions.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { variantRoutes } from './routes/variants.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { cartRoutes } from './routes/cart.ts';
import { cartLineRoutes } from './routes/cart-lines.ts';
import { cartOfferRoutes } from './routes/cart-offers.ts';
import { wishlistRoutes } from './routes/wishlist.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { orderRoutes } from './routes/orders.ts';
import { cartGiftCardRoutes, giftCardRoutes } from './routes/gift-cards.ts';
import { happeningRoutes } from './routes/happening.ts';
import { reservationRoutes } from './routes/reservations.ts';
import type { HappeningDeps } from './happening/deps.ts';
import { DEFAULT_PORT } from './env.ts';
import { createRateLimit } from './http/rate-limit.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createTestCardProcessor } from './payments/test-card-processor.ts';

import { sandboxUserRoutes } from './routes/sandbox-users.ts';
import { sandboxVariantRoutes } from './routes/sandbox-variants.ts';
import { searchRoutes } from './routes/search.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { userRoutes } from './routes/user.ts';
import { BOOT_SCRIPT_HASH } from './render/boot-script.ts';

export interface AppOptions {
  db: Db;
  /** Directory of the built SPA (`dist/web`); null serves the API only. */
  staticDir?: string | null;
  /** Where the modules' lines go (and, as JSON lines, the request log); absent: the structured logger (`LOG_LEVEL`) on standard output. */
  log?: (line: string) => void;
  /** The structured logger (pino): one line per request, errors with their causes. Default: made from `log`, or `LOG_LEVEL`'s. */
  logger?: Logger;
  /**
   * Prometheus metrics: `token` (default `METRICS_TOKEN`) guards `/metrics` on this port (none:
   * 404); `poolStats` gives the pool's figures (`Database.poolStats`); `registry` one made by the
   * caller, to serve it on `METRICS_PORT` too (src/server/http/metrics.ts, `metricsApp`).
   */
  metrics?: { token?: string | null; poolStats?: () => PoolStats | null; registry?: AppMetrics };
  /** Refresh grace window, clock and environment of the session tokens. */
  auth?: AuthOptions;
  /** Brute-force limits of password sign-in (`SIGN_IN_*`, `TRUST_PROXY`); the defaults when absent. */
  signIn?: SignInLimits;
  /** Google sign-in's ID token check (src/server/auth/oidc.ts); null: Google sign-in is off. */
  idTokens?: (IdTokenVerifier & { browserSignIn?: () => Promise<BrowserSignIn | null> }) | null;
  /** Developer resources that must stay out of production (`sandbox/emails` holds live reset links): off answers 404. Default: `SANDBOX`. */
  sandbox?: boolean;
  /** Reset links: origin (`PUBLIC_URL`), lifetime, emails per address per hour. */
  passwordResets?: PasswordResetOptions;
  /** Renders pages on the server (the built src/web/app/entry-server.tsx); null: pages are the SPA's shell. */
  pages?: PageRenderer | null;
  /** Bytes of anonymous pages kept in process (`PAGE_CACHE_MB`); 0 keeps none. */
  pageCacheBytes?: number;
  /** Takes the orders' payments: the test card processor unless a real provider is given (docs/features/checkout.md, "Payments"). */
  payments?: PaymentProvider;
  /** The clock of checkout (challenge expiry, order dates) and of bookings (holds, booking windows, expiry, cut-offs); tests move it. */
  now?: () => Date;
}

export type App = Hono<AppEnv>;

export function createApp({ db, staticDir = null, log: givenLog, logger: givenLogger, metrics: metricsOptions = {}, auth: authOptions = {}, signIn, idTokens = null, sandbox = loadSandboxFlag(), passwordResets = {}, pages = null, pageCacheBytes = DEFAULT_PAGE_CACHE_BYTES, payments, now }: AppOptions): App {
  const observability = loadObservabilityConfig();
  // Tests pass `log`: the request lines go there as JSON too, and nothing reaches the console.
  const logger = givenLogger ?? createLogger({ level: observability.logLevel ?? 'info', ...(givenLog ? { write: givenLog } : {}) });
  const log = givenLog ?? lineLog(logger);
  const metricsToken = metricsOptions.token === undefined ? observability.metricsToken : metricsOptions.token;
  const metrics = metricsOptions.registry ?? createMetrics({ poolStats: metricsOptions.poolStats, processMetrics: metricsToken !== null });
  const auth = createAuthService(db, authOptions);
  const checkout = { db, payments: payments ?? createTestCardProcessor(db, now ? { now } : {}), log, ...(now ? { now } : {}) };
  const orderLookups = createRateLimit(db, { purpose: 'order-lookup', maxFailures: ORDER_LOOKUP_MAX_FAILURES, windowSeconds: ORDER_LOOKUP_WINDOW_SECONDS, trustProxy: signIn?.trustProxy ?? false });
  const giftCardGuesses = createRateLimit(db, { purpose: 'gift-card-balance', maxFailures: GIFT_CARD_MAX_FAILURES, windowSeconds: GIFT_CARD_WINDOW_SECONDS, trustProxy: signIn?.trustProxy ?? false });
  const bookingLookups = createRateLimit(db, { purpose: 'booking-lookup', maxFailures: BOOKING_LOOKUP_MAX_FAILURES, windowSeconds: BOOKING_LOOKUP_WINDOW_SECONDS, trustProxy: signIn?.trustProxy ?? false });
  // Booking emails link to the same origin as the reset links (`PUBLIC_URL`, or the port listened on).
  const linkOrigin = passwordResets.publicUrl ?? `http://localhost:${DEFAULT_PORT}`;
  const happening: HappeningDeps = { db, now: now ?? (() => new Date()), secret: auth.secret, publicUrl: typeof linkOrigin === 'function' ? linkOrigin : () => linkOrigin };
  // `strict: false`: `/brands/` and `/brands` are the same resource (spec §7 trims trailing slashes).
  const app = new Hono<AppEnv>({ strict: false });
  const api = new Hono<AppEnv>({ strict: false });
  // First, so every answer (pages, files, API, errors, 404s) gets the headers and the encoding.
  // Read once: the pages carry the built stylesheet inline, and the policy allows it by its hash.
  const inlineStyle = staticDir && pages ? loadInlineStyle(staticDir) : null;
  // …and the features' sheets their screens' chunks bring (a page carries its screen's), each by its hash.
  const chunkStyles = staticDir && pages && inlineStyle ? loadChunkStyles(staticDir) : new Map<string, InlineStyle>();
  // Rendered pages start their scripts with one inline script (render/boot-script.ts), allowed by its hash.
  // Outermost: every answer (errors and 404s too) has its request id, log line and duration.
  app.use('*', requestLogging({ logger, onFinished: metrics.observeRequest }));
  app.use('*', securityHeaders({ trustProxy: signIn?.trustProxy ?? false, styleHashes: inlineStyle ? [inlineStyle.hash, ...[...chunkStyles.values()].map((style) => style.hash)] : [], scriptHashes: staticDir && pages ? [BOOT_SCRIPT_HASH] : [] }));
  app.use('*', compression());

  api.use('*', async (c, next) => {
    await next();
    // Anything not marked cacheable by its route (writes, sandbox, errors) must never be cached.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', NO_STORE);
  });
  // Catalogue reads are revalidated on every use (prices move at any time): an ETag makes that a 304.
  api.use('*', revalidateCatalogue());
  api.use('*', siteContext);
  // Before idempotency, so a refused cross-site write never claims a key.
  api.use('*', requireApiClient);
  // Placing an order answers a repeat of its key with the order of that intent (checkout/place.ts);
  // confirming a hold with the booking it became, and a lookup runs again: their answers carry a
  // guest's manage key, which is not to be kept in the database.
  api.use('*', idempotency(db, { answeredByRoute: [`POST ${API_PREFIX}/checkout/orders`, `POST ${API_PREFIX}/reservation-service`, `POST ${API_PREFIX}/reservation-service/lookup`] }));
  api.route('/brands', brandRoutes(db));
  api.route('/categories', categoryRoutes(db));
  api.route('/products', productRoutes(db));
  // `products/{slug}/reviews…`: beside the product routes, which match one segment only.
  api.route('/products', reviewRoutes(db, auth));
  api.route('/variants', variantRoutes(db));
  api.route('/waitlist', waitlistRoutes(db, auth));
  api.route('/cart', cartRoutes(db, auth));
  api.route('/cart/line-items', cartLineRoutes(db, auth));
  api.route('/cart', cartOfferRoutes(db, auth));
  api.route('/wishlist', wishlistRoutes(db, auth));
  api.route('/cart/gift-cards', cartGiftCardRoutes(db, auth));
  api.route('/checkout', checkoutRoutes(checkout, auth, giftCardGuesses));
  api.route('/gift-cards', giftCardRoutes(db, giftCardGuesses));
  api.route('/orders', orderRoutes(db, auth, orderLookups, checkout));
  // Happening: the catalogue side (booking-service/…, booking-services/…, stores, …), then the reservations.
  const happeningCatalogue = happeningRoutes(happening);
  api.route('/booking-service', happeningCatalogue.bookingService);
  api.route('/booking-services', happeningCatalogue.bookingServices);
  api.route('/happening', happeningCatalogue.happening);
  api.route('/layouts/store-services', happeningCatalogue.storeServices);
  api.route('/stores', happeningCatalogue.stores);
  api.route('/reservation-service', reservationRoutes(happening, auth, bookingLookups));
  api.route('/notification-subscription', notificationSubscriptionRoutes(db, auth));
  api.route('/featured-products', featuredProductRoutes(db));
  api.route('/search', searchRoutes(db, { trustProxy: signIn?.trustProxy ?? false, secret: auth.secret, ...(now ? { now } : {}) }));
  api.route('/layouts', layoutRoutes(db, auth));
  api.route('/media', mediaRoutes(db));
  api.route('/auth', authTokenRoutes(db, auth));
  api.route('/auth', socialAuthRoutes(db, auth, idTokens));
  api.route('/sessions', sessionRoutes(db, auth, { ...(signIn ? { signIn } : {}), log }));
  api.route('/user', userRoutes(db, auth, { idTokens, ...(signIn ? { signIn } : {}), log }));
  api.route('/account', accountRoutes(db, auth));
  api.route('/beauty-pass', beautyPassRoutes(db, auth));
  const rewards = rewardRoutes(db, auth, now);
  api.route('/rewards', rewards.rewards);
  api.route('/cart/rewards', rewards.bagRewards);
  api.route('/beauty-pass/offers', rewards.beautyPassOffers);
  api.route('/beauty-profile', beautyProfileRoutes(db, auth));
  api.route('/password-resets', passwordResetRoutes(db, auth, passwordResets));
  // Developer resources (anonymous writes to the database, live reset links): not even mounted
  // without the sandbox, so no route of a production start can answer them.
  if (sandbox) {
    api.route('/sandbox/users', sandboxUserRoutes(db));
    api.route('/sandbox/emails', sandboxEmailRoutes(db, { sandbox }));
    api.route('/sandbox/variants', sandboxVariantRoutes(db, { sandbox }));
  }
  api.route('/sea-falcon', userSegmentRoutes(db, auth));
  // The OpenAPI document of the routes above (generated on first use, once every route is mounted); /swagger renders it.
  api.get(OPENAPI_PATH, openApiRoute(app));
  app.route(API_PREFIX, api);
  // Before the pages and the SPA's shell, which would answer any path.
  app.route('/metrics', metricsRoutes(metrics, metricsToken));
  app.route('/swagger', swaggerRoutes());

  const browserSignIn = idTokens?.browserSignIn?.bind(idTokens);
  // Built files first (hashed assets, precompressed), then server-rendered pages, then the SPA's shell.
  const headMeta = createHeadMeta({ sandbox, googleSignIn: browserSignIn ?? null });
  if (staticDir) app.use('*', serveBuiltFiles(staticDir));
  if (staticDir && pages) {
    app.use(
      '*',
      servePages({
        staticDir,
        renderer: pages,
        fetchApi: (request) => Promise.resolve(app.fetch(request)),
        headMeta,
        inlineStyle,
        chunkStyles,
        log,
        catalogueVersion: () => catalogueVersion(db),
        cache: createPageCache({ maxBytes: pageCacheBytes, onLookup: metrics.countPageLookup }),
        // The developer pages read the document as they start: the browser renders them alone.
        clientOnly: (pathname) => sandbox && (pathname === '/sandbox' || pathname.startsWith('/sandbox/')),
      }),
    );
  }
  if (staticDir) app.use('*', serveSpaHtml(staticDir, { headMeta }));

  app.notFound((c) => c.json({ message: NOT_FOUND_MESSAGE, status: 404 } satisfies ApiErrorBody, 404, { 'Cache-Control': NO_STORE }));

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body(), error.status, { 'Cache-Control': NO_STORE });
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || 'Bad request', status: error.status } satisfies ApiErrorBody, error.status, { 'Cache-Control': NO_STORE });
    }
    const referenceId = randomUUID();
    const request = { reqId: requestIdOf(c), method: c.req.method, route: routePattern(c), path: c.req.path, referenceId };
    // The database restarting or failing over: the same request may well succeed in a few seconds.
    const outage = databaseOutage(error);
    if (outage) {
      logger.warn({ ...request, cause: describeLink(outage), err: error }, 'database unavailable: answered 503');
      return c.json(outageBody(referenceId), 503, outageHeaders());
    }
    logger.error({ ...request, err: error }, 'request failed');
    const body: ApiErrorBody = { message: 'Internal server error', status: 500, referenceId };
    return c.json(body, 500, { 'Cache-Control': NO_STORE });
  });

  return app;
}
