import { describe, expect, test } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { FLOW_ARTISTS, FLOW_INPUT, NO_DATES, NO_TIMES, OTHER_DATE, RESERVATION, SLOTS_FOUND, VALID_DETAILS } from '../../machines/booking/booking-flow.fixtures.ts';
import { HOLD_EXPIRED_NOTICE, SLOT_HOLD_MS, SUBMIT_FAILED_MESSAGE, bookingFlowMachine } from '../../machines/booking/booking-flow.machine.ts';
import type { Artist, CreateReservation, ReservationCreated, SlotSearchQuery, SlotSearchResult } from '../../src/contract/booking.ts';

interface Fakes {
  slots?: (query: SlotSearchQuery) => SlotSearchResult;
  artists?: () => Artist[];
  reserve?: (request: CreateReservation) => ReservationCreated;
}

/** The flow with answering fakes and a simulated clock; records what it asked for. */
function start(fakes: Fakes = {}) {
  const calls = { slots: [] as SlotSearchQuery[], artists: 0, reservations: [] as CreateReservation[] };
  const clock = new SimulatedClock();
  const machine = bookingFlowMachine.provide({
    actors: {
      fetchSlots: fromPromise<SlotSearchResult, SlotSearchQuery>(async ({ input }) => {
        calls.slots.push(input);
        return (fakes.slots ?? (() => SLOTS_FOUND))(input);
      }),
      fetchArtists: fromPromise<Artist[], { serviceId: string; storeId: string; slotId: string }>(async () => {
        calls.artists += 1;
        return (fakes.artists ?? (() => FLOW_ARTISTS))();
      }),
      createReservation: fromPromise<ReservationCreated, CreateReservation>(async ({ input }) => {
        calls.reservations.push(input);
        return (fakes.reserve ?? (() => RESERVATION))(input);
      }),
    },
  });
  const actor = createActor(machine, { input: FLOW_INPUT, clock }).start();
  return { actor, calls, clock };
}

type Flow = ReturnType<typeof start>['actor'];
const idle = (actor: Flow) => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));

async function toSlots(actor: Flow) {
  actor.send({ type: 'booking.selectService', serviceId: 'svc-facial' });
  return idle(actor);
}

async function toDetails(actor: Flow) {
  await toSlots(actor);
  actor.send({ type: 'booking.selectSlot', slotId: 'slot-1400' });
  actor.send({ type: 'booking.selectArtist', artistId: 'artist-siti' });
  return actor.getSnapshot();
}

function fill(actor: Flow) {
  for (const [field, value] of Object.entries(VALID_DETAILS)) actor.send({ type: 'booking.change', field: field as keyof typeof VALID_DETAILS, value });
}

describe('bookingFlow: select service', () => {
  test('starts at selectService; an unknown service is refused', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('selectService');
    expect(actor.getSnapshot().can({ type: 'booking.selectService', serviceId: 'nope' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'booking.submit' })).toBe(false);
  });

  test('a known service searches slots at the store, for the first available day', async () => {
    const { actor, calls } = start();
    const snapshot = await toSlots(actor);
    expect(calls.slots).toEqual([{ serviceId: 'svc-facial', storeId: 'store-orchard', date: null }]);
    expect(snapshot.value).toEqual({ findSlot: 'choosing' });
    expect(snapshot.context.date).toBe('2030-12-02');
    expect(snapshot.context.slots).toHaveLength(2);
  });
});

