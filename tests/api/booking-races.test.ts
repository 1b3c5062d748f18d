import { afterAll, beforeAll, describe } from 'vitest';
import { bookingRaceTests } from '../helpers/booking-races.ts';
import { appTarget, type CartTarget } from '../helpers/cart.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/** Bookings' races on PGlite (one connection: transactions queue); tests/pg/booking-races.test.ts runs the same on PostgreSQL. */
let t: TestApp;
let target: CartTarget | undefined;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 5 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('booking races on PGlite', () => {
  bookingRaceTests(() => {
    if (!target) throw new Error('app not started');
    return target;
  });
});
