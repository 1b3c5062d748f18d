// @module-tag clock: a booking's days and times are the store's.
import { describe, expect, test } from 'vitest';
import { BROWS, DAYS_FOUND, DAY_WITHOUT_TIMES, FACIAL, FIRST_TIME, MAKEUP_CLASS, NO_DAYS, OTHER_STORE, NO_TIMES, OTHER_DATE, SECOND_TIME, SESSION_TIMES, TIMES_FOUND } from '../../machines/booking/booking-flow.fixtures.ts';
import { NETWORK_ERROR } from '../../machines/booking/booking-lifecycle.fixtures.ts';
import { idle, refuse, start, toDetails, toTimes } from './booking-flow.fakes.ts';

describe('bookingFlow: select an activity', () => {
  test('starts at selectActivity; an unknown activity, or one not offered at this store, is refused', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('selectActivity');
    expect(snapshot.can({ type: 'booking.selectActivity', activityId: 'nope' })).toBe(false);
    expect(snapshot.can({ type: 'booking.selectActivity', activityId: 'act-brows' })).toBe(false);
    expect(snapshot.can({ type: 'booking.submit' })).toBe(false);
  });

  test('an activity loads its days at the store, then the first day’s times', async () => {
    const { actor, calls } = start();
    const snapshot = await toTimes(actor);
    expect(calls.days).toEqual([{ activityId: FACIAL.id, storeId: 'store-orchard' }]);
    expect(calls.times).toEqual([{ activityId: FACIAL.id, storeId: 'store-orchard', date: '2030-12-02' }]);
    expect(snapshot.value).toEqual({ findSlot: 'choosing' });
    expect(snapshot.context).toMatchObject({ date: '2030-12-02', days: DAYS_FOUND.days, window: { from: '2030-11-30', to: '2030-12-28' }, timeZone: 'Asia/Singapore' });
    expect(snapshot.context.slots).toHaveLength(2);
  });
});

describe('bookingFlow: the store', () => {
  test('another store of the list can be picked first: what is bookable follows it, and its zone labels the times', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'booking.selectStore', storeId: 'store-nowhere' })).toBe(false);
    actor.send({ type: 'booking.selectStore', storeId: OTHER_STORE });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('selectActivity');
    expect(snapshot.context).toMatchObject({ storeId: OTHER_STORE, timeZone: 'Asia/Singapore' });
    expect(snapshot.can({ type: 'booking.selectActivity', activityId: BROWS.id })).toBe(true);
    expect(snapshot.can({ type: 'booking.selectActivity', activityId: MAKEUP_CLASS.id })).toBe(false);
  });

  test('while the times are searched, another store of the activity searches its days; one without the activity is refused', async () => {
    const { actor, calls } = start();
    await toTimes(actor);
    actor.send({ type: 'booking.selectDate', date: OTHER_DATE });
    await idle(actor);
    actor.send({ type: 'booking.selectStore', storeId: OTHER_STORE });
    expect(actor.getSnapshot().value).toEqual({ findSlot: 'loadingDays' });
    expect(actor.getSnapshot().context).toMatchObject({ days: [], slots: [], slot: null, window: null });
    expect((await idle(actor)).value).toEqual({ findSlot: 'choosing' });
    expect(calls.days.at(-1)).toEqual({ activityId: FACIAL.id, storeId: OTHER_STORE });
    // The day picked at the last store is kept while the new one has times on it.
    expect(calls.times.at(-1)).toEqual({ activityId: FACIAL.id, storeId: OTHER_STORE, date: OTHER_DATE });
    actor.send({ type: 'booking.back' });
    await toTimes(actor, BROWS.id);
    expect(actor.getSnapshot().can({ type: 'booking.selectStore', storeId: 'store-orchard' })).toBe(false);
  });
});

