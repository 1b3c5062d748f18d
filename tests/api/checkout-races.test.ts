import { afterAll, beforeAll, describe } from 'vitest';
import { appTarget, type CartTarget } from '../helpers/cart.ts';
import { checkoutRaceTests } from '../helpers/checkout-races.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/** Checkout's races on PGlite (one connection: transactions queue); tests/pg/checkout-races.test.ts runs the same on PostgreSQL. */
let t: TestApp;
let target: CartTarget | undefined;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('checkout races on PGlite', () => {
  checkoutRaceTests(() => {
    if (!target) throw new Error('app not started');
    return target;
  }, 0);
});
