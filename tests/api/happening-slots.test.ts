import { describe, expect, it } from 'vitest';
import { artistsOfferedAt, serviceTimes, sessionOfDay, type Interval, type ServiceDay } from '../../src/server/happening/slots.ts';
import { addDays, instantOf, localOf, offsetMinutes, weekdayOf, zonedDay } from '../../src/server/happening/zoned-time.ts';

/**
 * Issue 14: the pure parts of the slots — wall time ↔ instant in a store's zone (with the days the
 * clocks change in New Zealand and Australia) and a day's free times (grid, hours, artists, busy
 * spans, now, sessions). Expected instants are written from the zones' published rules, not from
 * the code under test.
 */

const at = (iso: string) => Date.parse(iso);
const hours = (opens: string, closes: string) => ({ opens, closes });

describe('store-local time → instant (Intl, no process time zone)', () => {
  it('knows Auckland on the day daylight saving starts (2026-09-27, 02:00 → 03:00): the gap does not exist', () => {
    expect(instantOf('2026-09-27', '01:30', 'Pacific/Auckland')).toBe(at('2026-09-26T13:30:00Z'));
    expect(instantOf('2026-09-27', '02:00', 'Pacific/Auckland')).toBeNull();
    expect(instantOf('2026-09-27', '02:30', 'Pacific/Auckland')).toBeNull();
    expect(instantOf('2026-09-27', '03:00', 'Pacific/Auckland')).toBe(at('2026-09-26T14:00:00Z'));
    expect(instantOf('2026-09-27', '10:00', 'Pacific/Auckland')).toBe(at('2026-09-26T21:00:00Z'));
    // The day before and after: one offset all day (+12, then +13).
    expect(instantOf('2026-09-26', '10:00', 'Pacific/Auckland')).toBe(at('2026-09-25T22:00:00Z'));
    expect(instantOf('2026-09-28', '10:00', 'Pacific/Auckland')).toBe(at('2026-09-27T21:00:00Z'));
  });

  it('knows Auckland on the day it ends (2027-04-04, 03:00 → 02:00): a repeated time is its first occurrence', () => {
    expect(instantOf('2027-04-04', '02:30', 'Pacific/Auckland')).toBe(at('2027-04-03T13:30:00Z'));
    expect(instantOf('2027-04-04', '10:00', 'Pacific/Auckland')).toBe(at('2027-04-03T22:00:00Z'));
    expect(instantOf('2027-04-03', '10:00', 'Pacific/Auckland')).toBe(at('2027-04-02T21:00:00Z'));
  });

  it('knows Sydney and Melbourne on their change days (2026-10-04 and 2027-04-04)', () => {
    for (const zone of ['Australia/Sydney', 'Australia/Melbourne']) {
      expect(instantOf('2026-10-03', '10:00', zone)).toBe(at('2026-10-03T00:00:00Z'));
      expect(instantOf('2026-10-04', '02:30', zone)).toBeNull();
      expect(instantOf('2026-10-04', '10:00', zone)).toBe(at('2026-10-03T23:00:00Z'));
      expect(instantOf('2027-04-04', '02:30', zone)).toBe(at('2027-04-03T15:30:00Z'));
      expect(instantOf('2027-04-04', '10:00', zone)).toBe(at('2027-04-04T00:00:00Z'));
    }
    // Perth keeps no daylight saving: the same offset on the east's change day.
    expect(instantOf('2026-10-04', '02:30', 'Australia/Perth')).toBe(at('2026-10-03T18:30:00Z'));
  });

  it('turns instants back into the store-local day and time, across midnight UTC', () => {
    expect(localOf(at('2026-09-27T21:00:00Z'), 'Pacific/Auckland')).toEqual({ date: '2026-09-28', minutes: 600, time: '10:00' });
    expect(localOf(at('2026-09-27T21:00:00Z'), 'Asia/Bangkok')).toEqual({ date: '2026-09-28', minutes: 240, time: '04:00' });
    expect(localOf(at('2026-09-27T16:59:00Z'), 'Asia/Bangkok')).toEqual({ date: '2026-09-27', minutes: 23 * 60 + 59, time: '23:59' });
    expect(offsetMinutes(at('2027-01-01T00:00:00Z'), 'Pacific/Auckland')).toBe(780);
    expect(offsetMinutes(at('2027-07-01T00:00:00Z'), 'Pacific/Auckland')).toBe(720);
  });

  it('walks the calendar by days, weekdays from Monday', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(weekdayOf('2026-09-27')).toBe('sun');
    expect(weekdayOf('2027-01-11')).toBe('mon');
  });
});

const day = (date: string, zone = 'Asia/Singapore') => zonedDay(date, zone);
function service(overrides: Partial<ServiceDay> = {}): ServiceDay {
  return {
    day: day('2027-01-11'),
    storeHours: hours('10:00', '13:00'),
    artists: [{ id: 'a', hours: hours('10:00', '13:00') }],
    durationMinutes: 60,
    after: 0,
    busy: new Map(),
    ...overrides,
  };
}
const times = (input: ServiceDay) => serviceTimes(input).map((time) => `${time.localTime} ${time.artistIds.join('+')}`);

