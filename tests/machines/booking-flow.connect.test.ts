import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { BROWS, DAYS_FOUND, FACIAL, FLOW_STORES, OTHER_STORE, FIRST_TIME, FLOW_INPUT, HOLD, MEMBER_CONTACT, RESERVATION, SKIN_ANSWER, SLOT_TAKEN, TICK_HELD, TIMES_FOUND, VALID_DETAILS } from '../../machines/booking/booking-flow.fixtures.ts';
import { bookingFlowConnect } from '../../machines/booking/booking-flow.connect.ts';
import { bookingFlowMachine } from '../../machines/booking/booking-flow.machine.ts';
import { dateRefusal } from '../../machines/booking/booking-flow.rules.ts';
import { ACTIVITY_REFUSAL_MESSAGES, FLOW_NOTICE_MESSAGES, STORE_REFUSAL_MESSAGES, SUBMIT_FAILED_MESSAGE } from '../../machines/booking/messages.ts';
import type { DaysQuery, TimesQuery } from '../../machines/booking/booking-flow.actors.ts';
import type { AvailableDays, TimeSlots } from '../../src/contract/happening.ts';
import type { Hold, HoldRequest, Reservation, ReservationCreate } from '../../src/contract/reservations.ts';
import { connectActor } from './connect-helpers.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

