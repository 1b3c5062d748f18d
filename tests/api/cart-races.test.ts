import { afterAll, beforeAll, describe } from 'vitest';
import { appTarget, type CartTarget } from '../helpers/cart.ts';
import { cartRaceTests } from '../helpers/cart-races.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/** The bag's races on PGlite (one connection: transactions queue); tests/pg/cart-races.test.ts runs the same on PostgreSQL. */
let t: TestApp;
let target: CartTarget | undefined;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('bag races on PGlite', () => {
  cartRaceTests(() => {
    if (!target) throw new Error('app not started');
    return target;
  }, 0);
});
