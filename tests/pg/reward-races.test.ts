/**
 * Issue 15: the rewards' races on a real PostgreSQL (a pool of 10 connections, so redemptions and
 * orders really run at once), over HTTP; tests/api/reward-races.test.ts runs the same scenarios on PGlite.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { rewardRaceTests } from '../helpers/reward-races.ts';
import { startPgHttpTarget, type PgHttpTarget } from './http-target.ts';

let running: PgHttpTarget | undefined;
beforeAll(async () => {
  running = await startPgHttpTarget('reward_races');
}, 180_000);
afterAll(async () => {
  await running?.close();
}, 60_000);

describe('reward races on PostgreSQL', () => {
  rewardRaceTests(() => {
    if (!running) throw new Error('server not started');
    return running.target;
  }, 0);
});
