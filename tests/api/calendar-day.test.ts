import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../src/config/countries.ts';
import { addDays, daysBetween, MINUTE_MS, todayIn } from '../../src/contract/calendar-day.ts';

/*
 * The calendar helpers every module shares (src/contract/calendar-day.ts): a day plus days, the days
 * between two days, and today in a country. Days are walked at month ends, leap days and year ends;
 * today is told on either side of each country's midnights, on those days and on the days the
 * clocks change in Sydney and Auckland (the only zones of the eight with daylight saving). The
 * instants are fixed: nothing here reads the machine's clock or zone.
 */

const at = (iso: string) => Date.parse(iso);

describe('addDays and daysBetween', () => {
  const walks: readonly [string, number, string][] = [
    // Month ends.
    ['2027-01-31', 1, '2027-02-01'],
    ['2027-04-30', 1, '2027-05-01'],
    ['2027-05-01', -1, '2027-04-30'],
    ['2027-01-31', 30, '2027-03-02'],
    // Leap days: 2028 and 2000 have one, 2027 and 2100 do not.
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2027-03-01', -1, '2027-02-28'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2028-01-01', 366, '2029-01-01'],
    // Year ends.
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-12-25', 14, '2027-01-08'],
    // The days the clocks change in Sydney and Auckland are days like the others.
    ['2026-10-03', 2, '2026-10-05'],
    ['2027-04-03', 2, '2027-04-05'],
    ['2026-09-26', 2, '2026-09-28'],
    ['2027-01-11', 0, '2027-01-11'],
  ];

  it.each(walks)('%s plus %i days is %s, and daysBetween counts them back', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
    expect(daysBetween(from, to)).toBe(days);
    expect(daysBetween(to, from)).toBe(0 - days);
  });

  it('counts the days of a year: 365, or 366 over a 29 February', () => {
    expect(daysBetween('2027-01-01', '2028-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2028-03-01', '2029-03-01')).toBe(365);
    expect(daysBetween('2027-03-01', '2028-03-01')).toBe(366);
  });
});

/** Each country's offset from UTC in hours, written out by hand: [standard, daylight saving]. */
const OFFSETS: Readonly<Record<CountryCode, readonly [number, number]>> = {
  AU: [10, 11],
  HK: [8, 8],
  ID: [7, 7],
  MY: [8, 8],
  NZ: [12, 13],
  PH: [8, 8],
  SG: [8, 8],
  TH: [7, 7],
};

/** The instant a day starts in a country, from its offset at that midnight. */
const midnight = (country: CountryCode, date: string, daylight: boolean) => at(`${date}T00:00:00Z`) - OFFSETS[country][daylight ? 1 : 0] * 60 * MINUTE_MS;

/** Today in `country` one millisecond before `date` starts there and at its start. */
function aroundMidnight(country: CountryCode, date: string, daylight: boolean): [string, string] {
  const start = midnight(country, date, daylight);
  return [todayIn(country, start - 1), todayIn(country, start)];
}

describe("todayIn: each country's calendar", () => {
  // Sydney and Auckland keep daylight saving from September/October to April: in their summer.
  const summer = (country: CountryCode) => country === 'AU' || country === 'NZ';

  it.each(COUNTRY_CODES.map((country) => [country]))('%s: a year end, a leap day and a month end begin at its midnight', (country) => {
    expect(aroundMidnight(country, '2027-01-01', summer(country))).toEqual(['2026-12-31', '2027-01-01']);
    expect(aroundMidnight(country, '2028-02-29', summer(country))).toEqual(['2028-02-28', '2028-02-29']);
    expect(aroundMidnight(country, '2028-03-01', summer(country))).toEqual(['2028-02-29', '2028-03-01']);
    // 30 April to 1 May: after the clocks went back in Sydney and Auckland.
    expect(aroundMidnight(country, '2027-05-01', false)).toEqual(['2027-04-30', '2027-05-01']);
  });

  it.each(COUNTRY_CODES.map((country) => [country]))('%s: the days Sydney and Auckland change their clocks', (country) => {
    // Sydney: 2026-10-04 02:00 → 03:00 (a day of 23 hours), 2027-04-04 03:00 → 02:00 (25 hours).
    // Auckland: 2026-09-27 02:00 → 03:00, 2027-04-04 03:00 → 02:00. The other zones keep their offset.
    const starts = country === 'AU' ? ['2026-10-04', '2027-04-04'] : country === 'NZ' ? ['2026-09-27', '2027-04-04'] : ['2026-10-04', '2027-04-04'];
    const [springs = '', falls = ''] = starts;
    const dst = OFFSETS[country][0] !== OFFSETS[country][1];
    // The day the clocks go forward starts in standard time and the next in daylight saving.
    expect(aroundMidnight(country, springs, false)).toEqual([addDays(springs, -1), springs]);
    expect(aroundMidnight(country, addDays(springs, 1), dst)).toEqual([springs, addDays(springs, 1)]);
    // The day they go back starts in daylight saving and the next in standard time.
    expect(aroundMidnight(country, falls, dst)).toEqual([addDays(falls, -1), falls]);
    expect(aroundMidnight(country, addDays(falls, 1), false)).toEqual([falls, addDays(falls, 1)]);
    if (dst) {
      const forward = midnight(country, springs, false) + 2 * 60 * MINUTE_MS;
      expect(todayIn(country, forward - 1)).toBe(springs);
      expect(todayIn(country, forward)).toBe(springs);
      // The hour the clocks repeat is still the same day.
      const back = midnight(country, falls, true) + 3 * 60 * MINUTE_MS;
      expect(todayIn(country, back - 1)).toBe(falls);
      expect(todayIn(country, back + 60 * MINUTE_MS)).toBe(falls);
    }
  });

  it('agrees with Intl formatting the day in the zone, at instants spread over three years', () => {
    for (const country of COUNTRY_CODES) {
      const format = new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRIES[country].timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      // Every 29 hours 13 minutes: each hour of the day and each weekday comes round, across three years.
      for (let instant = at('2026-01-01T00:00:00Z'); instant < at('2029-01-01T00:00:00Z'); instant += (29 * 60 + 13) * MINUTE_MS) {
        expect(todayIn(country, instant), `${country} at ${new Date(instant).toISOString()}`).toBe(format.format(instant));
      }
    }
  });

  it('tells the day again for the same minute without formatting it again, and the next minute anew', () => {
    const lastMinute = at('2026-12-31T15:59:00Z');
    expect(todayIn('SG', lastMinute)).toBe('2026-12-31');
    expect(todayIn('SG', lastMinute + 59_999)).toBe('2026-12-31');
    expect(todayIn('SG', lastMinute + 60_000)).toBe('2027-01-01');
    expect(todayIn('TH', lastMinute + 60_000)).toBe('2026-12-31');
  });
});