describe('bookingFlow: find slot', () => {
  test('no dates at all is the "No Available Slots" state; only back is possible', async () => {
    const { actor } = start({ slots: () => NO_DATES });
    const snapshot = await toSlots(actor);
    expect(snapshot.value).toEqual({ findSlot: 'noAvailableSlots' });
    expect(snapshot.can({ type: 'booking.selectDate', date: OTHER_DATE })).toBe(false);
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().value).toBe('selectService');
  });

  test('no times on the chosen day is "No time slots available"; another day can be chosen', async () => {
    let answer = NO_TIMES;
    const { actor, calls } = start({ slots: () => answer });
    expect((await toSlots(actor)).value).toEqual({ findSlot: 'noTimeSlots' });
    answer = SLOTS_FOUND;
    actor.send({ type: 'booking.selectDate', date: OTHER_DATE });
    expect((await idle(actor)).value).toEqual({ findSlot: 'choosing' });
    expect(calls.slots.at(-1)?.date).toBe(OTHER_DATE);
  });

  test('a date that is not YYYY-MM-DD is refused', async () => {
    const { actor } = start();
    const snapshot = await toSlots(actor);
    expect(snapshot.can({ type: 'booking.selectDate', date: '2/12/2030' })).toBe(false);
    expect(snapshot.can({ type: 'booking.selectDate', date: '2030-12-03' })).toBe(true);
  });

  test('a failed search can be retried', async () => {
    let fail = true;
    const { actor } = start({
      slots: () => {
        if (fail) throw new Error('offline');
        return SLOTS_FOUND;
      },
    });
    expect((await toSlots(actor)).value).toEqual({ findSlot: 'failure' });
    fail = false;
    actor.send({ type: 'booking.retry' });
    expect((await idle(actor)).value).toEqual({ findSlot: 'choosing' });
  });

  test('an unknown slot is refused', async () => {
    const { actor } = start();
    expect((await toSlots(actor)).can({ type: 'booking.selectSlot', slotId: 'slot-x' })).toBe(false);
  });
});

describe('bookingFlow: choose artist', () => {
  test('a slot without artists looks them up; one that names them does not', async () => {
    const { actor, calls } = start();
    await toSlots(actor);
    actor.send({ type: 'booking.selectSlot', slotId: 'slot-1000' });
    expect(actor.getSnapshot().value).toEqual({ held: { chooseArtist: 'loading' } });
    expect((await idle(actor)).context.artists).toEqual(FLOW_ARTISTS);
    expect(calls.artists).toBe(1);
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.selectSlot', slotId: 'slot-1400' });
    expect(actor.getSnapshot().value).toEqual({ held: { chooseArtist: 'choosing' } });
    expect(actor.getSnapshot().context.artists.map((artist) => artist.id)).toEqual(['artist-siti']);
    expect(calls.artists).toBe(1);
  });

  test('a failed lookup can be retried; an unknown artist is refused', async () => {
    let fail = true;
    const { actor } = start({
      artists: () => {
        if (fail) throw new Error('offline');
        return FLOW_ARTISTS;
      },
    });
    await toSlots(actor);
    actor.send({ type: 'booking.selectSlot', slotId: 'slot-1000' });
    expect((await idle(actor)).value).toEqual({ held: { chooseArtist: 'failure' } });
    fail = false;
    actor.send({ type: 'booking.retry' });
    const snapshot = await idle(actor);
    expect(snapshot.can({ type: 'booking.selectArtist', artistId: 'artist-nobody' })).toBe(false);
    expect(snapshot.can({ type: 'booking.selectArtist', artistId: 'artist-mei' })).toBe(true);
  });
});

