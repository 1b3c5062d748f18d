import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITIES } from '../../src/config/activities.ts';
import { addDays, localOf } from '../../src/contract/calendar-day.ts';
import { BOOKING_KEY_HEADER, ReservationResponseSchema, type Hold, type Reservation } from '../../src/contract/reservations.ts';
import { signIn } from '../helpers/account.ts';
import { insertUser } from '../helpers/auth.ts';
import { book, DETAILS, findSlots, hold, validAnswers } from '../helpers/booking.ts';
import { appTarget, cartCall, type CartTarget } from '../helpers/cart.ts';
import { fuzz, hostileString, hostileValue, mutate, rawBody, steps, successes, sendFuzzed, type Sent } from '../helpers/checkout-fuzz.ts';
import { apiOperations, operationsUnder } from '../helpers/openapi-operations.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Issue 14: every happening endpoint gets at least 500 generated requests — hostile ids, queries,
 * dates, countries and languages on the reads; mutated valid bodies (every field, poison keys,
 * hostile strings), raw bodies, stolen or broken keys and sessions on the writes. No answer may be
 * a 5xx or leak a stack or a path; afterwards no artist has two live reservations at once, no
 * session has more than its seats, and every booking has its number and its history.
 */

/** The happening's operations in the OpenAPI document: its catalogue (activities, times, stores) and the reservations. */
const HAPPENING = operationsUnder(await apiOperations(), ['booking-service', 'booking-services', 'happening', 'layouts/store-services', 'stores', 'reservation-service']);

let t: TestApp;
let target: CartTarget;
const covered = new Set<string>();
const clock = new Date('2027-01-11T00:00:00Z');
/** The days the reads ask about count from the stores' today (Singapore's), as the server's booking window does. */
const storeToday = localOf(clock.getTime(), 'Asia/Singapore').date;
/** Times the holds aim at (ION Orchard's services, ION's classes), and bookings to show, change and look up. */
let serviceTimes: string[] = [];
let classTimes: string[] = [];
const guests: Reservation[] = [];
let member: { cookie: string; booking: Reservation };

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 5, now: () => clock });
  target = appTarget(t);
  serviceTimes = (await findSlots(target, 'signature-makeup', 'sg-ion-orchard', 40)).map(({ slot }) => slot.startsAt);
  classTimes = (await findSlots(target, 'makeup-masterclass', 'sg-ion-orchard', 3)).map(({ slot }) => slot.startsAt);
  const ahead = await findSlots(target, 'brow-shaping', 'sg-tampines-mall', 30, (slot) => Date.parse(slot.startsAt) > clock.getTime() + 48 * 3_600_000);
  for (const [i, { slot }] of ahead.slice(0, 6).entries()) guests.push(await book(target, 'brow-shaping', 'sg-tampines-mall', slot.startsAt, null, {}, { ...DETAILS, email: `Guest.${i}@Example.com` }));
  const user = await insertUser(t.db);
  const cookie = await signIn(t.app, user.email, user.password);
  const held = await hold(target, 'brow-shaping', 'sg-tampines-mall', ahead[10]?.slot.startsAt ?? '', null, { cookie });
  const confirmed = await cartCall(target, 'POST', '/reservation-service', { cookie, body: { holdId: held.id, holdToken: held.token, details: DETAILS, answers: {} } });
  member = { cookie, booking: v.parse(ReservationResponseSchema, await confirmed.json()).data };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// A lone surrogate is sent as U+FFFD, as a browser's URL encoding does (encodeURIComponent would throw).
const enc = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString());
const countries = fc.oneof({ weight: 8, arbitrary: fc.constant('sg') }, fc.constantFrom('th', 'nz', 'au', 'hk', 'xx', '', 'SG', 'sg,au'));
const languages = fc.constantFrom('en-SG', 'zh-HK', 'th-TH', 'id-ID', 'xx', '*', '', 'a'.repeat(300));
const junk = fc.oneof(hostileString.map(enc), fc.constantFrom('..', '.', '%2e%2e', 'a%2Fb', '%', '%zz', ';', '%00', 'BK-', 'BK-AAAAAAAA', 'bk-aaaaaaaa', 'lookup', 'create', `BK-${'A'.repeat(60)}`));
const ACTIVITY_IDS = ['signature-makeup', 'bridal-trial', 'makeup-masterclass', 'new-season-launch', 'fragrance-evening', 'no-such-thing'];
const STORE_IDS = ['sg-ion-orchard', 'sg-vivocity', 'sg-jewel-changi', 'th-siam-paragon', 'nowhere'];
const GARBAGE_COOKIES = ['jwt-data=a.b.c; jwt-signature=zzz', 'jwt-data=; jwt-signature=', 'bag-token=../../etc'];

