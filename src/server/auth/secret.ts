import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';
import { ConfigError } from '../env.ts';

export const MIN_SECRET_BYTES = 32;
const SECRET_NAME = 'jwt_secret';

/**
 * `JWT_SECRET` (at least 32 bytes) signs access tokens and derives refresh tokens. Unset outside
 * production, a random secret is generated once and kept in `server_secrets`, so a restart on the
 * same data directory keeps every session; production refuses to start without it.
 */
export async function loadJwtSecret(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const configured = env['JWT_SECRET'];
  if (configured !== undefined && configured !== '') {
    const secret = Buffer.from(configured, 'utf8');
    if (secret.length < MIN_SECRET_BYTES) throw new ConfigError(`Invalid environment:\n  JWT_SECRET: must be at least ${MIN_SECRET_BYTES} bytes`);
    return secret;
  }
  if (env['NODE_ENV'] === 'production') throw new ConfigError('Invalid environment:\n  JWT_SECRET: required in production (at least 32 bytes)');
  // Insert-then-read: two processes on one database agree on whichever secret landed first.
  await db.insert(serverSecrets).values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('server_secrets: the JWT secret vanished right after it was written');
  return Buffer.from(row.value, 'base64url');
}
