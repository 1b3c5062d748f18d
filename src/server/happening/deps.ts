import type { Db } from '../db/client.ts';

/** What the happening rules need from the app: the database, a clock, the server's secret and the emails' origin. */
export interface HappeningDeps {
  db: Db;
  /** The clock of every rule (holds' expiry, booking windows, expired bookings, cut-offs): tests move it; nothing here reads Date.now. */
  now: () => Date;
  /** The server's secret: a guest's manage key is derived from it (codes.ts). */
  secret: () => Promise<Buffer>;
  /** Origin of the links in the emails (`PUBLIC_URL`). */
  publicUrl: () => string;
}

export const iso = (instant: number): string => new Date(instant).toISOString();
