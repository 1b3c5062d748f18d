import * as v from 'valibot';
import { DEFAULT_PAGE_CACHE_BYTES } from './render/page-cache.ts';

export const DEFAULT_PORT = 8080;
export const DEFAULT_DATA_DIR = '.data/';
/** The listing index saved in the data directory, beside `pgdata/` (src/server/catalog/listing-index/snapshot.ts). */
export const LISTING_SNAPSHOT_FILE = 'listing-index.snapshot';
export const DEFAULT_SEED_PRODUCTS = 2_000;
export const MAX_SEED_PRODUCTS = 100_000;
/** How long requests in flight get to finish on SIGTERM before their connections are cut. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
export const DEFAULT_MAIL_FROM = 'Beauty Pass <no-reply@beautypass.localhost>';
const MB = 1024 * 1024;

const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, `${name} must be a whole number between ${min} and ${max}`),
      v.transform(Number),
      v.minValue(min, `${name} must be at least ${min}`),
      v.maxValue(max, `${name} must be at most ${max}`),
    ),
    String(fallback),
  );

/** A whole number that may be left unset (the code's own default then applies). */
const optionalWholeNumber = (name: string, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d+$/, `${name} must be a whole number between ${min} and ${max}`), v.transform(Number), v.minValue(min, `${name} must be at least ${min}`), v.maxValue(max, `${name} must be at most ${max}`))], `${name} must be a whole number between ${min} and ${max}`),
    ),
  );

/** Shortest and longest gift card sender intervals: a second (the e2e tests' pace) to a day. */
const GIFT_CARD_INTERVAL_MIN_MS = 1_000;
const GIFT_CARD_INTERVAL_MAX_MS = 86_400_000;

const EnvSchema = v.object({
  PORT: wholeNumber('PORT', 0, 65_535, DEFAULT_PORT),
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'DATA_DIR must not be empty')), DEFAULT_DATA_DIR),
  DATABASE_URL: v.optional(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.trim(), v.regex(/^postgres(?:ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// or postgresql:// URL')),
    ]),
  ),
  SEED_PRODUCTS: wholeNumber('SEED_PRODUCTS', 0, MAX_SEED_PRODUCTS, DEFAULT_SEED_PRODUCTS),
  PAGE_CACHE_MB: wholeNumber('PAGE_CACHE_MB', 0, 1_024, DEFAULT_PAGE_CACHE_BYTES / MB),
  GIFT_CARD_SEND_INTERVAL_MS: optionalWholeNumber('GIFT_CARD_SEND_INTERVAL_MS', GIFT_CARD_INTERVAL_MIN_MS, GIFT_CARD_INTERVAL_MAX_MS),
  SHUTDOWN_DELAY_MS: wholeNumber('SHUTDOWN_DELAY_MS', 0, 120_000, 0),
  SHUTDOWN_TIMEOUT_MS: wholeNumber('SHUTDOWN_TIMEOUT_MS', 0, 600_000, DEFAULT_SHUTDOWN_TIMEOUT_MS),
  ...mailEnvEntries(),
});

export interface ServerConfig {
  port: number;
  dataDir: string;
  /** Set: real PostgreSQL through node-postgres instead of the embedded PGlite. */
  databaseUrl: string | null;
  seedProducts: number;
  /** Bytes of anonymous pages the server keeps (`PAGE_CACHE_MB`); 0 keeps none. */
  pageCacheBytes: number;
  /** How often e-gift cards due are emailed (`GIFT_CARD_SEND_INTERVAL_MS`); null: the sender's own minute. */
  giftCardIntervalMs: number | null;
  /** On SIGTERM: readiness 503 for `delayMs` while still serving (`SHUTDOWN_DELAY_MS`), then up to `timeoutMs` for requests in flight (`SHUTDOWN_TIMEOUT_MS`). */
  shutdown: { delayMs: number; timeoutMs: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SandboxSchema = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.picklist(['1', '0', 'true', 'false', ''], 'SANDBOX must be 1, 0, true or false'),
    v.transform((value) => value === '1' || value === 'true'),
  ),
  '0',
);

/**
 * `SANDBOX=1`: a production start also serves the developer pages (`/sandbox/...`, the machine
 * visualizer), which are otherwise on only in development. Read by the SPA middleware, which
 * tells the browser through a `<meta>` in index.html.
 */
export function loadSandboxFlag(env: NodeJS.ProcessEnv = process.env): boolean {
  const result = v.safeParse(SandboxSchema, env['SANDBOX']);
  if (!result.success) throw new ConfigError(`Invalid environment:\n  SANDBOX=${JSON.stringify(env['SANDBOX'] ?? '')}: ${result.issues[0]?.message ?? 'invalid'}`);
  return result.output;
}