interface Call {
  who: 'guest' | 'member' | 'garbage';
  n: number;
  country: string;
  language: string;
  key?: string | undefined;
}
const callArb = fc.record({ who: fc.oneof({ weight: 6, arbitrary: fc.constant<Call['who']>('guest') }, fc.constantFrom<Call['who']>('member', 'garbage')), n: fc.nat(), country: countries, language: languages });

async function send(method: string, path: string, call: Call, body?: string): Promise<Sent> {
  return sendFuzzed(target, method, path, { who: call.who, cookie: call.who === 'member' ? member.cookie : call.who === 'garbage' ? GARBAGE_COOKIES[call.n % GARBAGE_COOKIES.length] : undefined, headers: { 'X-Site-Country': call.country, 'Accept-Language': call.language, ...(call.key === undefined ? {} : { [BOOKING_KEY_HEADER]: call.key }) }, ...(body === undefined ? {} : { body }) });
}

/** The endpoint's id, recorded as covered, and its fuzz run. */
async function run<T>(id: string, arbitrary: fc.Arbitrary<T>, one: (input: T) => Promise<Sent>): Promise<Map<string, number>> {
  covered.add(id);
  return fuzz(id, arbitrary, one, t.logs);
}

const queryOf = fc.oneof(
  fc.constant(''),
  fc.record({ kind: fc.constantFrom('service', 'class', 'event', 'SERVICE', ''), storeId: fc.constantFrom(...STORE_IDS), groupId: fc.constantFrom('makeup', 'events', 'x') }, { requiredKeys: [] }).map((q) => `?${new URLSearchParams(q).toString()}`),
  fc.string({ maxLength: 30 }).map((q) => `?${enc(q)}=${enc(q)}`),
  fc.constantFrom('?kind=service&kind=class', '?%zz', '?storeId=%00', '?__proto__[x]=1', `?storeId=${'a'.repeat(3_000)}`),
);

