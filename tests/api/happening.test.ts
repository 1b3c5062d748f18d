import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ACTIVITIES } from '../../src/config/activities.ts';
import { COUNTRIES, COUNTRY_CODES } from '../../src/config/countries.ts';
import { storesIn } from '../../src/config/stores.ts';
import {
  ActivityGroupListResponseSchema, ActivityListResponseSchema, ActivityPageResponseSchema, ActivityResponseSchema, QuestionsResponseSchema, SessionListResponseSchema, StoreListResponseSchema, StoreResponseSchema,
} from '../../src/contract/happening.ts';
import { localOf } from '../../src/server/happening/zoned-time.ts';
import { availableDays, bookingCall, findSlots, hold, holdRequest, parsed, postConfirm, postHold, refusal, timeSlots } from '../helpers/booking.ts';
import { happeningApp } from '../helpers/happening-app.ts';

/**
 * Issue 14, the catalogue and holding a time: what each country can book, where and for how much,
 * in the request's language; stores with their holidays; free days and times from the stores',
 * artists' and holidays' hours; and holds — the artist chosen or any, every refusal, and holds that
 * run out when the clock moves on. Bookings themselves: happening-bookings.test.ts.
 */

const START = new Date('2027-01-11T00:00:00Z');
const { target, setClock } = happeningApp(START);

async function get<D>(path: string, schema: v.GenericSchema<unknown, { data: D }>, who: { country?: string; language?: string } = {}): Promise<D> {
  return (await parsed(await bookingCall(target, 'GET', path, who), schema, 200)).data;
}