function start() {
  const pending: Record<string, Pending[]> = {};
  const actorOf = <TOutput, TInput>(name: string) =>
    fromPromise<TOutput, TInput>(() => new Promise<TOutput>((resolve, reject) => void (pending[name] ??= []).push({ resolve: resolve as (value: unknown) => void, reject })));
  const machine = bookingFlowMachine.provide({
    actors: {
      fetchDays: actorOf<AvailableDays, DaysQuery>('fetchDays'),
      fetchTimes: actorOf<TimeSlots, TimesQuery>('fetchTimes'),
      holdSlot: actorOf<Hold, HoldRequest>('holdSlot'),
      createReservation: actorOf<Reservation, ReservationCreate>('createReservation'),
    },
  });
  const { actor, send, sent } = connectActor(machine, FLOW_INPUT);
  const flush = async () => {
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  const settle = async (name: string, value: unknown) => {
    pending[name]?.at(-1)?.resolve(value);
    await flush();
  };
  const fail = async (name: string, error: unknown = new Error('offline')) => {
    pending[name]?.at(-1)?.reject(error);
    await flush();
  };
  return { actor, sent, settle, fail, view: () => bookingFlowConnect(actor.getSnapshot(), send) };
}

async function toTimes(flow: ReturnType<typeof start>) {
  flow.view().selectActivity(FACIAL.id);
  await flow.settle('fetchDays', DAYS_FOUND);
  await flow.settle('fetchTimes', TIMES_FOUND);
}

describe('the date rule ("Show times" and the dateSelectable guard)', () => {
  test('a store-local day of the window is accepted; an empty field, anything else or a day outside is not', () => {
    const window = { from: '2030-11-30', to: '2030-12-28' };
    expect(dateRefusal('2030-12-03', window)).toBeNull();
    expect(dateRefusal('', window)).toBe('notADate');
    expect(dateRefusal('3 Dec', window)).toBe('notADate');
    expect(dateRefusal('2030-12-29', window)).toBe('outsideWindow');
  });
});

describe('bookingFlowConnect', () => {
  test('starts at the activities: each enabled because the machine takes it, or disabled with the guard’s reason', () => {
    const { view } = start();
    expect(view()).toMatchObject({ state: 'selectActivity', step: 'selectActivity', busy: false, held: false, hold: null, showsForm: false, slotsStatus: null, canBack: false });
    expect(view().activities.map((choice) => [choice.item.id, choice.disabled, choice.disabledReason])).toEqual([
      ['act-facial', false, null],
      ['act-brows', true, ACTIVITY_REFUSAL_MESSAGES.notOfferedHere],
      ['act-makeup-class', false, null],
      ['act-launch', false, null],
    ]);
  });

  test('the stores: the one picked pressed; while an activity is chosen, a store without it is disabled with the guard’s reason', async () => {
    const flow = start();
    const { view, sent, settle } = flow;
    expect(view()).toMatchObject({ choosesStore: true, store: FLOW_STORES[0] });
    expect(view().stores.map((choice) => [choice.item.id, choice.pressed, choice.disabled, choice.disabledReason])).toEqual([
      ['store-orchard', true, false, null],
      ['store-jewel', false, false, null],
    ]);
    view().selectStore(OTHER_STORE);
    expect(view().store?.id).toBe(OTHER_STORE);
    view().selectActivity(BROWS.id);
    await settle('fetchDays', DAYS_FOUND);
    await settle('fetchTimes', TIMES_FOUND);
    expect(view()).toMatchObject({ choosesStore: true });
    expect(view().stores.map((choice) => [choice.item.id, choice.pressed, choice.disabled, choice.disabledReason])).toEqual([
      ['store-orchard', false, true, STORE_REFUSAL_MESSAGES.notOfferedHere],
      ['store-jewel', true, false, null],
    ]);
    expect(sent[0]).toEqual({ type: 'booking.selectStore', storeId: OTHER_STORE });
    view().selectTime(FIRST_TIME);
    expect(view()).toMatchObject({ step: 'chooseArtist', choosesStore: false });
  });

  test('an activity finds its days, then times; days and times are choices, the picked date follows the guard', async () => {
    const flow = start();
    const { view, sent, settle } = flow;
    view().selectActivity(FACIAL.id);
    expect(view()).toMatchObject({ step: 'findSlot', slotsStatus: 'loading', busy: true, choosesDate: false, canBack: true, choosesArtist: true });
    await settle('fetchDays', DAYS_FOUND);
    expect(view().slotsStatus).toBe('loading');
    await settle('fetchTimes', TIMES_FOUND);
    expect(view()).toMatchObject({ state: 'findSlot.choosing', slotsStatus: 'choosing', choosesDate: true, date: '2030-12-02', window: { from: '2030-11-30', to: '2030-12-28' }, timeZone: 'Asia/Singapore' });
    expect(view().dates).toEqual([
      { item: '2030-12-02', pressed: true, disabled: false },
      { item: '2030-12-03', pressed: false, disabled: false },
    ]);
    expect(view().times.map((choice) => [choice.item.localTime, choice.disabled])).toEqual([
      ['10:00', false],
      ['14:00', false],
    ]);
    expect(view().dateRefusal('')).toBe('notADate');
    expect(view().dateRefusal('2031-01-09')).toBe('outsideWindow');
    expect(view().dateRefusal('2030-12-09')).toBeNull();
    view().selectDate('2030-12-03');
    expect(sent).toEqual([
      { type: 'booking.selectActivity', activityId: FACIAL.id },
      { type: 'booking.selectDate', date: '2030-12-03' },
    ]);
    expect(view().slotsStatus).toBe('loading');
  });

  test('a time offers "any" and its free artists; holding disables Back with a reason; the hold shows its time left', async () => {
    const flow = start();
    const { view, settle, actor } = flow;
    await toTimes(flow);
    view().selectTime(FIRST_TIME);
    expect(view()).toMatchObject({ step: 'chooseArtist', canBack: true });
    expect(view().artists.map((choice) => [choice.item?.id ?? 'any', choice.pressed, choice.disabled])).toEqual([
      ['any', false, false],
      ['artist-mei', false, false],
      ['artist-siti', false, false],
    ]);
    view().selectArtist(null);
    expect(view()).toMatchObject({ step: 'holding', busy: true, canBack: false, backDisabledReason: 'holding', artist: 'any' });
    await settle('holdSlot', HOLD);
    expect(view()).toMatchObject({ step: 'details', held: true, showsForm: true, hold: { expiresAt: HOLD.expiresAt, artist: HOLD.artist, msLeft: 10 * 60_000 } });
    view().clockTick(TICK_HELD);
    // Six minutes left at the tick: the countdown follows the app's clock.
    expect(view().hold?.msLeft).toBe(6 * 60_000);
    expect(actor.getSnapshot().context.now).toBe(TICK_HELD);
  });

  test('the questions with their answers and errors; submitting disables Back and Confirm with a reason; confirmed shows the number', async () => {
    const flow = start();
    const { view, settle, sent } = flow;
    await toTimes(flow);
    view().selectTime(FIRST_TIME);
    view().selectArtist('artist-siti');
    await settle('holdSlot', HOLD);
    expect(view().questions.map((field) => [field.question.id, field.value, field.error])).toEqual([
      ['q-skin', '', null],
      ['q-allergies', '', null],
    ]);
    view().submit();
    expect(view()).toMatchObject({ submitAttempts: 1, step: 'details' });
    expect(view().questions[0]?.error).toBe('required');
    expect(Object.keys(view().errors).length).toBeGreaterThan(0);
    for (const [field, value] of Object.entries(VALID_DETAILS)) view().change(field as keyof typeof VALID_DETAILS, value);
    view().answer(SKIN_ANSWER.questionId, SKIN_ANSWER.value);
    expect(view().questions[0]).toMatchObject({ value: 'dry', error: null });
    view().submit();
    expect(view()).toMatchObject({ submitting: true, busy: true, canBack: false, backDisabledReason: 'submitting', submitDisabledReason: 'submitting' });
    await flow.fail('createReservation');
    expect(view()).toMatchObject({ step: 'details', submitError: SUBMIT_FAILED_MESSAGE, submitDisabledReason: null });
    view().submit();
    await settle('createReservation', RESERVATION);
    expect(view()).toMatchObject({ step: 'confirmed', confirmationNumber: 'BK-7Q2M9XKD', reservation: RESERVATION, held: false, showsForm: false });
    expect(sent.filter((event) => event.type === 'booking.submit')).toHaveLength(3);
  });

  test("a member's contact fills the name, email and phone not typed yet, never what the shopper typed, and is sent with the booking", async () => {
    const flow = start();
    const { view, settle } = flow;
    // It may come before the form is shown (the details are the flow's from the start).
    view().prefill(MEMBER_CONTACT);
    expect(view().details).toMatchObject(MEMBER_CONTACT);
    await toTimes(flow);
    view().selectTime(FIRST_TIME);
    view().selectArtist(null);
    await settle('holdSlot', HOLD);
    expect(view().details).toMatchObject(MEMBER_CONTACT);
    // Editable: what the shopper types stays when the contact comes again; only an empty field takes it.
    view().change('fullName', 'Mei');
    view().change('email', 'mei.work@example.com');
    view().change('phone', '');
    view().prefill(MEMBER_CONTACT);
    expect(view().details).toMatchObject({ fullName: 'Mei', email: 'mei.work@example.com', phone: MEMBER_CONTACT.phone });
  });

  test('a guest with neither email nor phone is asked for one before anything is sent (the contract’s rule, on the email field)', async () => {
    const flow = start();
    const { view, settle, sent } = flow;
    await toTimes(flow);
    view().selectTime(FIRST_TIME);
    view().selectArtist(null);
    await settle('holdSlot', HOLD);
    for (const [field, value] of Object.entries({ ...VALID_DETAILS, email: '' })) view().change(field as keyof typeof VALID_DETAILS, value);
    view().answer(SKIN_ANSWER.questionId, SKIN_ANSWER.value);
    view().submit();
    expect(view()).toMatchObject({ step: 'details', submitting: false, errors: { email: 'contactRequired' } });
    // A phone alone is enough; the error follows the correction at once.
    view().change('phone', '+65 9123 4567');
    expect(view().errors).toEqual({});
    view().submit();
    expect(view().submitting).toBe(true);
    expect(sent.filter((event) => event.type === 'booking.submit')).toHaveLength(2);
  });

  test('a refused hold is back at the times with the notice; retry after a failure loads again; back returns to the activities', async () => {
    const flow = start();
    const { view, sent, fail, settle } = flow;
    await toTimes(flow);
    view().selectTime(FIRST_TIME);
    view().selectArtist('artist-mei');
    await fail('holdSlot', SLOT_TAKEN);
    expect(view()).toMatchObject({ slotsStatus: 'loading', noticeCode: 'slotTaken', notice: FLOW_NOTICE_MESSAGES.slotTaken, slot: null });
    await fail('fetchTimes');
    expect(view()).toMatchObject({ slotsStatus: 'failure', busy: false });
    view().retry();
    expect(view().slotsStatus).toBe('loading');
    await settle('fetchTimes', TIMES_FOUND);
    view().back();
    expect(view()).toMatchObject({ step: 'selectActivity', notice: null });
    expect(sent.slice(-2)).toEqual([{ type: 'booking.retry' }, { type: 'booking.back' }]);
  });
});
