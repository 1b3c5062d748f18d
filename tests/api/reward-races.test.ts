/**
 * Issue 15: the rewards' races on PGlite (one connection: transactions queue); the same scenarios
 * run on PostgreSQL in tests/pg/reward-races.test.ts.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { appTarget } from '../helpers/cart.ts';
import { rewardRaceTests } from '../helpers/reward-races.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

let t: TestApp | undefined;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
});
afterAll(async () => {
  await t?.close();
});

describe('reward races on PGlite', () => {
  rewardRaceTests(() => {
    if (!t) throw new Error('app not started');
    return appTarget(t);
  }, 0);
});