describe('the catalogue of each country', () => {
  it('offers ≥4 services, ≥2 classes and ≥2 events (one free) everywhere, priced in the country’s currency, at its own stores', async () => {
    for (const country of COUNTRY_CODES) {
      const list = await get('/booking-service/activities', ActivityListResponseSchema, { country: country.toLowerCase() });
      const of = (kind: string) => list.filter((activity) => activity.kind === kind);
      expect(of('service').length, country).toBeGreaterThanOrEqual(4);
      expect(of('class').length, country).toBeGreaterThanOrEqual(2);
      expect(of('event').length, country).toBeGreaterThanOrEqual(2);
      expect(of('event').some((event) => event.price === null), country).toBe(true);
      const own = storesIn(country).map((store) => store.id);
      for (const activity of list) {
        expect(activity.storeIds.length).toBeGreaterThan(0);
        expect(activity.storeIds.every((id) => own.includes(id)), `${country} ${activity.id}`).toBe(true);
        if (activity.price) expect(activity.price.currency).toBe(COUNTRIES[country].currency);
        expect(activity.currencySymbol).toBe(COUNTRIES[country].currencySymbol);
        const data = ACTIVITIES.find((candidate) => candidate.id === activity.id);
        expect(activity.capacity, activity.id).toBe(data?.kind === 'service' ? 1 : data?.capacity);
      }
    }
  });

  it('filters by kind, store and group, and speaks the request’s language', async () => {
    const services = await get('/booking-service/activities?kind=service&storeId=sg-vivocity', ActivityListResponseSchema);
    expect(services.map((activity) => activity.kind)).toEqual(services.map(() => 'service'));
    // Bridal trials are at the flagship only.
    expect(services.map((activity) => activity.id)).not.toContain('bridal-trial');
    expect((await get('/booking-service/activities?groupId=skincare', ActivityListResponseSchema)).map((a) => a.id)).toEqual(['express-facial', 'skin-consultation']);
    expect(await get('/booking-service/activities?storeId=sg-jewel-changi', ActivityListResponseSchema)).toEqual([]);
    const thai = await get('/booking-service/activities/brow-shaping', ActivityResponseSchema, { country: 'th', language: 'th-TH' });
    expect(thai.name).toBe('จัดทรงและย้อมสีคิ้ว');
    expect(thai.price).toEqual({ currency: 'THB', amount: 790 });
    const hk = await get('/booking-service/activities/makeup-masterclass', ActivityResponseSchema, { country: 'hk', language: 'zh-HK' });
    expect(hk.name).toBe('化妝大師班');
    expect(hk.teacher).toBe('Vivian Chan');
    expect(hk.policy).toEqual({ bookAheadDays: 42, changeCutoffHours: 24, holdMinutes: 10 });
  });

  it('answers the questions of an activity, and 404 for an activity or store the country does not have', async () => {
    const questions = await get('/booking-service/questions/signature-makeup', QuestionsResponseSchema, { language: 'en-SG' });
    expect(questions.map((q) => [q.id, q.kind, q.required])).toEqual([['skin-type', 'choice', true], ['occasion', 'choice', false], ['allergies', 'text', false]]);
    expect(questions[0]?.options.map((o) => o.value)).toContain('sensitive');
    expect(questions[2]?.maxLength).toBe(200);
    expect(await refusal(await bookingCall(target, 'GET', '/booking-service/activities/no-such-thing'), 404)).toBe('activity_not_found');
    expect(await refusal(await bookingCall(target, 'GET', '/booking-service/available-slots/brow-shaping?storeId=th-siam-paragon'), 404)).toBe('store_not_found');
    expect(await refusal(await bookingCall(target, 'GET', '/stores/th-siam-paragon'), 404)).toBe('store_not_found');
  });

  it('lists the landing’s groups, the services, the classes’ sessions and an activity’s page', async () => {
    const groups = await get('/booking-services/pages', ActivityGroupListResponseSchema);
    expect(groups.map((group) => group.id)).toEqual(['makeup', 'skincare', 'classes', 'events']);
    expect((await get('/layouts/store-services/activity-groups', ActivityGroupListResponseSchema)).map((g) => g.kind)).toEqual(['service', 'service']);
    expect((await get('/booking-services/beauty-services', ActivityListResponseSchema)).every((a) => a.kind === 'service')).toBe(true);
    const sessions = await get('/booking-services/beauty-classes', SessionListResponseSchema);
    expect(new Set(sessions.map((s) => s.activityId))).toEqual(new Set(['makeup-masterclass', 'skincare-basics']));
    expect(sessions.map((s) => s.startsAt)).toEqual([...sessions.map((s) => s.startsAt)].sort());
    for (const session of sessions) expect(localOf(Date.parse(session.startsAt), 'Asia/Singapore')).toMatchObject({ date: session.date, time: session.localTime });
    const page = await get('/happening/services/activities/bridal-trial', ActivityPageResponseSchema);
    expect(page.stores.map((store) => store.id)).toEqual(page.activity.storeIds);
    expect(page.stores.map((store) => store.id)).toEqual(['sg-ion-orchard']);
  });

  it("shows each store's hours, the coming holidays in the shopper's language, its services and its events", async () => {
    const stores = await get('/stores', StoreListResponseSchema, { country: 'sg' });
    expect(stores.map((store) => store.id)).toEqual(['sg-ion-orchard', 'sg-vivocity', 'sg-tampines-mall', 'sg-jewel-changi']);
    expect(stores.find((store) => store.id === 'sg-jewel-changi')?.serviceIds).toEqual([]);
    const ion = stores[0];
    // From 2027-01-11: Chinese New Year (closed), its second day observed on Monday (short hours), Hari Raya Puasa.
    expect(ion?.exceptions.slice(0, 3)).toEqual([
      { date: '2027-02-06', hours: null, reason: 'Chinese New Year' },
      { date: '2027-02-08', hours: { opens: '11:00', closes: '21:00' }, reason: 'Second day of Chinese New Year' },
      { date: '2027-03-10', hours: { opens: '11:00', closes: '21:00' }, reason: 'Eid al-Fitr' },
    ]);
    const th = await get('/stores', StoreListResponseSchema, { country: 'th', language: 'th-TH' });
    expect(th[0]?.exceptions[0]).toMatchObject({ date: '2027-02-20', reason: 'วันมาฆบูชา' });
    const page = await get('/stores/sg-ion-orchard', StoreResponseSchema);
    expect(page.events.map((event) => event.activity.id)).toEqual(['new-season-launch']);
    expect(page.events[0]?.sessions.every((session) => session.seatsLeft === 30 && session.localTime === '15:00')).toBe(true);
  });
});