describe("a service's free times of a day", () => {
  it('starts every 30 minutes from opening and ends by closing', () => {
    expect(times(service())).toEqual(['10:00 a', '10:30 a', '11:00 a', '11:30 a', '12:00 a']);
    // 45 minutes: 12:00 would end at 12:45, 12:30 at 13:15 (too late).
    expect(times(service({ durationMinutes: 45 }))).toEqual(['10:00 a', '10:30 a', '11:00 a', '11:30 a', '12:00 a']);
    expect(times(service({ durationMinutes: 90 }))).toEqual(['10:00 a', '10:30 a', '11:00 a', '11:30 a']);
  });

  it('keeps to the hours both of the store and of each artist, and lists who is free (the places left)', () => {
    const artists = [
      { id: 'a', hours: hours('09:00', '11:30') },
      { id: 'b', hours: hours('11:00', '20:00') },
      { id: 'off', hours: null },
    ];
    expect(times(service({ artists }))).toEqual(['10:00 a', '10:30 a', '11:00 b', '11:30 b', '12:00 b']);
    expect(times(service({ artists: [{ id: 'a', hours: hours('10:00', '13:00') }, { id: 'b', hours: hours('10:00', '13:00') }] }))[0]).toBe('10:00 a+b');
  });

  it('leaves out an artist over any live reservation overlapping the time, and the time when nobody is left', () => {
    const both = [{ id: 'a', hours: hours('10:00', '13:00') }, { id: 'b', hours: hours('10:00', '13:00') }];
    const base = day('2027-01-11');
    const span = (from: string, to: string): Interval => ({ start: base.instantOf(Number(from.slice(0, 2)) * 60 + Number(from.slice(3))) ?? 0, end: base.instantOf(Number(to.slice(0, 2)) * 60 + Number(to.slice(3))) ?? 0 });
    const busy = new Map([['a', [span('10:30', '11:30')]], ['b', [span('10:00', '12:00')]]]);
    // a is busy 10:30–11:30: free at 11:30 (touching is no overlap), not at 10:00 (10:00–11:00 overlaps).
    expect(times(service({ artists: both, busy }))).toEqual(['11:30 a', '12:00 a+b']);
  });

  it('offers only times after now, and nothing on a closed day', () => {
    const base = day('2027-01-11');
    expect(times(service({ after: base.instantOf(11 * 60) ?? 0 }))).toEqual(['11:30 a', '12:00 a']);
    expect(times(service({ storeHours: null }))).toEqual([]);
    expect(serviceTimes(service(), 2)).toHaveLength(2);
  });

  it('skips wall times that do not exist on the day the clocks go forward', () => {
    const input = service({ day: day('2026-09-27', 'Pacific/Auckland'), storeHours: hours('01:00', '05:00'), artists: [{ id: 'a', hours: hours('01:00', '05:00') }], durationMinutes: 30 });
    const found = serviceTimes(input);
    expect(found.map((time) => time.localTime)).toEqual(['01:00', '01:30', '03:00', '03:30', '04:00', '04:30']);
    // 01:30 NZST lasts its 30 real minutes and ends at 03:00 NZDT.
    expect(new Date(found[1]?.endsAt ?? 0).toISOString()).toBe('2026-09-26T14:00:00.000Z');
  });

  it('tells which artists could do a time at all (a hold checks the time is one the day offers)', () => {
    const start = day('2027-01-11').instantOf(10 * 60 + 30) ?? 0;
    expect(artistsOfferedAt(service(), start)).toEqual(['a']);
    expect(artistsOfferedAt(service(), start + 15 * 60_000)).toBeNull();
    expect(artistsOfferedAt(service({ storeHours: null }), start)).toBeNull();
  });
});

describe("a class's or event's session of a day", () => {
  it('comes weekly on its weekday, and every N weeks from its anchor (both ways), if the store has room that day', () => {
    const weekly = { kind: 'weekly', weekday: 'sat', time: '14:00' } as const;
    expect(sessionOfDay(weekly, day('2027-01-16'), hours('10:00', '22:00'), 90)?.localTime).toBe('14:00');
    expect(sessionOfDay(weekly, day('2027-01-17'), hours('10:00', '22:00'), 90)).toBeNull();
    const recurring = { kind: 'recurring', anchor: '2026-01-09', everyWeeks: 2, time: '18:30' } as const;
    expect(sessionOfDay(recurring, day('2026-01-23'), hours('10:00', '22:00'), 90)).not.toBeNull();
    expect(sessionOfDay(recurring, day('2026-01-16'), hours('10:00', '22:00'), 90)).toBeNull();
    expect(sessionOfDay(recurring, day('2025-12-26'), hours('10:00', '22:00'), 90)).not.toBeNull();
    // A holiday: closed, or short hours that end before the session would.
    expect(sessionOfDay(weekly, day('2027-01-16'), null, 90)).toBeNull();
    expect(sessionOfDay(weekly, day('2027-01-16'), hours('11:00', '15:00'), 90)).toBeNull();
  });
});
