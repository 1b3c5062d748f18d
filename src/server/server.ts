import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createApp, type App } from './app.ts';
import { listen, type DrainOptions, type Listener } from './http/listener.ts';
import type { PageRenderer } from './render/pages.ts';
import { DEFAULT_SEED_PRODUCTS, DEFAULT_SHUTDOWN_TIMEOUT_MS, loadObservabilityConfig, LISTING_SNAPSHOT_FILE, loadGoogleSignInConfig, loadMailConfig, loadSignInConfig, MAX_SEED_PRODUCTS, type GoogleSignInConfig, type MailConfig } from './env.ts';
import { openDatabase, type Database, type DatabaseTarget } from './db/client.ts';
import { isSeeded, seedDatabase } from './db/seed/index.ts';
import { seedContent } from './db/seed/content.ts';
import { seedArtists } from './db/seed/artists.ts';
import { rebuildSearchIndexIfStale } from './search/build.ts';
import { searchMemory } from './search/memory.ts';
import { indexSnapshotFile, listingIndex, useIndexSnapshots } from './catalog/listing-index/index.ts';
import { catalogueRefs } from './catalog/refs.ts';
import { flushSearchLog } from './search/popular.ts';
import { OutboxMailer } from './mail/mailer.ts';
import { startGiftCardSender } from './jobs/gift-card-sender.ts';
import { startLoyaltyDay } from './jobs/loyalty-day.ts';
import { startPaymentSweeper } from './jobs/payment-sweeper.ts';
import { createMetrics, metricsApp } from './http/metrics.ts';
import { createTestCardProcessor } from './payments/test-card-processor.ts';
import { purgeIdempotencyKeys } from './http/idempotency.ts';
import { purgeSignInRecords } from './auth/throttle.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { loadJwtSecret } from './auth/secret.ts';
import { createOidcVerifier } from './auth/oidc.ts';
import type { SignInLimits } from './auth/throttle.ts';

export interface StartServerOptions {
  /** 0 picks a free port. */
  port?: number;
  /** PGlite directory root (the database lives in `<dataDir>/pgdata`), or `'memory'`. */
  dataDir?: string | 'memory';
  /** Real PostgreSQL instead of PGlite; `dataDir` is then unused. */
  databaseUrl?: string;
  /** Products seeded into an empty database. */
  seedProducts?: number;
  /** The built SPA; null or a missing directory serves the API only. */
  staticDir?: string | null;
  log?: (line: string) => void;
  /** Interface to listen on; default all. */
  hostname?: string;
  /** Brute-force limits of password sign-in; default from `SIGN_IN_*` and `TRUST_PROXY`. */
  signIn?: SignInLimits;
  /** Google sign-in's issuer and client id (null: off); default from `OIDC_GOOGLE_ISSUER` and `OIDC_GOOGLE_CLIENT_ID`. */
  googleSignIn?: GoogleSignInConfig | null;
  /** SMTP delivery of the outbox and the origin of email links; default from `SMTP_URL`, `MAIL_FROM`, `PUBLIC_URL`. */
  mail?: MailConfig;
  /** How often the outbox is drained when `SMTP_URL` is set. */
  mailIntervalMs?: number;
  /** How often e-gift cards due are emailed (src/server/jobs/gift-card-sender.ts); default a minute. */
  giftCardIntervalMs?: number;
  /** Developer resources (`sandbox/emails`); default from `SANDBOX`. */
  sandbox?: boolean;
  /** The server renderer of pages (dist/ssr); null or absent: pages are the SPA's shell. */
  pages?: PageRenderer | null;
  /** Bytes of anonymous pages kept in process; default `PAGE_CACHE_MB`'s. */
  pageCacheBytes?: number;
  /** How `close()` drains (`SHUTDOWN_DELAY_MS`, `SHUTDOWN_TIMEOUT_MS`); default no delay and 10 s for requests in flight. */
  shutdown?: DrainOptions;
}

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  /** What was opened, for the start-up line: `PGlite .data/pgdata`. */
  database: string;
  /** True when this start seeded an empty database. */
  seeded: boolean;
  /**
   * Drains and stops: readiness 503, then no new connection, idle keep-alive sockets closed and
   * requests in flight finished (up to the deadline), then the background jobs at a safe point,
   * then the database.
   */
  close(): Promise<void>;
}

