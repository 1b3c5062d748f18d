import { describe, expect, it } from 'vitest';
import { ACTIVITIES, ACTIVITY_GROUPS, SERVICE_STORE_IDS } from '../../src/config/activities.ts';
import { QUESTION_TEXTS } from '../../src/config/activity-texts.ts';
import { ARTISTS, artistsAt } from '../../src/config/artists.ts';
import { COUNTRY_CODES } from '../../src/config/countries.ts';
import { CATALOGS } from '../../src/config/languages.ts';
import { HOLIDAY_NAMES, PUBLIC_HOLIDAYS } from '../../src/config/public-holidays.ts';
import { STORES, storesIn, WEEKDAYS } from '../../src/config/stores.ts';
import { offeredAt } from '../../src/server/happening/calendar.ts';
import { addDays, minutesOf, weekdayOf } from '../../src/server/happening/zoned-time.ts';

/**
 * Issue 14: the happening data holds together — every store with services has artists for each
 * service it offers, every class and event session fits its store's hours, every text is in the
 * four languages, the holidays are real calendar days — so a mistake in the data fails here and
 * not as a screen with nothing to book.
 */

const fits = (time: string, duration: number, hours: { opens: string; closes: string } | null) => hours !== null && minutesOf(time) >= minutesOf(hours.opens) && minutesOf(time) + duration <= minutesOf(hours.closes);

describe('stores, artists and services', () => {
  it('offers services in at least 3 Singapore stores and 2 of every other country, never at the airport', () => {
    for (const country of COUNTRY_CODES) {
      const withServices = storesIn(country).filter((store) => ACTIVITIES.some((activity) => activity.kind === 'service' && offeredAt(activity, store.id)));
      expect(withServices.length, country).toBeGreaterThanOrEqual(country === 'SG' ? 3 : 2);
    }
    expect(SERVICE_STORE_IDS).not.toContain('sg-jewel-changi');
    expect(artistsAt('sg-jewel-changi')).toEqual([]);
  });

  it('gives each store with services 2 or 3 artists, and each service it offers an artist who does it', () => {
    expect(new Set(ARTISTS.map((artist) => artist.id)).size).toBe(ARTISTS.length);
    for (const storeId of SERVICE_STORE_IDS) {
      expect(artistsAt(storeId).length, storeId).toBeGreaterThanOrEqual(2);
      expect(artistsAt(storeId).length, storeId).toBeLessThanOrEqual(3);
      for (const activity of ACTIVITIES) {
        if (activity.kind === 'service' && activity.storeIds.includes(storeId)) expect(artistsAt(storeId).some((artist) => artist.serviceIds.includes(activity.id)), `${activity.id} at ${storeId}`).toBe(true);
      }
    }
    for (const artist of ARTISTS) {
      expect(STORES.some((store) => store.id === artist.storeId), artist.id).toBe(true);
      for (const id of artist.serviceIds) expect(ACTIVITIES.find((activity) => activity.id === id)?.kind, `${artist.id}: ${id}`).toBe('service');
      // Someone works some days only, nobody never.
      expect(WEEKDAYS.some((day) => artist.hours[day] !== null), artist.id).toBe(true);
    }
  });

  it('keeps stores with daylight saving in the zones that have it (New Zealand, eastern Australia)', () => {
    for (const store of storesIn('NZ')) expect(store.timeZone).toBe('Pacific/Auckland');
    for (const store of storesIn('AU')) expect(['Australia/Sydney', 'Australia/Melbourne']).toContain(store.timeZone);
  });
});

describe('activities', () => {
  it('has texts in the four languages, a positive price in minor units per country (or none: free), and a policy', () => {
    for (const activity of ACTIVITIES) {
      for (const catalog of CATALOGS) for (const text of Object.values(activity.texts)) expect(text[catalog].trim(), `${activity.id} ${catalog}`).not.toBe('');
      if (activity.prices) for (const country of COUNTRY_CODES) expect(Number.isInteger(activity.prices[country]) && activity.prices[country] > 0, `${activity.id} ${country}`).toBe(true);
      expect(activity.policy.holdMinutes).toBeGreaterThan(0);
      expect(activity.policy.bookAheadDays).toBeGreaterThan(0);
      expect(ACTIVITY_GROUPS.find((group) => group.id === activity.groupId)?.kind, activity.id).toBe(activity.kind);
      for (const question of activity.questions) {
        expect(QUESTION_TEXTS[question.id], question.id).toBeDefined();
        expect(Object.keys(QUESTION_TEXTS[question.id].options).length > 0, question.id).toBe(question.kind === 'choice');
      }
    }
    expect(ACTIVITIES.filter((activity) => activity.kind === 'event' && activity.prices === null).length).toBeGreaterThanOrEqual(1);
  });

  it("fits every class and event session in its store's usual hours of that weekday", () => {
    for (const activity of ACTIVITIES) {
      if (activity.kind === 'service') continue;
      for (const session of activity.sessions) {
        const store = STORES.find((candidate) => candidate.id === session.storeId);
        expect(store, `${activity.id} at ${session.storeId}`).toBeDefined();
        const weekday = 'weekday' in session ? session.weekday : weekdayOf(session.anchor);
        expect(fits(session.time, activity.durationMinutes, store?.openingHours[weekday] ?? null), `${activity.id} at ${session.storeId} ${weekday} ${session.time}`).toBe(true);
      }
    }
  });
});

describe('public holidays', () => {
  it('are real days of 2026 and 2027, once each per country, named in the four languages, closed or with hours that make sense', () => {
    for (const country of COUNTRY_CODES) {
      const dates = PUBLIC_HOLIDAYS[country].map((holiday) => holiday.date);
      expect(new Set(dates).size, country).toBe(dates.length);
      expect(dates.filter((date) => date.startsWith('2026')).length, country).toBeGreaterThanOrEqual(7);
      expect(dates.filter((date) => date.startsWith('2027')).length, country).toBeGreaterThanOrEqual(7);
      for (const holiday of PUBLIC_HOLIDAYS[country]) {
        // addDays(d, 0) round-trips a real day only (2026-02-30 would come back as 2026-03-02).
        expect(addDays(holiday.date, 0), `${country} ${holiday.date}`).toBe(holiday.date);
        for (const catalog of CATALOGS) expect(HOLIDAY_NAMES[holiday.name][catalog].trim()).not.toBe('');
        if (holiday.hours) expect(minutesOf(holiday.hours.opens)).toBeLessThan(minutesOf(holiday.hours.closes));
      }
    }
    // Christmas Day in Australia and New Zealand: shops shut by law.
    expect(PUBLIC_HOLIDAYS.AU.find((holiday) => holiday.date === '2026-12-25')?.hours).toBeNull();
    expect(PUBLIC_HOLIDAYS.NZ.find((holiday) => holiday.date === '2027-12-25')?.hours).toBeNull();
  });
});
