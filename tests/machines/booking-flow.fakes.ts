import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { DAYS_FOUND, FACIAL, FIRST_TIME, FLOW_INPUT, HOLD, RESERVATION, SKIN_ANSWER, TIMES_FOUND, VALID_DETAILS } from '../../machines/booking/booking-flow.fixtures.ts';
import type { DaysQuery, TimesQuery } from '../../machines/booking/booking-flow.actors.ts';
import { bookingFlowMachine } from '../../machines/booking/booking-flow.machine.ts';
import type { AvailableDays, TimeSlots } from '../../src/contract/happening.ts';
import type { Hold, HoldRequest, Reservation, ReservationCreate } from '../../src/contract/reservations.ts';

/* The booking flow on a real actor with answering fakes, for its unit tests. */

export const MINUTE = 60_000;

export interface Fakes {
  days?: (query: DaysQuery) => AvailableDays;
  times?: (query: TimesQuery) => TimeSlots;
  hold?: (request: HoldRequest) => Hold;
  reserve?: (request: ReservationCreate) => Reservation | Promise<Reservation>;
}

/** The flow with answering fakes and a simulated clock; records what it asked for. */
export function start(fakes: Fakes = {}) {
  const calls = { days: [] as DaysQuery[], times: [] as TimesQuery[], holds: [] as HoldRequest[], reservations: [] as ReservationCreate[] };
  const clock = new SimulatedClock();
  const machine = bookingFlowMachine.provide({
    actors: {
      fetchDays: fromPromise<AvailableDays, DaysQuery>(async ({ input }) => {
        calls.days.push(input);
        return (fakes.days ?? (() => DAYS_FOUND))(input);
      }),
      fetchTimes: fromPromise<TimeSlots, TimesQuery>(async ({ input }) => {
        calls.times.push(input);
        return (fakes.times ?? (() => TIMES_FOUND))(input);
      }),
      holdSlot: fromPromise<Hold, HoldRequest>(async ({ input }) => {
        calls.holds.push(input);
        return (fakes.hold ?? (() => HOLD))(input);
      }),
      createReservation: fromPromise<Reservation, ReservationCreate>(async ({ input }) => {
        calls.reservations.push(input);
        return (fakes.reserve ?? (() => RESERVATION))(input);
      }),
    },
  });
  const actor = createActor(machine, { input: FLOW_INPUT, clock }).start();
  return { actor, calls, clock };
}

export type Flow = ReturnType<typeof start>['actor'];
export const idle = (actor: Flow) => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
export const refuse = (error: unknown) => () => {
  throw error;
};

export async function toTimes(actor: Flow, activityId = FACIAL.id) {
  actor.send({ type: 'booking.selectActivity', activityId });
  return idle(actor);
}

export async function toDetails(actor: Flow, artistId: string | null = 'artist-siti') {
  await toTimes(actor);
  actor.send({ type: 'booking.selectTime', startsAt: FIRST_TIME });
  actor.send({ type: 'booking.selectArtist', artistId });
  return idle(actor);
}

export function fill(actor: Flow) {
  for (const [field, value] of Object.entries(VALID_DETAILS)) actor.send({ type: 'booking.change', field: field as keyof typeof VALID_DETAILS, value });
  actor.send({ type: 'booking.answer', ...SKIN_ANSWER });
}

