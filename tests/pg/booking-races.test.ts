/**
 * Issue 14: bookings' races on a real PostgreSQL (a pool of 10 connections, so the holds and
 * confirmations really run at once), over HTTP; tests/api/booking-races.test.ts runs the same
 * scenarios on PGlite.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { bookingRaceTests } from '../helpers/booking-races.ts';
import { startPgHttpTarget, type PgHttpTarget } from './http-target.ts';

let running: PgHttpTarget | undefined;
beforeAll(async () => {
  running = await startPgHttpTarget('booking_races', { seedProducts: 5 });
}, 180_000);
afterAll(async () => {
  await running?.close();
}, 60_000);

describe('booking races on PostgreSQL', () => {
  bookingRaceTests(() => {
    if (!running) throw new Error('server not started');
    return running.target;
  });
});