/** Reads and checks the environment; a bad value is a clear error, never a silent default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const output = parseEnv(EnvSchema, env);
  const { PORT, DATA_DIR, DATABASE_URL, SEED_PRODUCTS, PAGE_CACHE_MB, GIFT_CARD_SEND_INTERVAL_MS, SHUTDOWN_DELAY_MS, SHUTDOWN_TIMEOUT_MS } = output;
  return {
    port: PORT,
    dataDir: DATA_DIR,
    databaseUrl: DATABASE_URL ? DATABASE_URL : null,
    seedProducts: SEED_PRODUCTS,
    pageCacheBytes: PAGE_CACHE_MB * MB,
    giftCardIntervalMs: typeof GIFT_CARD_SEND_INTERVAL_MS === 'number' ? GIFT_CARD_SEND_INTERVAL_MS : null,
    shutdown: { delayMs: SHUTDOWN_DELAY_MS, timeoutMs: SHUTDOWN_TIMEOUT_MS },
  };
}

/** Schemas of the mail variables, shared by `loadConfig` and `loadMailConfig`; a hoisted function because `EnvSchema` uses them above. */
function mailEnvEntries() {
  return {
    SMTP_URL: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must be an smtp:// or smtps:// URL'))])),
    MAIL_FROM: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'MAIL_FROM must be an address, alone or as "Name <address>"'),
      ),
      DEFAULT_MAIL_FROM,
    ),
    PUBLIC_URL: v.optional(
      v.pipe(
        v.union([
          v.literal(''),
          v.pipe(v.string(), v.trim(), v.regex(/^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/, 'PUBLIC_URL must be an http:// or https:// URL without query or fragment')),
        ]),
        // Links are built as `${publicUrl}/reset_password`. Outside the union, so a failed check keeps its own message.
        v.transform((url) => url.replace(/\/+$/, '')),
      ),
    ),
  };
}

export interface MailConfig {
  /** Set: the outbox is delivered over SMTP (nodemailer); unset: emails stay in the outbox for the sandbox mailbox. */
  smtpUrl: string | null;
  /** `From` of the store's emails. */
  mailFrom: string;
  /** Origin the links in emails point to (reset links); null: the server's own `http://localhost:PORT`. */
  publicUrl: string | null;
}

/**
 * The mail variables, read by `startServer` (`loadConfig` checks them too, so a bad value stops
 * `npm start` with the other configuration errors).
 */
export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const { SMTP_URL, MAIL_FROM, PUBLIC_URL } = parseEnv(v.object(mailEnvEntries()), env);
  return { smtpUrl: SMTP_URL ? SMTP_URL : null, mailFrom: MAIL_FROM, publicUrl: PUBLIC_URL ? PUBLIC_URL : null };
}

export const DEFAULT_SIGN_IN_MAX_FAILURES = 5;
export const DEFAULT_SIGN_IN_WINDOW_SECONDS = 900;
export const DEFAULT_SIGN_IN_BLOCK_SECONDS = 900;
export const DEFAULT_SIGN_IN_CLIENT_MAX_FAILURES = 50;
const THIRTY_DAYS_SECONDS = 30 * 86_400;

const flag = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['1', '0', 'true', 'false', ''], `${name} must be 1, 0, true or false`),
      v.transform((value) => value === '1' || value === 'true'),
    ),
    '0',
  );

const SignInEnvSchema = v.object({
  SIGN_IN_MAX_FAILURES: wholeNumber('SIGN_IN_MAX_FAILURES', 1, 1_000, DEFAULT_SIGN_IN_MAX_FAILURES),
  SIGN_IN_WINDOW_SECONDS: wholeNumber('SIGN_IN_WINDOW_SECONDS', 1, THIRTY_DAYS_SECONDS, DEFAULT_SIGN_IN_WINDOW_SECONDS),
  SIGN_IN_BLOCK_SECONDS: wholeNumber('SIGN_IN_BLOCK_SECONDS', 1, THIRTY_DAYS_SECONDS, DEFAULT_SIGN_IN_BLOCK_SECONDS),
  SIGN_IN_CLIENT_MAX_FAILURES: wholeNumber('SIGN_IN_CLIENT_MAX_FAILURES', 1, 1_000_000, DEFAULT_SIGN_IN_CLIENT_MAX_FAILURES),
  TRUST_PROXY: flag('TRUST_PROXY'),
});

/** Brute-force limits of password sign-in (src/server/auth/throttle.ts). */
export interface SignInConfig {
  /** Failures of one account from one client within the window that block the pair. */
  maxFailures: number;
  windowSeconds: number;
  blockSeconds: number;
  /** More failures than this from one client across all accounts within the window: every sign-in is rejected. */
  clientMaxFailures: number;
  /** `TRUST_PROXY=1`: the client's address is the first `X-Forwarded-For` entry (set it only behind a proxy that writes that header). */
  trustProxy: boolean;
}

