// @module-tag clock: this guard runs in every `npm run test:clock` instant.
import { describe, expect, it } from 'vitest';
import { MINUTE_MS, offsetMinutes } from '../../src/contract/calendar-day.ts';

/*
 * `npm run test:clock` (tests/tools/test-clock.ts) runs the date-sensitive tests under libfaketime
 * or another TZ. If the preload did not reach the forked worker that runs the tests, they would
 * pass at the real time and prove nothing: this file runs in the same kind of worker and fails
 * unless its clock and zone are the ones the script asked for. Outside that script (no
 * TEST_CLOCK_* variables) it has nothing to check and is skipped.
 */

const instant = process.env['TEST_CLOCK_INSTANT'];
const zone = process.env['TEST_CLOCK_TZ'];
// A run of the date-sensitive files takes about a minute; the guard may run last of them on a busy machine.
const RUN_ALLOWANCE_MS = 15 * MINUTE_MS;

describe.runIf(instant !== undefined)('a worker under faketime', () => {
  it('reads the faked instant from new Date() and Date.now()', () => {
    const start = Date.parse(instant ?? '');
    expect(Number.isFinite(start), `TEST_CLOCK_INSTANT=${instant} is no instant`).toBe(true);
    const now = Date.now();
    expect(now, `worker clock ${new Date(now).toISOString()} is not the faked ${instant}`).toBeGreaterThanOrEqual(start);
    expect(now).toBeLessThan(start + RUN_ALLOWANCE_MS);
    expect(Math.abs(new Date().getTime() - now)).toBeLessThan(1_000);
  });
});

describe.runIf(zone !== undefined)('a worker in another time zone', () => {
  it('formats and reads local fields in TEST_CLOCK_TZ', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
    const now = Date.now();
    // getTimezoneOffset is minutes behind UTC: -offset of the zone at this instant (Auckland: -780 in summer).
    expect(-new Date(now).getTimezoneOffset()).toBe(offsetMinutes(now, zone ?? 'UTC'));
  });
});
