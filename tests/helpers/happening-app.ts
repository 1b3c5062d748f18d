import { afterAll, beforeAll, beforeEach } from 'vitest';
import { appTarget, type CartTarget } from './cart.ts';
import { createTestApp, type TestApp } from './server.ts';

/*
 * The happening API tests' app: one per test file (PGlite costs seconds to open), on a clock the
 * tests move. Kept apart from booking.ts, which the races against a server over HTTP import too.
 */

export interface HappeningApp {
  /** The file's app, there from its first test on (its `db` and `app` for members and sign-in). */
  readonly app: TestApp;
  /** The bookings' driver on that app: usable at the file's top level, it reaches the app when called. */
  readonly target: CartTarget;
  /** Moves the app's clock until the next test, which starts again at `start`. */
  setClock(at: Date): void;
}

/** Registers the file's hooks: the app made before its tests and closed after them, the clock at `start` before each test. */
export function happeningApp(start: Date): HappeningApp {
  let testApp: TestApp | undefined;
  let target: CartTarget | undefined;
  let clock = start;
  beforeAll(async () => {
    testApp = await createTestApp({ seedProducts: 5, now: () => clock });
    target = appTarget(testApp);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });
  beforeEach(() => {
    clock = start;
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the happening app is made in beforeAll: use it in a hook or a test');
    return value;
  };
  return {
    get app() {
      return made(testApp);
    },
    target: {
      request: (url, init) => made(target).request(url, init),
      query: <T>(text: string) => made(target).query<T>(text),
    },
    setClock: (at) => {
      clock = at;
    },
  };
}
