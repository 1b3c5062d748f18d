import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import {
  BOOKING_CHECKBOX_FIELDS,
  BOOKING_TEXT_FIELDS,
  EMPTY_BOOKING_DETAILS,
  bookingDetailsErrors,
  isBookingDetailsValid,
  type Artist,
  type BookingDetailsDraft,
  type BookingDetailsErrors,
  type BookingField,
  type BookingService,
  type CreateReservation,
  type ReservationCreated,
  type Slot,
  type SlotSearchQuery,
  type SlotSearchResult,
  type StoreDate,
} from '../../src/contract/booking.ts';
import { dateRefusal } from './booking-flow.rules.ts';

/** How long a chosen slot is held for the shopper before it goes back to the pool. */
export const SLOT_HOLD_MS = 10 * 60 * 1000;

export const HOLD_EXPIRED_NOTICE: MessageDescriptor = msg`Your reserved time slot has expired; please choose another.`;
export const SUBMIT_FAILED_MESSAGE: MessageDescriptor = msg`We could not complete your booking. Please check your details and try again.`;

/** The app provides these (`machine.provide({ actors })`); the defaults only say so. */
export const fetchSlots = fromPromise<SlotSearchResult, SlotSearchQuery>(async () => {
  throw new Error('bookingFlow: provide the `fetchSlots` actor');
});
export interface ArtistQuery {
  serviceId: string;
  storeId: string;
  slotId: string;
}
export const fetchArtists = fromPromise<Artist[], ArtistQuery>(async () => {
  throw new Error('bookingFlow: provide the `fetchArtists` actor');
});
export const createReservation = fromPromise<ReservationCreated, CreateReservation>(async () => {
  throw new Error('bookingFlow: provide the `createReservation` actor');
});

export interface BookingFlowInput {
  storeId: string;
  /** The services offered at the store, loaded by the screen. */
  services: BookingService[];
}

export interface BookingFlowContext {
  storeId: string;
  services: BookingService[];
  service: BookingService | null;
  /** The store-local day searched; null asks the server for the first day with availability. */
  date: StoreDate | null;
  dates: StoreDate[];
  slots: Slot[];
  slot: Slot | null;
  artists: Artist[];
  artist: Artist | null;
  details: BookingDetailsDraft;
  errors: BookingDetailsErrors;
  /** Incremented by every refused submit: the view moves focus to the first error then. */
  submitAttempts: number;
  notice: MessageDescriptor | null;
  submitError: MessageDescriptor | null;
  confirmationNumber: string | null;
}

export type BookingFlowEvent =
  | { type: 'booking.selectService'; serviceId: string }
  | { type: 'booking.selectDate'; date: string }
  | { type: 'booking.selectSlot'; slotId: string }
  | { type: 'booking.selectArtist'; artistId: string }
  | { type: 'booking.change'; field: BookingField; value: string | boolean }
  | { type: 'booking.submit' }
  | { type: 'booking.back' }
  | { type: 'booking.retry' };

function fieldAccepts(field: BookingField, value: string | boolean): boolean {
  if ((BOOKING_TEXT_FIELDS as readonly string[]).includes(field)) return typeof value === 'string';
  return (BOOKING_CHECKBOX_FIELDS as readonly string[]).includes(field) && typeof value === 'boolean';
}

const findSlotById = (context: BookingFlowContext, slotId: string) => context.slots.find((slot) => slot.id === slotId);

/**
 * Service booking: select service → find slot (by store and store-local date) → choose artist →
 * details → submitting → confirmed. The chosen slot is held for `slotHold`; when the hold runs out
 * before the booking is confirmed (even while submitting: the server refuses an expired hold), the
 * shopper is sent back to the slots with a notice. Going back never loses what was entered.
 */
