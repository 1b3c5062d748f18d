import { assign, setup, type ErrorActorEvent } from 'xstate';
import { bookingAnswerErrors, bookingAnswersFor, bookingDetailsErrors, type BookingDetails } from '../../src/contract/booking.ts';
import type { AvailableDays, TimeSlots } from '../../src/contract/happening.ts';
import type { Hold, Reservation } from '../../src/contract/reservations.ts';
import { bookingFailureOf } from './booking.failure.ts';
import { createReservation, fetchDays, fetchTimes, holdSlot } from './booking-flow.actors.ts';
import { findSlot, formValid, initialContext, loseTime, questionsOf, zoneOf } from './booking-flow.context.ts';
import { activityRefusal, answerFits, artistFree, choosesArtist, dateRefusal, dayToShow, fieldAccepts, holdFailureNotice, holdGone, holdTimeLeft, prefilled, storeRefusal } from './booking-flow.rules.ts';
import type { Answer, BookingFlowContext, BookingFlowEvent, BookingFlowInput, BookingFlowTag, Change, Contact } from './booking-flow.types.ts';

export { formValid } from './booking-flow.context.ts';

export type { BookingFlowContext, BookingFlowEvent, BookingFlowInput, BookingFlowTag } from './booking-flow.types.ts';

/**
 * Booking an activity at a store: select it → find a slot (the store, the days with a free time
 * there, then a day's times) → a service's artist (one of the time's free artists, or any) → the
 * time is held on the server → details and the activity's questions → submitting → confirmed. Classes and events go from
 * the time straight to the hold (a seat). The hold lasts until the server's `expiresAt`, measured on
 * the machine's clock: when it runs out (the timer, a clock tick, or the server's 409 at submit),
 * and when the server refuses to hold a time, the shopper is back at the times with a notice. Going
 * back from the details forgets the hold (the server lets it lapse). Nothing typed is lost on the way.
 */