describe('fuzz: 500+ generated requests per happening endpoint', { timeout: 600_000 }, () => {
  it.each([
    ['bookingActivities.index', '/booking-service/activities'],
    ['beautyClasses.index', '/booking-services/beauty-classes'],
    ['beautyServices.index', '/booking-services/beauty-services'],
    ['bookingPages.index', '/booking-services/pages'],
    ['storeServiceActivities.index', '/layouts/store-services/activities'],
    ['storeServiceActivityGroups.index', '/layouts/store-services/activity-groups'],
    ['stores.index', '/stores'],
  ])('%s: queries, countries and languages', async (id, path) => {
    const statuses = await run(id, fc.record({ call: callArb, query: queryOf }), async ({ call, query }) => send('GET', `${path}${query}`, call));
    expect(successes(statuses)).toBeGreaterThan(100);
  });

  it.each([
    ['bookingActivities.show', '/booking-service/activities/{}', ACTIVITY_IDS],
    ['bookingQuestions.show', '/booking-service/questions/{}', ACTIVITY_IDS],
    ['happeningActivities.show', '/happening/services/activities/{}', ACTIVITY_IDS],
    ['stores.show', '/stores/{}', STORE_IDS],
  ])('%s: real, foreign and hostile ids', async (id, path, ids) => {
    const segment = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, junk);
    await run(id, fc.record({ call: callArb, segment }), async ({ call, segment: s }) => send('GET', path.replace('{}', s), call));
  });

  it.each([
    ['bookingAvailableSlots.show', '/booking-service/available-slots/'],
    ['bookingTimeSlots.show', '/booking-service/time-slots/'],
  ])('%s: ids, stores and dates', async (id, path) => {
    const date = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -40, max: 90 }).map((d) => addDays(storeToday, d)) }, fc.constantFrom('2027-02-31', '2027-13-01', '0000-00-00', '9999-12-31', '2027-1-1', ''), hostileString);
    const input = fc.record({ call: callArb, activity: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ACTIVITY_IDS) }, junk), store: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...STORE_IDS) }, hostileString), date, extra: fc.constantFrom('', '&storeId=x', '&date[]=1', '&%zz') });
    const statuses = await run(id, input, async ({ call, activity, store, date: d, extra }) => send('GET', `${path}${activity}?storeId=${enc(store)}&date=${enc(d)}${extra}`, call));
    expect(successes(statuses)).toBeGreaterThan(50);
  });

  it('reservationHolds.create: mutated hold bodies at real and shifted times', async () => {
    const input = fc.record({
      call: callArb,
      activity: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('signature-makeup', 'makeup-masterclass') }, fc.constantFrom(...ACTIVITY_IDS), hostileString),
      n: fc.nat(),
      shift: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, fc.constantFrom(1, -1, 60_000, 15 * 60_000, -86_400_000 * 30, 86_400_000 * 400, 8.64e15)),
      artist: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, fc.constantFrom('sg-ion-mei', 'sg-ion-aisha', 'sg-vivo-jia', 'nobody'), hostileValue),
      steps,
      raw: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, rawBody),
    });
    await run('reservationHolds.create', input, async ({ call, activity, n, shift, artist, steps: list, raw }) => {
      const times = activity === 'makeup-masterclass' ? classTimes : serviceTimes;
      const base = Date.parse(times[n % times.length] ?? '') + shift;
      const startsAt = Number.isFinite(base) && Math.abs(base) < 8.64e15 ? new Date(base).toISOString() : 'not-a-time';
      return send('POST', '/reservation-service/create', call, raw ?? mutate({ activityId: activity, storeId: 'sg-ion-orchard', startsAt, artistId: artist }, list));
    });
  });

  it('reservations.create: fresh and stolen holds, mutated details and answers', async () => {
    const holds: Hold[] = [];
    let tries = 0;
    const vivo = (await findSlots(target, 'express-facial', 'sg-vivocity', 200)).map(({ slot }) => slot.startsAt);
    const input = fc.record({ call: callArb, fresh: fc.boolean(), n: fc.nat(), token: fc.constantFrom('own', 'own', 'wrong', 'empty'), steps, raw: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, rawBody) });
    const statuses = await run('reservations.create', input, async ({ call, fresh, n, token, steps: list, raw }) => {
      if (fresh || holds.length === 0) {
        // The next time each try (a 45-minute service blocks its artist's next start too: some are taken).
        const time = vivo[(tries += 1) % vivo.length] ?? '';
        const made = await cartCall(target, 'POST', '/reservation-service/create', { body: { activityId: 'express-facial', storeId: 'sg-vivocity', startsAt: time, artistId: null } });
        if (made.status === 201) holds.push(((await made.json()) as { data: Hold }).data);
      }
      const held = (fresh ? holds.at(-1) : holds[n % holds.length]) ?? { id: '1', token: 'x', activityId: 'express-facial' };
      const holdToken = token === 'own' ? held.token : token === 'wrong' ? `${held.token}x` : '';
      return send('POST', '/reservation-service', call, raw ?? mutate({ holdId: held.id, holdToken, details: { ...DETAILS }, answers: validAnswers('express-facial') }, list));
    });
    expect(successes(statuses)).toBeGreaterThan(10);
  });

  it('reservations.index: members, guests and garbage sessions', async () => {
    await run('reservations.index', fc.record({ call: callArb, query: queryOf }), async ({ call, query }) => send('GET', `/reservation-service${query}`, call));
  });

  const keyArb = fc.oneof({ weight: 4, arbitrary: fc.constant('own') }, fc.constantFrom('none', 'other', 'A'.repeat(43), ''), hostileString);
  const numberArb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('guest', 'lower', 'member') }, junk);
  const target_ = (n: number, which: string) => {
    const booking = which === 'member' ? member.booking : (guests[n % guests.length] ?? member.booking);
    return { booking, segment: which === 'lower' ? booking.confirmationNumber.toLowerCase() : ['guest', 'member'].includes(which) ? booking.confirmationNumber : which };
  };
  const keyFor = (key: string, booking: Reservation, n: number) => (key === 'own' ? booking.manageKey : key === 'none' ? undefined : key === 'other' ? guests[(n + 1) % guests.length]?.manageKey : key);

  it('reservationReschedules.create: mutated bodies, keys and numbers', async () => {
    const input = fc.record({ call: callArb, which: numberArb, key: keyArb, n: fc.nat(), steps, raw: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, rawBody) });
    const times = (await findSlots(target, 'brow-shaping', 'sg-tampines-mall', 60, (slot) => Date.parse(slot.startsAt) > clock.getTime() + 48 * 3_600_000)).map(({ slot }) => slot.startsAt);
    const statuses = await run('reservationReschedules.create', input, async ({ call, which, key, n, steps: list, raw }) => {
      const { booking, segment } = target_(call.n, which);
      return send('POST', `/reservation-service/${segment}/reschedule`, { ...call, key: keyFor(key, booking, call.n) }, raw ?? mutate({ startsAt: times[n % times.length] ?? '', artistId: null }, list));
    });
    expect(successes(statuses)).toBeGreaterThan(5);
  });

  it.each([
    ['reservations.show', 'GET'],
    ['reservations.delete', 'DELETE'],
  ])('%s: own, foreign and hostile numbers and keys', async (id, method) => {
    await run(id, fc.record({ call: callArb, which: numberArb, key: keyArb }), async ({ call, which, key }) => {
      const { booking, segment } = target_(call.n, which);
      return send(method, `/reservation-service/${segment}`, { ...call, key: keyFor(key, booking, call.n) });
    });
  });

  it('reservationTimeSlots.index: own, foreign and hostile numbers, keys and dates', async () => {
    const date = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -5, max: 40 }).map((d) => addDays(storeToday, d)) }, fc.constantFrom('2027-02-31', '2027-13-01', '', '9999-12-31'), hostileString);
    await run('reservationTimeSlots.index', fc.record({ call: callArb, which: numberArb, key: keyArb, date }), async ({ call, which, key, date: d }) => {
      const { booking, segment } = target_(call.n, which);
      return send('GET', `/reservation-service/${segment}/time-slots?date=${enc(d)}`, { ...call, key: keyFor(key, booking, call.n) });
    });
  });

  it('reservationDays.index: own, foreign and hostile numbers, keys and artists', async () => {
    const artist = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('', '?artistId=sg-ion-aisha', '?artistId=sg-ion-mei', '?artistId=sg-vivo-jia', '?artistId=') }, hostileString.map((s) => `?artistId=${enc(s)}`), fc.constantFrom('?artistId[]=1', '?%zz'));
    await run('reservationDays.index', fc.record({ call: callArb, which: numberArb, key: keyArb, artist }), async ({ call, which, key, artist: query }) => {
      const { booking, segment } = target_(call.n, which);
      return send('GET', `/reservation-service/${segment}/days${query}`, { ...call, key: keyFor(key, booking, call.n) });
    });
  });

  it('reservationContact.show: members, guests and garbage sessions', async () => {
    await run('reservationContact.show', fc.record({ call: callArb, query: queryOf }), async ({ call, query }) => send('GET', `/reservation-service/contact${query}`, call));
  });

  it('reservationLookups.create: hostile numbers and emails (the limiter cleared, so the code behind it answers)', async () => {
    const input = fc.record({ call: callArb, number: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('real', 'lower') }, hostileString), email: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('real', 'upper') }, hostileString), steps, raw: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, rawBody) });
    const statuses = await run('reservationLookups.create', input, async ({ call, number, email, steps: list, raw }) => {
      await target.query(`delete from sign_in_failures where account_key = 'limit:booking-lookup'`);
      const booking = guests[call.n % guests.length] ?? member.booking;
      const numbers: Record<string, string> = { real: booking.confirmationNumber, lower: booking.confirmationNumber.toLowerCase() };
      const emails: Record<string, string> = { real: booking.email, upper: booking.email.toUpperCase() };
      return send('POST', '/reservation-service/lookup', call, raw ?? mutate({ confirmationNumber: numbers[number] ?? number, email: emails[email] ?? email }, list));
    });
    expect(successes(statuses)).toBeGreaterThan(20);
  });

  it('covered every happening endpoint, and the database still holds together', async () => {
    expect([...covered].sort()).toEqual(HAPPENING.map((operation) => operation.id).sort());
    const none = async (what: string, text: string) => expect(await target.query(text), what).toEqual([]);
    const live = (alias: string) => `${alias}.status in ('confirmed', 'rescheduled') or (${alias}.status = 'held' and ${alias}.hold_expires_at > '${clock.toISOString()}')`;
    await none('an artist twice at once', `select a.id from reservations a join reservations b on a.artist_id = b.artist_id and a.id < b.id and a.starts_at < b.ends_at and b.starts_at < a.ends_at where (${live('a')}) and (${live('b')})`);
    const seats = ACTIVITIES.flatMap((activity) => (activity.kind === 'service' ? [] : [`('${activity.id}', ${activity.capacity})`])).join(', ');
    await none(
      'a session over its seats',
      `select r.session_id from reservations r join (values ${seats}) as c(activity_id, capacity) on c.activity_id = r.activity_id where (${live('r')}) and r.session_id is not null group by r.session_id, c.capacity having count(*) > c.capacity`,
    );
    await none('a booking without its number or history', `select r.id from reservations r where r.status in ('confirmed', 'rescheduled', 'cancelled') and (r.confirmation_number is null or not exists (select 1 from reservation_events e where e.reservation_id = r.id and e.status = 'confirmed'))`);
  });
});
