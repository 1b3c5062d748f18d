import * as v from 'valibot';

export const DEFAULT_PORT = 8080;
export const DEFAULT_DATA_DIR = '.data/';
export const DEFAULT_SEED_PRODUCTS = 2_000;
export const MAX_SEED_PRODUCTS = 100_000;

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
});

export interface ServerConfig {
  port: number;
  dataDir: string;
  /** Set: real PostgreSQL through node-postgres instead of the embedded PGlite. */
  databaseUrl: string | null;
  seedProducts: number;
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
  const input = {
    PORT: env['PORT'],
    DATA_DIR: env['DATA_DIR'],
    DATABASE_URL: env['DATABASE_URL'],
    SEED_PRODUCTS: env['SEED_PRODUCTS'],
  };
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = v.getDotPath(issue) ?? 'environment';
      return `  ${key}=${JSON.stringify(input[key as keyof typeof input] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment:\n${[...new Set(lines)].join('\n')}`);
  }
  const { PORT, DATA_DIR, DATABASE_URL, SEED_PRODUCTS } = result.output;
  return { port: PORT, dataDir: DATA_DIR, databaseUrl: DATABASE_URL ? DATABASE_URL : null, seedProducts: SEED_PRODUCTS };
}
