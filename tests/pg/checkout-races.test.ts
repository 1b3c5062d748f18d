/**
 * Issue 13: checkout's races on a real PostgreSQL (a pool of 10 connections, so the orders really
 * run at once), over HTTP; tests/api/checkout-races.test.ts runs the same scenarios on PGlite.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { checkoutRaceTests } from '../helpers/checkout-races.ts';
import { startPgHttpTarget, type PgHttpTarget } from './http-target.ts';

let running: PgHttpTarget | undefined;
beforeAll(async () => {
  running = await startPgHttpTarget('checkout_races');
}, 180_000);
afterAll(async () => {
  await running?.close();
}, 60_000);

describe('checkout races on PostgreSQL', () => {
  checkoutRaceTests(() => {
    if (!running) throw new Error('server not started');
    return running.target;
  }, 0);
});