describe('bookingFlow: details and submit', () => {
  test('submitting an incomplete form stays on details with the errors', async () => {
    const { actor, calls } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.change', field: 'email', value: 'mei@' });
    actor.send({ type: 'booking.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ held: 'details' });
    expect(snapshot.context.errors).toMatchObject({ fullName: 'required', email: 'invalidEmail', consentAge: 'required' });
    expect(snapshot.context.submitAttempts).toBe(1);
    expect(calls.reservations).toHaveLength(0);
  });

  test('after a refused submit, errors follow the corrections', async () => {
    const { actor } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.submit' });
    actor.send({ type: 'booking.change', field: 'fullName', value: 'Mei' });
    expect(actor.getSnapshot().context.errors.fullName).toBeUndefined();
    expect(actor.getSnapshot().context.errors.acknowledgement).toBe('required');
  });

  test('a change of the wrong kind (text into a checkbox) is refused', async () => {
    const { actor } = start();
    const snapshot = await toDetails(actor);
    expect(snapshot.can({ type: 'booking.change', field: 'consentAge', value: 'yes' })).toBe(false);
    expect(snapshot.can({ type: 'booking.change', field: 'fullName', value: true })).toBe(false);
  });

  test('a valid form is submitted with everything chosen, and confirmed with the number', async () => {
    const { actor, calls } = start();
    await toDetails(actor);
    fill(actor);
    actor.send({ type: 'booking.submit' });
    expect(actor.getSnapshot().value).toEqual({ held: 'submitting' });
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('confirmed');
    expect(done.context.confirmationNumber).toBe('BP-2030-0042');
    expect(calls.reservations[0]).toMatchObject({ serviceId: 'svc-facial', storeId: 'store-orchard', slotId: 'slot-1400', artistId: 'artist-siti', details: { fullName: 'Tan Mei Ling' } });
  });

  test('a failed submission returns to details with an error and nothing lost', async () => {
    const { actor } = start({
      reserve: () => {
        throw new Error('slot taken');
      },
    });
    await toDetails(actor);
    fill(actor);
    actor.send({ type: 'booking.submit' });
    const snapshot = await idle(actor);
    expect(snapshot.value).toEqual({ held: 'details' });
    expect(snapshot.context.submitError).toBe(SUBMIT_FAILED_MESSAGE);
    expect(snapshot.context.details).toMatchObject(VALID_DETAILS);
    expect(snapshot.context.artist?.id).toBe('artist-siti');
  });

  test('back from details and from the artist keeps the details typed', async () => {
    const { actor } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.change', field: 'fullName', value: 'Mei' });
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().value).toEqual({ held: { chooseArtist: 'choosing' } });
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().value).toEqual({ findSlot: 'choosing' });
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().value).toBe('selectService');
    actor.send({ type: 'booking.selectService', serviceId: 'svc-facial' });
    await idle(actor);
    expect(actor.getSnapshot().context.details.fullName).toBe('Mei');
  });

  test('choosing another service forgets slot and artist', async () => {
    const { actor } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.selectService', serviceId: 'svc-brows' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.service?.id).toBe('svc-brows');
    expect(snapshot.context.slot).toBeNull();
    expect(snapshot.context.artist).toBeNull();
  });
});

describe('bookingFlow: the slot hold', () => {
  test('when the hold runs out on the details step, the shopper is back at the slots with a notice', async () => {
    const { actor, clock, calls } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.change', field: 'fullName', value: 'Mei' });
    clock.increment(SLOT_HOLD_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ held: 'details' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ findSlot: 'loading' });
    expect(actor.getSnapshot().context.notice).toBe(HOLD_EXPIRED_NOTICE);
    expect(actor.getSnapshot().context.slot).toBeNull();
    expect(actor.getSnapshot().context.details.fullName).toBe('Mei');
    await idle(actor);
    expect(calls.slots).toHaveLength(2);
    actor.send({ type: 'booking.selectSlot', slotId: 'slot-1400' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  test('going back to the slots releases the hold: its timer no longer fires', async () => {
    const { actor, clock } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.back' });
    clock.increment(SLOT_HOLD_MS * 2);
    expect(actor.getSnapshot().value).toEqual({ findSlot: 'choosing' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  test('a new slot starts a new hold', async () => {
    const { actor, clock } = start();
    await toDetails(actor);
    clock.increment(SLOT_HOLD_MS - 1000);
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.selectSlot', slotId: 'slot-1400' });
    clock.increment(2000);
    expect(actor.getSnapshot().value).toEqual({ held: { chooseArtist: 'choosing' } });
  });

  test('confirmed is final: nothing more is accepted', async () => {
    const { actor } = start();
    await toDetails(actor);
    fill(actor);
    actor.send({ type: 'booking.submit' });
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.can({ type: 'booking.back' })).toBe(false);
  });
});
