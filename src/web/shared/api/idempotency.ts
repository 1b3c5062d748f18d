/**
 * A fresh key per logical write. Reuse the same key for every attempt of that write (the client
 * does so across its retries) so the server can replay the first answer instead of acting twice.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
