import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { FLOW_ARTISTS, FLOW_INPUT, RESERVATION, SLOTS_FOUND, VALID_DETAILS } from '../../machines/booking/booking-flow.fixtures.ts';
import { bookingFlowConnect } from '../../machines/booking/booking-flow.connect.ts';
import { bookingFlowMachine, type ArtistQuery } from '../../machines/booking/booking-flow.machine.ts';
import { dateRefusal } from '../../machines/booking/booking-flow.rules.ts';
import type { Artist, CreateReservation, ReservationCreated, SlotSearchQuery, SlotSearchResult } from '../../src/contract/booking.ts';
import { connectActor } from './connect-helpers.ts';

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

function start() {
  const pending: Record<string, Pending<unknown>[]> = {};
  const actorOf = <TOutput, TInput>(name: string) =>
    fromPromise<TOutput, TInput>(() => new Promise<TOutput>((resolve, reject) => void (pending[name] ??= []).push({ resolve: resolve as (value: unknown) => void, reject })));
  const machine = bookingFlowMachine.provide({
    actors: {
      fetchSlots: actorOf<SlotSearchResult, SlotSearchQuery>('fetchSlots'),
      fetchArtists: actorOf<Artist[], ArtistQuery>('fetchArtists'),
      createReservation: actorOf<ReservationCreated, CreateReservation>('createReservation'),
    },
  });
  const { actor, send, sent } = connectActor(machine, FLOW_INPUT);
  const settle = async (name: string, value: unknown) => {
    pending[name]?.at(-1)?.resolve(value);
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  const fail = async (name: string) => {
    pending[name]?.at(-1)?.reject(new Error('offline'));
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  return { actor, sent, settle, fail, view: () => bookingFlowConnect(actor.getSnapshot(), send) };
}

describe('the date rule ("Show times" and the isStoreDate guard)', () => {
  test('a store-local day is accepted; an empty field or anything else is not a date', () => {
    expect(dateRefusal('2030-12-03')).toBeNull();
    expect(dateRefusal('')).toBe('notADate');
    expect(dateRefusal('3 Dec')).toBe('notADate');
  });
});

describe('bookingFlowConnect', () => {
  test('starts at the services, each enabled because the machine knows it', () => {
    const { view } = start();
    expect(view()).toMatchObject({ state: 'selectService', step: 'selectService', busy: false, held: false, showsForm: false, slotsStatus: null, canBack: false });
    expect(view().services.map((choice) => [choice.item.id, choice.disabled])).toEqual([
      ['svc-facial', false],
      ['svc-brows', false],
    ]);
  });

  test('selecting a service finds slots; days and times are choices, the typed date follows the guard', async () => {
    const { view, sent, settle } = start();
    view().selectService('svc-facial');
    expect(view()).toMatchObject({ step: 'findSlot', slotsStatus: 'loading', busy: true, choosesDate: false, backDisabledReason: null, canBack: true });
    await settle('fetchSlots', SLOTS_FOUND);
    expect(view()).toMatchObject({ state: 'findSlot.choosing', slotsStatus: 'choosing', choosesDate: true, date: '2030-12-02' });
    expect(view().dates).toEqual([
      { item: '2030-12-02', pressed: true, disabled: false },
      { item: '2030-12-03', pressed: false, disabled: false },
    ]);
    expect(view().slots.map((choice) => choice.item.id)).toEqual(['slot-1000', 'slot-1400']);
    expect(view().otherDateRefusal('')).toBe('notADate');
    expect(view().otherDateRefusal('2030-12-09')).toBeNull();
    view().selectDate('2030-12-03');
    expect(sent).toEqual([
      { type: 'booking.selectService', serviceId: 'svc-facial' },
      { type: 'booking.selectDate', date: '2030-12-03' },
    ]);
    expect(view().slotsStatus).toBe('loading');
  });

  test('a slot is held while the artist and details are chosen; submitting disables Back and Confirm with a reason', async () => {
    const { view, sent, settle } = start();
    view().selectService('svc-facial');
    await settle('fetchSlots', SLOTS_FOUND);
    view().selectSlot('slot-1000');
    expect(view()).toMatchObject({ step: 'chooseArtist', artistsStatus: 'loading', held: true });
    await settle('fetchArtists', FLOW_ARTISTS);
    expect(view().artists.map((choice) => [choice.item.id, choice.pressed, choice.disabled])).toEqual([
      ['artist-mei', false, false],
      ['artist-siti', false, false],
    ]);
    view().selectArtist('artist-siti');
    expect(view()).toMatchObject({ step: 'details', showsForm: true, submitting: false, canBack: true, submitDisabledReason: null, artist: FLOW_ARTISTS[1] });
    view().submit();
    expect(view()).toMatchObject({ submitAttempts: 1, step: 'details' });
    expect(Object.keys(view().errors).length).toBeGreaterThan(0);
    for (const [field, value] of Object.entries(VALID_DETAILS)) view().change(field as keyof typeof VALID_DETAILS, value);
    view().submit();
    expect(view()).toMatchObject({ submitting: true, busy: true, canBack: false, backDisabledReason: 'submitting', submitDisabledReason: 'submitting' });
    await settle('createReservation', RESERVATION);
    expect(view()).toMatchObject({ step: 'confirmed', confirmationNumber: 'BP-2030-0042', held: false, showsForm: false });
    expect(sent.filter((event) => event.type === 'booking.submit')).toHaveLength(2);
  });

  test('retry after a failure loads again; back returns to the services', async () => {
    const { view, sent, fail } = start();
    view().selectService('svc-facial');
    await fail('fetchSlots');
    expect(view()).toMatchObject({ slotsStatus: 'failure', busy: false });
    view().retry();
    expect(view().slotsStatus).toBe('loading');
    view().back();
    expect(view().step).toBe('selectService');
    expect(sent.slice(1)).toEqual([{ type: 'booking.retry' }, { type: 'booking.back' }]);
  });
});