describe('bookingFlow: find a slot', () => {
  test('no day with a free time is "No Available Slots"; only back is possible', async () => {
    const { actor, calls } = start({ days: () => NO_DAYS });
    const snapshot = await toTimes(actor);
    expect(snapshot.value).toEqual({ findSlot: 'noAvailableSlots' });
    expect(calls.times).toEqual([]);
    expect(snapshot.can({ type: 'booking.selectDate', date: OTHER_DATE })).toBe(false);
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().value).toBe('selectActivity');
  });

  test('a day without times is "No time slots available"; another day can be picked', async () => {
    let answer = NO_TIMES;
    const { actor, calls } = start({ times: () => answer });
    expect((await toTimes(actor)).value).toEqual({ findSlot: 'noTimeSlots' });
    answer = TIMES_FOUND;
    actor.send({ type: 'booking.selectDate', date: OTHER_DATE });
    expect((await idle(actor)).value).toEqual({ findSlot: 'choosing' });
    expect(calls.times.at(-1)?.date).toBe(OTHER_DATE);
  });

  test('a picked date must be a day of the window; one of its days without times may be asked', async () => {
    const { actor } = start();
    const snapshot = await toTimes(actor);
    expect(snapshot.can({ type: 'booking.selectDate', date: '2/12/2030' })).toBe(false);
    expect(snapshot.can({ type: 'booking.selectDate', date: '2030-11-29' })).toBe(false);
    expect(snapshot.can({ type: 'booking.selectDate', date: '2030-12-29' })).toBe(false);
    expect(snapshot.can({ type: 'booking.selectDate', date: DAY_WITHOUT_TIMES })).toBe(true);
  });

  test('failed loads of the days and of the times can each be retried', async () => {
    let failDays = true;
    let failTimes = true;
    const { actor, calls } = start({
      days: () => (failDays ? refuse(NETWORK_ERROR)() : DAYS_FOUND),
      times: () => (failTimes ? refuse(NETWORK_ERROR)() : TIMES_FOUND),
    });
    expect((await toTimes(actor)).value).toEqual({ findSlot: 'daysFailure' });
    failDays = false;
    actor.send({ type: 'booking.retry' });
    expect((await idle(actor)).value).toEqual({ findSlot: 'timesFailure' });
    failTimes = false;
    actor.send({ type: 'booking.retry' });
    expect((await idle(actor)).value).toEqual({ findSlot: 'choosing' });
    expect(calls.days).toHaveLength(2);
    expect(calls.times).toHaveLength(2);
  });

  test('an unknown time is refused', async () => {
    const { actor } = start();
    expect((await toTimes(actor)).can({ type: 'booking.selectTime', startsAt: '2030-12-02T03:00:00.000Z' })).toBe(false);
  });

  test('another activity keeps the picked day when it has free times too', async () => {
    const { actor, calls } = start();
    await toTimes(actor);
    actor.send({ type: 'booking.selectDate', date: OTHER_DATE });
    await idle(actor);
    actor.send({ type: 'booking.back' });
    await toTimes(actor, MAKEUP_CLASS.id);
    expect(calls.times.at(-1)).toEqual({ activityId: MAKEUP_CLASS.id, storeId: 'store-orchard', date: OTHER_DATE });
  });
});

describe('bookingFlow: the artist (services)', () => {
  test('a service’s time offers its free artists or any; one not free then is refused', async () => {
    const { actor } = start();
    await toTimes(actor);
    actor.send({ type: 'booking.selectTime', startsAt: SECOND_TIME });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('chooseArtist');
    expect(snapshot.can({ type: 'booking.selectArtist', artistId: 'artist-siti' })).toBe(true);
    expect(snapshot.can({ type: 'booking.selectArtist', artistId: null })).toBe(true);
    expect(snapshot.can({ type: 'booking.selectArtist', artistId: 'artist-mei' })).toBe(false);
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().value).toEqual({ findSlot: 'choosing' });
  });

  test('the hold asks for the chosen artist, or for any (null)', async () => {
    const { actor, calls } = start();
    await toDetails(actor, 'artist-siti');
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.selectArtist', artistId: null });
    await idle(actor);
    expect(calls.holds).toEqual([
      { activityId: FACIAL.id, storeId: 'store-orchard', startsAt: FIRST_TIME, artistId: 'artist-siti' },
      { activityId: FACIAL.id, storeId: 'store-orchard', startsAt: FIRST_TIME, artistId: null },
    ]);
  });

  test('a class’s time is held at once, a seat without an artist; back from its details returns to the times', async () => {
    const { actor, calls } = start({ times: () => SESSION_TIMES });
    await toTimes(actor, MAKEUP_CLASS.id);
    actor.send({ type: 'booking.selectTime', startsAt: SESSION_TIMES.slots[0]?.startsAt ?? '' });
    expect(actor.getSnapshot().value).toBe('holding');
    expect((await idle(actor)).value).toEqual({ held: 'details' });
    expect(calls.holds[0]).toMatchObject({ activityId: MAKEUP_CLASS.id, artistId: null });
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().value).toEqual({ findSlot: 'choosing' });
    expect(actor.getSnapshot().context.hold).toBeNull();
  });
});