describe('free days and times', () => {
  it('lists the days from today (store calendar) to the last bookable one that have a free time: never a day the store is closed', { tags: ['clock'] }, async () => {
    const days = await availableDays(target, 'signature-makeup', 'sg-ion-orchard');
    expect(days).toMatchObject({ from: '2027-01-11', to: '2027-02-10', timeZone: 'Asia/Singapore' });
    expect(days.days).not.toContain('2027-02-06');
    expect(days.days).toContain('2027-02-08');
    for (const date of [days.days[0] ?? '', days.days.at(-1) ?? '']) expect((await timeSlots(target, 'signature-makeup', 'sg-ion-orchard', date)).length).toBeGreaterThan(0);
    expect(await timeSlots(target, 'signature-makeup', 'sg-ion-orchard', '2027-02-06')).toEqual([]);
    expect(await timeSlots(target, 'signature-makeup', 'sg-ion-orchard', '2027-02-11')).toEqual([]);
  });

  it("keeps to a holiday's short hours and to each artist's days and hours", async () => {
    const holiday = await timeSlots(target, 'signature-makeup', 'sg-ion-orchard', '2027-02-08');
    expect(holiday[0]?.localTime).toBe('11:00');
    for (const slot of holiday) expect(localOf(Date.parse(slot.endsAt), 'Asia/Singapore').time <= '21:00').toBe(true);
    // Monday at ION: Aisha 10–18 (makeup), Mei is off (Wed–Sun), Priya does no makeup.
    const monday = await timeSlots(target, 'signature-makeup', 'sg-ion-orchard', '2027-01-18');
    expect(new Set(monday.flatMap((slot) => slot.artists.map((artist) => artist.id)))).toEqual(new Set(['sg-ion-aisha']));
    expect(monday.map((slot) => slot.localTime)).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00']);
    const saturday = await timeSlots(target, 'signature-makeup', 'sg-ion-orchard', '2027-01-16');
    expect(saturday.find((slot) => slot.localTime === '21:00')?.artists.map((a) => a.id)).toEqual(['sg-ion-mei']);
    expect(saturday.every((slot) => slot.seatsLeft === slot.artists.length)).toBe(true);
  });

  it("today's times start after now", { tags: ['clock'] }, async () => {
    setClock(new Date('2027-01-11T05:10:00Z')); // 13:10 in Singapore
    const today = await timeSlots(target, 'signature-makeup', 'sg-tampines-mall', '2027-01-11');
    expect(today[0]?.localTime).toBe('13:30');
  });
});

