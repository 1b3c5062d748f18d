import { describe, expect, test } from 'vitest';
import { createServerClock, SKEW_TOLERANCE_MS } from '../../src/web/features/booking/booking-clock.ts';

/* The server's clock the booking machines are given: the device's, corrected by the answers' `Date`. */

describe('createServerClock', () => {
  const at = Date.parse('2030-11-30T00:00:00.000Z');
  const device = () => at;

  test('without a Date (the server render’s in-process answers) or with one it cannot read, the device’s clock', () => {
    const clock = createServerClock(device);
    clock.note(null, at - 100, at);
    clock.note('not a date', at - 100, at);
    expect(clock.now()).toBe(at);
    expect(clock.offset()).toBe(0);
  });

  test('a device within the header’s precision and the trip’s time is not corrected', () => {
    const clock = createServerClock(device);
    clock.note(new Date(at + 1_000).toUTCString(), at - 200, at);
    expect(clock.offset()).toBe(0);
    expect(SKEW_TOLERANCE_MS).toBeGreaterThanOrEqual(1_000);
  });

  test('a device five minutes slow (or fast) is corrected to the server’s time, to the second', () => {
    const slow = createServerClock(device);
    slow.note(new Date(at + 5 * 60_000).toUTCString(), at - 200, at);
    expect(Math.abs(slow.now() - (at + 5 * 60_000))).toBeLessThanOrEqual(1_000);
    const fast = createServerClock(device);
    fast.note(new Date(at - 5 * 60_000).toUTCString(), at - 200, at);
    expect(Math.abs(fast.now() - (at - 5 * 60_000))).toBeLessThanOrEqual(1_000);
    // The next answer in step with the device takes the correction away again.
    fast.note(new Date(at).toUTCString(), at - 200, at);
    expect(fast.offset()).toBe(0);
  });
});