export const bookingFlowMachine = setup({
  types: {
    context: {} as BookingFlowContext,
    events: {} as BookingFlowEvent,
    input: {} as BookingFlowInput,
    tags: {} as 'busy' | 'form' | 'held' | 'submitting' | 'failure' | 'dates',
  },
  actors: { fetchSlots, fetchArtists, createReservation },
  delays: { slotHold: SLOT_HOLD_MS },
  guards: {
    serviceKnown: ({ context }, serviceId: string) => context.services.some((service) => service.id === serviceId),
    noAvailableDates: (_, result: SlotSearchResult) => result.dates.length === 0,
    noSlotsOnDate: (_, result: SlotSearchResult) => result.slots.length === 0,
    isStoreDate: (_, date: string) => dateRefusal(date) === null,
    slotListsArtists: ({ context }, slotId: string) => (findSlotById(context, slotId)?.artists?.length ?? 0) > 0,
    slotKnown: ({ context }, slotId: string) => findSlotById(context, slotId) !== undefined,
    artistKnown: ({ context }, artistId: string) => context.artists.some((artist) => artist.id === artistId),
    changeFits: (_, change: { field: BookingField; value: string | boolean }) => fieldAccepts(change.field, change.value),
    detailsValid: ({ context }) => isBookingDetailsValid(context.details),
  },
  actions: {
    chooseService: assign(({ context }, serviceId: string) => {
      const service = context.services.find((candidate) => candidate.id === serviceId) ?? null;
      if (service?.id === context.service?.id) return {};
      // Another service has other slots and artists; the shopper's details stay.
      return { service, date: null, dates: [], slots: [], slot: null, artists: [], artist: null };
    }),
    chooseDate: assign((_, date: string) => ({ date })),
    showSlots: assign((_, result: SlotSearchResult) => ({ dates: result.dates, date: result.date, slots: result.slots })),
    chooseSlot: assign(({ context }, slotId: string) => {
      const slot = findSlotById(context, slotId) ?? null;
      const sameSlot = slot?.id === context.slot?.id;
      return { slot, notice: null, artists: sameSlot ? context.artists : [], artist: sameSlot ? context.artist : null };
    }),
    takeSlotArtists: assign(({ context }) => ({ artists: context.slot?.artists ?? [] })),
    showArtists: assign((_, artists: Artist[]) => ({ artists })),
    chooseArtist: assign(({ context }, artistId: string) => ({ artist: context.artists.find((artist) => artist.id === artistId) ?? null })),
    change: assign(({ context }, change: { field: BookingField; value: string | boolean }) => {
      const details = { ...context.details, [change.field]: change.value };
      // Once a submit showed errors, they follow the shopper's corrections.
      const errors = Object.keys(context.errors).length > 0 ? bookingDetailsErrors(details) : context.errors;
      return { details, errors };
    }),
    showErrors: assign(({ context }) => ({ errors: bookingDetailsErrors(context.details), submitAttempts: context.submitAttempts + 1 })),
    startSubmit: assign({ errors: {}, submitError: null }),
    noteSubmitFailed: assign({ submitError: SUBMIT_FAILED_MESSAGE }),
    clearNotice: assign({ notice: null }),
    noteHoldExpired: assign({ notice: HOLD_EXPIRED_NOTICE, slot: null, artists: [], artist: null }),
    confirm: assign((_, created: ReservationCreated) => ({ confirmationNumber: created.confirmationNumber })),
  },
}).createMachine({
  id: 'bookingFlow',
  context: ({ input }) => ({
    storeId: input.storeId,
    services: input.services,
    service: null,
    date: null,
    dates: [],
    slots: [],
    slot: null,
    artists: [],
    artist: null,
    details: EMPTY_BOOKING_DETAILS,
    errors: {},
    submitAttempts: 0,
    notice: null,
    submitError: null,
    confirmationNumber: null,
  }),
  initial: 'selectService',
  states: {
    selectService: {
      on: {
        'booking.selectService': {
          guard: { type: 'serviceKnown', params: ({ event }) => event.serviceId },
          target: 'findSlot',
          actions: { type: 'chooseService', params: ({ event }) => event.serviceId },
        },
      },
    },
    findSlot: {
      initial: 'loading',
      // The notice was about this step's slots: another service starts afresh.
      on: { 'booking.back': { target: '#bookingFlow.selectService', actions: 'clearNotice' } },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'fetchSlots',
            src: 'fetchSlots',
            input: ({ context }) => ({ serviceId: context.service?.id ?? '', storeId: context.storeId, date: context.date }),
            onDone: [
              {
                guard: { type: 'noAvailableDates', params: ({ event }) => event.output },
                target: 'noAvailableSlots',
                actions: { type: 'showSlots', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'noSlotsOnDate', params: ({ event }) => event.output },
                target: 'noTimeSlots',
                actions: { type: 'showSlots', params: ({ event }) => event.output },
              },
              { target: 'choosing', actions: { type: 'showSlots', params: ({ event }) => event.output } },
            ],
            onError: 'failure',
          },
        },
        failure: {
          tags: ['failure'],
          on: { 'booking.retry': 'loading' },
        },
        /** The service has no free day at this store at all. */
        noAvailableSlots: {},
        /** The chosen day has no free time; another day may. */
        noTimeSlots: {
          tags: ['dates'],
          on: {
            'booking.selectDate': {
              guard: { type: 'isStoreDate', params: ({ event }) => event.date },
              target: 'loading',
              actions: { type: 'chooseDate', params: ({ event }) => event.date },
            },
          },
        },
        choosing: {
          tags: ['dates'],
          on: {
            'booking.selectDate': {
              guard: { type: 'isStoreDate', params: ({ event }) => event.date },
              target: 'loading',
              actions: { type: 'chooseDate', params: ({ event }) => event.date },
            },
            'booking.selectSlot': [
              {
                guard: { type: 'slotListsArtists', params: ({ event }) => event.slotId },
                target: '#bookingFlow.held.chooseArtist.choosing',
                actions: [{ type: 'chooseSlot', params: ({ event }) => event.slotId }, 'takeSlotArtists'],
              },
              {
                guard: { type: 'slotKnown', params: ({ event }) => event.slotId },
                target: '#bookingFlow.held.chooseArtist.loading',
                actions: { type: 'chooseSlot', params: ({ event }) => event.slotId },
              },
            ],
          },
        },
      },
    },
    /** The slot is held for the shopper while they finish the booking. */
    held: {
      tags: ['held'],
      after: {
        slotHold: { target: '#bookingFlow.findSlot.loading', actions: 'noteHoldExpired' },
      },
      initial: 'chooseArtist',
      states: {
        chooseArtist: {
          initial: 'loading',
          // Going back gives the slot up: the shopper may pick another.
          on: { 'booking.back': '#bookingFlow.findSlot.choosing' },
          states: {
            loading: {
              tags: ['busy'],
              invoke: {
                id: 'fetchArtists',
                src: 'fetchArtists',
                input: ({ context }) => ({ serviceId: context.service?.id ?? '', storeId: context.storeId, slotId: context.slot?.id ?? '' }),
                onDone: { target: 'choosing', actions: { type: 'showArtists', params: ({ event }) => event.output } },
                onError: 'failure',
              },
            },
            failure: {
              tags: ['failure'],
              on: { 'booking.retry': 'loading' },
            },
            choosing: {
              on: {
                'booking.selectArtist': {
                  guard: { type: 'artistKnown', params: ({ event }) => event.artistId },
                  target: '#bookingFlow.held.details',
                  actions: { type: 'chooseArtist', params: ({ event }) => event.artistId },
                },
              },
            },
          },
        },
        details: {
          tags: ['form'],
          on: {
            'booking.change': {
              guard: { type: 'changeFits', params: ({ event }) => event },
              actions: { type: 'change', params: ({ event }) => event },
            },
            'booking.submit': [{ guard: 'detailsValid', target: 'submitting', actions: 'startSubmit' }, { actions: 'showErrors' }],
            'booking.back': 'chooseArtist.choosing',
          },
        },
        submitting: {
          tags: ['form', 'busy', 'submitting'],
          invoke: {
            id: 'createReservation',
            src: 'createReservation',
            input: ({ context }) => ({
              serviceId: context.service?.id ?? '',
              storeId: context.storeId,
              slotId: context.slot?.id ?? '',
              artistId: context.artist?.id ?? '',
              // `detailsValid` let the shopper in here, so every compulsory box is ticked.
              details: context.details as CreateReservation['details'],
            }),
            onDone: { target: '#bookingFlow.confirmed', actions: { type: 'confirm', params: ({ event }) => event.output } },
            onError: { target: 'details', actions: 'noteSubmitFailed' },
          },
        },
      },
    },
    confirmed: {
      type: 'final',
    },
  },
});
