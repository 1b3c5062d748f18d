import { afterAll, beforeAll, describe } from 'vitest';
import { appTarget, type CartTarget } from '../helpers/cart.ts';
import { giftCardRaceTests } from '../helpers/gift-card-races.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/** E-gift cards' races on PGlite (one connection: transactions queue); tests/pg/gift-card-races.test.ts runs the same on PostgreSQL. */
let t: TestApp;
let target: CartTarget | undefined;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('e-gift card races on PGlite', () => {
  giftCardRaceTests(
    () => {
      if (!target) throw new Error('app not started');
      return target;
    },
    () => t.db,
    0,
  );
});