describe('holding a time', () => {
  it('holds the chosen artist (or the first free one for "any") until now + holdMinutes, and takes that time off the list', async () => {
    const [{ date, slot }] = await findSlots(target, 'express-facial', 'sg-vivocity', 1, (s) => s.artists.length === 2);
    const [first, second] = slot.artists;
    const chosen = await hold(target, 'express-facial', 'sg-vivocity', slot.startsAt, second?.id ?? null);
    expect(chosen.artist).toEqual(second);
    expect(chosen.expiresAt).toBe(new Date(START.getTime() + 10 * 60_000).toISOString());
    const any = await hold(target, 'express-facial', 'sg-vivocity', slot.startsAt, null);
    expect(any.artist).toEqual(first);
    expect((await timeSlots(target, 'express-facial', 'sg-vivocity', date)).some((s) => s.startsAt === slot.startsAt)).toBe(false);
    expect(await refusal(await postHold(target, holdRequest('express-facial', 'sg-vivocity', slot.startsAt)), 409)).toBe('slot_taken');
    // Another service of the same artists overlapping the time is taken too: an artist does one thing at a time.
    expect(await refusal(await postHold(target, holdRequest('skin-consultation', 'sg-vivocity', slot.startsAt, first?.id ?? null)), 409)).toBe('slot_taken');
  });

  it('refuses a time the activity is not offered at, outside the booking window, or for the wrong kind', async () => {
    const [{ slot }] = await findSlots(target, 'brow-shaping', 'sg-tampines-mall', 1);
    const start = Date.parse(slot.startsAt);
    const at = (ms: number) => new Date(ms).toISOString();
    const code = async (body: unknown, status = 409) => refusal(await postHold(target, body), status);
    expect(await code(holdRequest('brow-shaping', 'sg-tampines-mall', at(start + 15 * 60_000)))).toBe('not_offered');
    expect(await code(holdRequest('brow-shaping', 'sg-tampines-mall', slot.startsAt, 'sg-ion-mei'))).toBe('not_offered');
    expect(await code(holdRequest('bridal-trial', 'sg-vivocity', slot.startsAt))).toBe('not_offered');
    // 2027-02-06 10:00 in Singapore: the store is closed for Chinese New Year.
    expect(await code(holdRequest('brow-shaping', 'sg-tampines-mall', '2027-02-06T02:00:00Z'))).toBe('not_offered');
    expect(await code(holdRequest('brow-shaping', 'sg-tampines-mall', '2027-01-10T02:00:00Z'))).toBe('outside_booking_window');
    expect(await code(holdRequest('brow-shaping', 'sg-tampines-mall', '2027-02-11T02:00:00Z'))).toBe('outside_booking_window');
    expect(await code(holdRequest('no-such-thing', 'sg-tampines-mall', slot.startsAt), 404)).toBe('activity_not_found');
    expect(await code(holdRequest('brow-shaping', 'th-siam-paragon', slot.startsAt), 404)).toBe('store_not_found');
    const [{ slot: session }] = await findSlots(target, 'skincare-basics', 'sg-vivocity', 1);
    const wrong = await postHold(target, holdRequest('skincare-basics', 'sg-vivocity', session.startsAt, 'sg-vivo-jia'));
    expect(wrong.status).toBe(400);
    expect(await code(holdRequest('skincare-basics', 'sg-vivocity', at(Date.parse(session.startsAt) + 30 * 60_000)))).toBe('not_offered');
  });

  it('runs out: after holdMinutes the time is free again, its confirmation is refused, and the row is marked lapsed', async () => {
    const [{ date, slot }] = await findSlots(target, 'skin-consultation', 'sg-tampines-mall', 1, (s) => s.artists.length === 1);
    const artist = slot.artists[0]?.id ?? null;
    const held = await hold(target, 'skin-consultation', 'sg-tampines-mall', slot.startsAt, artist);
    expect(await refusal(await postHold(target, holdRequest('skin-consultation', 'sg-tampines-mall', slot.startsAt, artist)), 409)).toBe('slot_taken');
    setClock(new Date(START.getTime() + 9 * 60_000 + 59_000));
    expect((await timeSlots(target, 'skin-consultation', 'sg-tampines-mall', date)).some((s) => s.startsAt === slot.startsAt)).toBe(false);
    setClock(new Date(START.getTime() + 10 * 60_000));
    expect((await timeSlots(target, 'skin-consultation', 'sg-tampines-mall', date)).some((s) => s.startsAt === slot.startsAt)).toBe(true);
    expect(await refusal(await postConfirm(target, held), 409)).toBe('hold_expired');
    const again = await hold(target, 'skin-consultation', 'sg-tampines-mall', slot.startsAt, artist);
    expect(again.id).not.toBe(held.id);
    const rows = await target.query<{ id: number; status: string }>(`select id, status from reservations where id in (${held.id}, ${again.id}) order by id`);
    expect(rows.map((row) => row.status)).toEqual(['lapsed', 'held']);
  });

  it("takes a class's or event's seats up to its capacity, then sold_out", async () => {
    const [{ slot }] = await findSlots(target, 'fragrance-evening', 'sg-vivocity', 1);
    expect(slot.seatsLeft).toBe(16);
    for (let seat = 0; seat < 16; seat += 1) await hold(target, 'fragrance-evening', 'sg-vivocity', slot.startsAt);
    expect(await refusal(await postHold(target, holdRequest('fragrance-evening', 'sg-vivocity', slot.startsAt)), 409)).toBe('sold_out');
    const store = await get('/stores/sg-vivocity', StoreResponseSchema);
    expect(store.events.find((e) => e.activity.id === 'fragrance-evening')?.sessions.find((s) => s.startsAt === slot.startsAt)?.seatsLeft).toBe(0);
    // The day is no longer an available day when it had only that session.
    const days = await availableDays(target, 'fragrance-evening', 'sg-vivocity');
    expect(days.days).not.toContain(localOf(Date.parse(slot.startsAt), 'Asia/Singapore').date);
  });
});