export const bookingFlowMachine = setup({
  types: {
    context: {} as BookingFlowContext,
    events: {} as BookingFlowEvent,
    input: {} as BookingFlowInput,
    tags: {} as BookingFlowTag,
  },
  actors: { fetchDays, fetchTimes, holdSlot, createReservation },
  delays: {
    // Holds last minutes (the activity's policy), far below the ~24.8 days a browser timer can wait.
    holdExpiry: ({ context }) => (context.hold ? holdTimeLeft(context.hold.expiresAt, context.now) : 0),
  },
  guards: {
    activityBookable: ({ context }, activityId: string) => {
      const activity = context.activities.find((candidate) => candidate.id === activityId);
      return activity !== undefined && activityRefusal(activity, context.storeId) === null;
    },
    storeSelectable: ({ context }, storeId: string) => storeRefusal(storeId, context.stores, context.activity) === null,
    noDays: (_, found: AvailableDays) => found.days.length === 0,
    noTimes: (_, found: TimeSlots) => found.slots.length === 0,
    dateSelectable: ({ context }, date: string) => dateRefusal(date, context.window) === null,
    timeKnown: ({ context }, startsAt: string) => findSlot(context, startsAt) !== undefined,
    timeWithArtist: ({ context }, startsAt: string) => choosesArtist(context.activity) && findSlot(context, startsAt) !== undefined,
    choosesArtist: ({ context }) => choosesArtist(context.activity),
    artistFree: ({ context }, artistId: string | null) => artistFree(context.slot, artistId),
    changeFits: (_, change: Change) => fieldAccepts(change),
    answerFits: ({ context }, answer: Answer) => answerFits(questionsOf(context).find((question) => question.id === answer.questionId), answer.value),
    formValid: ({ context }) => formValid(context),
    holdRunsOutBy: ({ context }, now: number) => context.hold !== null && holdTimeLeft(context.hold.expiresAt, now) === 0,
    holdGone: (_, error: unknown) => holdGone(bookingFailureOf(error)),
  },
  actions: {
    chooseActivity: assign(({ context }, activityId: string) => {
      const activity = context.activities.find((candidate) => candidate.id === activityId) ?? null;
      if (activity?.id === context.activity?.id) return {};
      // Another activity has other days, times and artists; the day picked, the details and answers stay.
      return { activity, window: null, days: [], slots: [], slot: null, artist: null, hold: null };
    }),
    // Another store has other days, times, artists and zone; the day picked, the details and answers stay.
    chooseStore: assign(({ context }, storeId: string) => ({
      storeId,
      timeZone: zoneOf(context.stores, storeId),
      window: null,
      days: [],
      slots: [],
      slot: null,
      artist: null,
      hold: null,
      notice: null,
    })),
    showDays: assign(({ context }, found: AvailableDays) => ({
      window: { from: found.from, to: found.to },
      days: found.days,
      timeZone: found.timeZone,
      date: dayToShow(found.days, context.date),
    })),
    chooseDate: assign((_, date: string) => ({ date, slots: [], slot: null, artist: null })),
    showTimes: assign((_, found: TimeSlots) => ({ slots: found.slots, timeZone: found.timeZone })),
    chooseTime: assign(({ context }, startsAt: string) => {
      const slot = findSlot(context, startsAt) ?? null;
      // The same time again keeps the artist picked for it.
      return { slot, notice: null, artist: slot?.startsAt === context.slot?.startsAt ? context.artist : null };
    }),
    chooseArtist: assign(({ context }, artistId: string | null) => ({
      artist: artistId === null ? ('any' as const) : (context.slot?.artists.find((artist) => artist.id === artistId) ?? null),
    })),
    keepHold: assign((_, hold: Hold) => ({ hold, submitFailed: false })),
    forgetHold: assign({ hold: null, submitFailed: false }),
    holdRefused: assign((_, error: unknown) => loseTime(holdFailureNotice(bookingFailureOf(error)))),
    holdExpired: assign(loseTime('holdExpired')),
    advanceClockToExpiry: assign(({ context }) => ({ now: context.hold ? Math.max(context.now, Date.parse(context.hold.expiresAt)) : context.now })),
    setNow: assign((_, now: number) => ({ now })),
    change: assign(({ context }, { field, value }: Change) => {
      const details = { ...context.details, [field]: value };
      // Once a submit showed errors, they follow the shopper's corrections.
      return { details, errors: Object.keys(context.errors).length > 0 ? bookingDetailsErrors(details) : context.errors };
    }),
    prefill: assign(({ context }, contact: Contact) => {
      const details = prefilled(context.details, contact);
      return { details, errors: Object.keys(context.errors).length > 0 ? bookingDetailsErrors(details) : context.errors };
    }),
    answer: assign(({ context }, { questionId, value }: Answer) => {
      const answers = { ...context.answers, [questionId]: value };
      const shown = Object.keys(context.answerErrors).length > 0;
      return { answers, answerErrors: shown ? bookingAnswerErrors(questionsOf(context), answers) : context.answerErrors };
    }),
    showErrors: assign(({ context }) => ({
      errors: bookingDetailsErrors(context.details),
      answerErrors: bookingAnswerErrors(questionsOf(context), context.answers),
      submitAttempts: context.submitAttempts + 1,
    })),
    startSubmit: assign({ errors: {}, answerErrors: {}, submitFailed: false }),
    noteSubmitFailed: assign({ submitFailed: true }),
    clearNotice: assign({ notice: null }),
    confirm: assign((_, reservation: Reservation) => ({ reservation, hold: null })),
  },
}).createMachine({
  id: 'bookingFlow',
  context: ({ input }) => initialContext(input),
  // Wherever the flow is, the clock follows the app's; `held.details` also checks the hold against it.
  // A member's contact arrives when it arrives (the browser asks for it): it fills what is still empty.
  on: {
    'booking.clockTick': { actions: { type: 'setNow', params: ({ event }) => event.now } },
    'booking.prefill': { actions: { type: 'prefill', params: ({ event }) => event.contact } },
  },
  initial: 'selectActivity',
  states: {
    selectActivity: {
      on: {
        'booking.selectStore': { guard: { type: 'storeSelectable', params: ({ event }) => event.storeId }, actions: { type: 'chooseStore', params: ({ event }) => event.storeId } },
        'booking.selectActivity': {
          guard: { type: 'activityBookable', params: ({ event }) => event.activityId },
          target: 'findSlot',
          actions: { type: 'chooseActivity', params: ({ event }) => event.activityId },
        },
      },
    },
    findSlot: {
      initial: 'loadingDays',
      on: {
        // The notice was about this activity's times: another one starts afresh.
        'booking.back': { target: 'selectActivity', actions: 'clearNotice' },
        // Another store of the activity: its days are searched (a search in flight for the last one is dropped).
        'booking.selectStore': { guard: { type: 'storeSelectable', params: ({ event }) => event.storeId }, target: '.loadingDays', actions: { type: 'chooseStore', params: ({ event }) => event.storeId } },
      },
      states: {
        loadingDays: {
          tags: ['busy'],
          invoke: {
            id: 'fetchDays',
            src: 'fetchDays',
            input: ({ context }) => ({ activityId: context.activity?.id ?? '', storeId: context.storeId }),
            onDone: [
              { guard: { type: 'noDays', params: ({ event }) => event.output }, target: 'noAvailableSlots', actions: { type: 'showDays', params: ({ event }) => event.output } },
              { target: 'loadingTimes', actions: { type: 'showDays', params: ({ event }) => event.output } },
            ],
            onError: 'daysFailure',
          },
        },
        daysFailure: { tags: ['failure'], on: { 'booking.retry': 'loadingDays' } },
        /** No day from today to the last bookable one has a free time at this store. */
        noAvailableSlots: {},
        loadingTimes: {
          tags: ['busy'],
          invoke: {
            id: 'fetchTimes',
            src: 'fetchTimes',
            // `date` is set whenever this state is entered: from the days, a pick, or the held time's day.
            input: ({ context }) => ({ activityId: context.activity?.id ?? '', storeId: context.storeId, date: context.date ?? '' }),
            onDone: [
              { guard: { type: 'noTimes', params: ({ event }) => event.output }, target: 'noTimeSlots', actions: { type: 'showTimes', params: ({ event }) => event.output } },
              { target: 'choosing', actions: { type: 'showTimes', params: ({ event }) => event.output } },
            ],
            onError: 'timesFailure',
          },
        },
        timesFailure: { tags: ['failure'], on: { 'booking.retry': 'loadingTimes' } },
        /** The picked day has no free time; another day may. */
        noTimeSlots: {
          tags: ['dates'],
          on: {
            'booking.selectDate': {
              guard: { type: 'dateSelectable', params: ({ event }) => event.date },
              target: 'loadingTimes',
              actions: { type: 'chooseDate', params: ({ event }) => event.date },
            },
          },
        },
        choosing: {
          tags: ['dates'],
          on: {
            'booking.selectDate': {
              guard: { type: 'dateSelectable', params: ({ event }) => event.date },
              target: 'loadingTimes',
              actions: { type: 'chooseDate', params: ({ event }) => event.date },
            },
            'booking.selectTime': [
              {
                guard: { type: 'timeWithArtist', params: ({ event }) => event.startsAt },
                target: '#bookingFlow.chooseArtist',
                actions: { type: 'chooseTime', params: ({ event }) => event.startsAt },
              },
              {
                guard: { type: 'timeKnown', params: ({ event }) => event.startsAt },
                target: '#bookingFlow.holding',
                actions: { type: 'chooseTime', params: ({ event }) => event.startsAt },
              },
            ],
          },
        },
      },
    },
    /** Services only: who does it (a free artist of the time, or any); classes and events skip it. */
    chooseArtist: {
      on: {
        'booking.selectArtist': {
          guard: { type: 'artistFree', params: ({ event }) => event.artistId },
          target: 'holding',
          actions: { type: 'chooseArtist', params: ({ event }) => event.artistId },
        },
        'booking.back': 'findSlot.choosing',
      },
    },
    /** The server is asked to hold the time (a service's artist, or a seat). */
    holding: {
      tags: ['busy'],
      invoke: {
        id: 'holdSlot',
        src: 'holdSlot',
        input: ({ context }) => ({
          activityId: context.activity?.id ?? '',
          storeId: context.storeId,
          startsAt: context.slot?.startsAt ?? '',
          artistId: context.artist === null || context.artist === 'any' ? null : context.artist.id,
        }),
        onDone: { target: 'held', actions: { type: 'keepHold', params: ({ event }) => event.output } },
        // Taken, sold out, no longer offered, or not held at all: back to a fresh list of the day's times.
        onError: { target: 'findSlot.loadingTimes', actions: { type: 'holdRefused', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    /** The time is the shopper's until the hold's `expiresAt`. */
    held: {
      tags: ['held'],
      initial: 'details',
      states: {
        details: {
          tags: ['form'],
          // Only here: once the details are sent, the server's answer decides (it may still confirm a hold the clock gave up on).
          after: { holdExpiry: { target: '#bookingFlow.findSlot.loadingTimes', actions: ['advanceClockToExpiry', 'holdExpired'] } },
          on: {
            'booking.clockTick': {
              guard: { type: 'holdRunsOutBy', params: ({ event }) => event.now },
              target: '#bookingFlow.findSlot.loadingTimes',
              actions: [{ type: 'setNow', params: ({ event }) => event.now }, 'holdExpired'],
            },
            'booking.change': {
              guard: { type: 'changeFits', params: ({ event }) => event },
              actions: { type: 'change', params: ({ event }) => event },
            },
            'booking.answer': {
              guard: { type: 'answerFits', params: ({ event }) => event },
              actions: { type: 'answer', params: ({ event }) => event },
            },
            'booking.submit': [{ guard: 'formValid', target: 'submitting', actions: 'startSubmit' }, { actions: 'showErrors' }],
            // Going back gives the hold up (the server lets it lapse); the time and the artist stay picked.
            'booking.back': [
              { guard: 'choosesArtist', target: '#bookingFlow.chooseArtist', actions: 'forgetHold' },
              { target: '#bookingFlow.findSlot.choosing', actions: 'forgetHold' },
            ],
          },
        },
        submitting: {
          tags: ['form', 'busy', 'submitting'],
          invoke: {
            id: 'createReservation',
            src: 'createReservation',
            input: ({ context }) => ({
              holdId: context.hold?.id ?? '',
              holdToken: context.hold?.token ?? '',
              // `formValid` let the shopper in here, so every compulsory box is ticked.
              details: context.details as BookingDetails,
              answers: bookingAnswersFor(questionsOf(context), context.answers),
            }),
            onDone: { target: '#bookingFlow.confirmed', actions: { type: 'confirm', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'holdGone', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: '#bookingFlow.findSlot.loadingTimes', actions: 'holdExpired' },
              { target: 'details', actions: 'noteSubmitFailed' },
            ],
          },
        },
      },
    },
    confirmed: { type: 'final' },
  },
});
