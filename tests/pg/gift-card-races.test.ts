/**
 * Issue 13: e-gift cards' races on a real PostgreSQL (a pool of 10 connections, so the checkouts and
 * the sender runs really run at once), over HTTP; tests/api/gift-card-races.test.ts runs the same
 * scenarios on PGlite.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { giftCardRaceTests } from '../helpers/gift-card-races.ts';
import { startPgHttpTarget, type PgHttpTarget } from './http-target.ts';

let running: PgHttpTarget | undefined;
/** A second pool on the same database: the sender runs of the test, beside the server's. */
let jobs: Database | undefined;

beforeAll(async () => {
  running = await startPgHttpTarget('gift_card_races');
  jobs = await openDatabase({ kind: 'postgres', url: running.url }, () => undefined);
}, 180_000);

afterAll(async () => {
  await runEveryStep([() => jobs?.close(), () => running?.close()]);
}, 60_000);

describe('e-gift card races on PostgreSQL', () => {
  giftCardRaceTests(
    () => {
      if (!running) throw new Error('server not started');
      return running.target;
    },
    () => {
      if (!jobs) throw new Error('database not open');
      return jobs.db;
    },
    0,
  );
});