/** The variables a schema names, read from `env` and checked; every bad one is named in one error. */
function parseEnv<TEntries extends v.ObjectEntries>(schema: v.ObjectSchema<TEntries, undefined>, env: NodeJS.ProcessEnv): v.InferOutput<v.ObjectSchema<TEntries, undefined>> {
  const input: Record<string, string | undefined> = Object.fromEntries(Object.keys(schema.entries).map((key) => [key, env[key]]));
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const lines = result.issues.map((issue) => {
    const key = v.getDotPath(issue) ?? 'environment';
    return `  ${key}=${JSON.stringify(input[key] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid environment:\n${[...new Set(lines)].join('\n')}`);
}

/** `SIGN_IN_*` and `TRUST_PROXY`; a bad value is a clear error, never a silent default. */
export function loadSignInConfig(env: NodeJS.ProcessEnv = process.env): SignInConfig {
  const out = parseEnv(SignInEnvSchema, env);
  return {
    maxFailures: out.SIGN_IN_MAX_FAILURES,
    windowSeconds: out.SIGN_IN_WINDOW_SECONDS,
    blockSeconds: out.SIGN_IN_BLOCK_SECONDS,
    clientMaxFailures: out.SIGN_IN_CLIENT_MAX_FAILURES,
    trustProxy: out.TRUST_PROXY,
  };
}

/** Plain http only to this machine (a local test issuer); anything else must be https. */
const LOOPBACK_HTTP = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?(?:\/|$)/i;

const GoogleEnvSchema = v.object({
  OIDC_GOOGLE_ISSUER: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.trim(),
        v.check((value) => {
          try {
            const url = new URL(value);
            return url.search === '' && url.hash === '' && url.username === '' && (url.protocol === 'https:' || LOOPBACK_HTTP.test(value));
          } catch {
            return false;
          }
        }, 'OIDC_GOOGLE_ISSUER must be an https:// URL without query or fragment (http:// only for localhost)'),
      ),
    ]),
  ),
  OIDC_GOOGLE_CLIENT_ID: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(512, 'OIDC_GOOGLE_CLIENT_ID must be at most 512 characters'))),
});

/** Google sign-in (OpenID Connect): on only when an issuer is configured. */
export interface GoogleSignInConfig {
  /** Exactly as the ID tokens' `iss` says it: `https://accounts.google.com` for Google. */
  issuer: string;
  /** The OAuth client id the tokens must be issued to (`aud`). */
  clientId: string;
}

/** `OIDC_GOOGLE_ISSUER` and `OIDC_GOOGLE_CLIENT_ID`; null when the issuer is unset (Google sign-in off). */
export function loadGoogleSignInConfig(env: NodeJS.ProcessEnv = process.env): GoogleSignInConfig | null {
  const output = parseEnv(GoogleEnvSchema, env);
  const issuer = output.OIDC_GOOGLE_ISSUER?.trim() ?? '';
  const clientId = output.OIDC_GOOGLE_CLIENT_ID ?? '';
  if (!issuer) return null;
  if (!clientId) throw new ConfigError(`Invalid environment:\n  OIDC_GOOGLE_CLIENT_ID="": OIDC_GOOGLE_CLIENT_ID is required when OIDC_GOOGLE_ISSUER is set`);
  return { issuer, clientId };
}

/** Levels of `LOG_LEVEL` (pino's). */
const LOG_LEVEL_NAMES = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVEL_NAMES)[number];
/** The shortest `METRICS_TOKEN`: a bearer secret anyone could guess is no protection. */
const METRICS_TOKEN_MIN_LENGTH = 16;

const ObservabilityEnvSchema = v.object({
  LOG_LEVEL: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.union([v.literal(''), v.picklist(LOG_LEVEL_NAMES)], `LOG_LEVEL must be one of ${LOG_LEVEL_NAMES.join(', ')}`))),
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.union([v.literal(''), v.pipe(v.string(), v.regex(new RegExp(`^[\\x21-\\x7e]{${METRICS_TOKEN_MIN_LENGTH},512}$`), `METRICS_TOKEN must be ${METRICS_TOKEN_MIN_LENGTH} to 512 printable characters without spaces`))], `METRICS_TOKEN must be ${METRICS_TOKEN_MIN_LENGTH} to 512 printable characters without spaces`),
    ),
  ),
  METRICS_PORT: optionalWholeNumber('METRICS_PORT', 1, 65_535),
});

/** Logs and metrics (src/server/http/logging.ts, metrics.ts). */
export interface ObservabilityConfig {
  /** `LOG_LEVEL`; null: `info` (silent under Vitest). */
  logLevel: LogLevel | null;
  /** `METRICS_TOKEN`: `/metrics` on the shop's port asks for `Authorization: Bearer <token>`; null: it answers 404 there. */
  metricsToken: string | null;
  /** `METRICS_PORT`: `/metrics` also on a listener of its own, without a token; null: none. */
  metricsPort: number | null;
}

/** `LOG_LEVEL`, `METRICS_TOKEN`, `METRICS_PORT`; a bad value is a clear error, never a silent default. */
export function loadObservabilityConfig(env: NodeJS.ProcessEnv = process.env): ObservabilityConfig {
  const { LOG_LEVEL, METRICS_TOKEN, METRICS_PORT } = parseEnv(ObservabilityEnvSchema, env);
  return { logLevel: LOG_LEVEL ? LOG_LEVEL : null, metricsToken: METRICS_TOKEN ? METRICS_TOKEN : null, metricsPort: typeof METRICS_PORT === 'number' ? METRICS_PORT : null };
}