export interface PreparedDatabase {
  database: Database;
  seeded: boolean;
  lock: DataDirLock | null;
}

/** Lock (PGlite on disk only), open, migrate and seed when empty. Releases everything on failure. */
export async function prepareDatabase(options: Pick<StartServerOptions, 'dataDir' | 'databaseUrl' | 'seedProducts' | 'log'> & { memoryImage?: Blob }): Promise<PreparedDatabase> {
  const seedProducts = options.seedProducts ?? DEFAULT_SEED_PRODUCTS;
  if (!Number.isInteger(seedProducts) || seedProducts < 0 || seedProducts > MAX_SEED_PRODUCTS) {
    throw new RangeError(`seedProducts must be a whole number from 0 to ${MAX_SEED_PRODUCTS}`);
  }
  let target: DatabaseTarget;
  let lock: DataDirLock | null = null;
  if (options.databaseUrl) target = { kind: 'postgres', url: options.databaseUrl };
  else if (options.dataDir === 'memory') target = options.memoryImage ? { kind: 'memory', image: options.memoryImage } : { kind: 'memory' };
  else {
    const dataDir = options.dataDir ?? '.data/';
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
    target = { kind: 'pglite', dir: path.join(dataDir, 'pgdata') };
  }
  let database: Database | null = null;
  try {
    database = await openDatabase(target, options.log);
    const opened = database;
    // Every process started on one PostgreSQL runs these steps, one process at a time: the first
    // migrates and seeds, the others find the work done.
    const seeded = await opened.exclusively(async () => {
      await opened.migrate();
      // Beside the embedded database only: its directory belongs to this one process (the lock above).
      if (target.kind === 'pglite') useIndexSnapshots(opened.db, indexSnapshotFile(path.join(path.dirname(target.dir), LISTING_SNAPSHOT_FILE), (line) => console.error(line)));
      // Fail at start, not at the first sign-in, when production has no JWT_SECRET.
      await loadJwtSecret(opened.db);
      const empty = !(await isSeeded(opened.db));
      if (empty) await seedDatabase(opened.db, seedProducts);
      // A database seeded before segments and announcements existed gets them now (a no-op otherwise).
      else await seedContent(opened.db);
      // The artists of the configuration, whose rows a service's hold locks (every start: the configuration may have changed).
      await seedArtists(opened.db);
      // A database from before the search index (or an older version of it) gets it once; a current one costs one read.
      await rebuildSearchIndexIfStale(opened.db);
      await purgeIdempotencyKeys(opened.db);
      await purgeSignInRecords(opened.db);
      return empty;
    });
    return { database, seeded, lock };
  } catch (error) {
    await database?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/** Opens the database and serves the API (and the SPA) on a real port. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // Read before the database is opened and locked, so a bad SIGN_IN_* or OIDC_* value fails the start at once.
  const signIn = options.signIn ?? loadSignInConfig();
  const google = options.googleSignIn === undefined ? loadGoogleSignInConfig() : options.googleSignIn;
  const idTokens = google ? createOidcVerifier({ ...google, ...(options.log ? { log: options.log } : {}) }) : null;
  const mail = options.mail ?? loadMailConfig();
  const observability = loadObservabilityConfig();
  const { database, seeded, lock } = await prepareDatabase(options);
  const staticDir = options.staticDir && existsSync(options.staticDir) ? options.staticDir : null;
  let listener: Listener | undefined;
  let metricsListener: Listener | undefined;
  let port = options.port ?? 0;
  // Links name the port actually listened on (known only after listen) unless PUBLIC_URL says otherwise.
  const publicUrl = () => mail.publicUrl ?? `http://localhost:${port}`;
  // One card processor for checkout and for the sweeper that settles the holds whose request died.
  const payments = createTestCardProcessor(database.db);
  const metrics = createMetrics({ poolStats: () => database.poolStats(), processMetrics: observability.metricsToken !== null || observability.metricsPort !== null });
  const app = createApp({
    db: database.db,
    payments,
    metrics: { registry: metrics },
    staticDir,
    ...(options.log ? { log: options.log } : {}),
    signIn,
    idTokens,
    passwordResets: { publicUrl },
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    pages: staticDir ? (options.pages ?? null) : null,
    ...(options.pageCacheBytes === undefined ? {} : { pageCacheBytes: options.pageCacheBytes }),
  });

  try {
    listener = await listen({
      fetch: app.fetch,
      port: options.port ?? 0,
      hostname: options.hostname,
      ping: (timeoutMs) => database.ping(timeoutMs),
      drain: options.shutdown ?? { delayMs: 0, timeoutMs: DEFAULT_SHUTDOWN_TIMEOUT_MS },
    });
    port = listener.port;
    // The metrics on a listener of their own, for the monitoring network only (no token there).
    if (observability.metricsPort !== null) metricsListener = await listen({ fetch: metricsApp(metrics).fetch, port: observability.metricsPort, hostname: options.hostname, ping: (timeoutMs) => database.ping(timeoutMs), drain: { delayMs: 0, timeoutMs: 1_000 } });
  } catch (error) {
    await listener?.drain().catch(() => undefined);
    await database.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  // Without SMTP_URL the emails stay in the outbox, readable in the sandbox mailbox.
  const mailer = mail.smtpUrl
    ? new OutboxMailer(database.db, {
        smtpUrl: mail.smtpUrl,
        from: mail.mailFrom,
        ...(options.mailIntervalMs ? { intervalMs: options.mailIntervalMs } : {}),
        ...(options.log ? { log: options.log } : {}),
      })
    : null;
  mailer?.start();
  // E-gift cards whose send date has come go to the outbox: now (a day the server was down is caught up), then every minute.
  const giftCardSender = startGiftCardSender(database.db, { ...(options.giftCardIntervalMs ? { intervalMs: options.giftCardIntervalMs } : {}), ...(options.log ? { log: options.log } : {}) });
  // Beauty Pass: points expired, years ended, downgrades due, settled per country once its day has begun (now, then every ten minutes).
  const loyaltyDay = startLoyaltyDay(database.db, options.log ? { log: options.log } : {});
  // Holds older than a minute whose request died (kill -9, a lost connection): captured when their order was written, voided otherwise (now, then every 30 s).
  const paymentSweeper = startPaymentSweeper(database.db, { payments, ...(options.log ? { log: options.log } : {}) });
  // The listing index (about two seconds at 100,000 products, then every country's prices and the
  // search postings), the category tree and the search vocabulary load now, one after another,
  // not on the first shopper's listing or keystroke.
  void listingIndex(database.db)
    .then(() => catalogueRefs(database.db))
    .then(() => searchMemory(database.db))
    .catch(() => undefined);

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Jobs and the pool stay up until every request in flight has its answer: a checkout that has
      // authorized a payment finishes its capture.
      await listener?.drain();
      // Scraped until the requests are done, so the drain itself is seen.
      await metricsListener?.drain();
      await giftCardSender.stop().catch(() => undefined);
      await loyaltyDay.stop().catch(() => undefined);
      await paymentSweeper.stop().catch(() => undefined);
      await mailer?.stop().catch(() => undefined);
      // Popular-search counts still waiting in memory.
      await flushSearchLog(database.db).catch(() => undefined);
      try {
        await database.close();
      } finally {
        lock?.release();
      }
    })();
    return closing;
  };

  return { url: `http://localhost:${port}`, port, app, database: database.description, seeded, close };
}
