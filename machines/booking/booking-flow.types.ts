import type { BookingAnswerErrors, BookingAnswers, BookingDetailsDraft, BookingDetailsErrors, BookingField, StoreDate } from '../../src/contract/booking.ts';
import type { Activity, HappeningStore, TimeSlot } from '../../src/contract/happening.ts';
import type { Hold, Reservation } from '../../src/contract/reservations.ts';
import type { ArtistPick, BookingWindow, FlowNotice } from './booking-flow.rules.ts';

/* The booking flow's shapes: its input, context, events and tags. */

/** A store the activity can be booked at, as the flow offers it (its zone labels every time shown). */
export type BookingStore = Pick<HappeningStore, 'id' | 'name' | 'line1' | 'city' | 'timeZone'>;

export interface BookingFlowInput {
  /** The store the flow starts at: one of `stores`. */
  storeId: string;
  /** The stores the shopper may pick (`booking.selectStore`), each with its time zone. */
  stores: BookingStore[];
  /** What can be booked at the store (services, classes, events) with their questions, loaded by the screen. */
  activities: Activity[];
  /** The app's clock (epoch ms) when the flow starts; `booking.clockTick` moves it on. */
  now: number;
}

export interface BookingFlowContext {
  storeId: string;
  stores: BookingStore[];
  activities: Activity[];
  activity: Activity | null;
  /** The machine's clock: the hold's time left is `hold.expiresAt` minus this. */
  now: number;
  /** The days that can be picked (today to the last bookable day) and those with a free time. */
  window: BookingWindow | null;
  days: StoreDate[];
  /** The store's zone: the picked store's, then as the server names it with the days and times. */
  timeZone: string | null;
  date: StoreDate | null;
  slots: TimeSlot[];
  slot: TimeSlot | null;
  /** A service's artist: chosen, any free one, or not yet asked (null). */
  artist: ArtistPick | null;
  /** The server's hold of the chosen time: only its token confirms it, until its `expiresAt`. */
  hold: Hold | null;
  details: BookingDetailsDraft;
  errors: BookingDetailsErrors;
  /** Answers to the activity's questions, by question id (kept across activities: ids differ). */
  answers: BookingAnswers;
  answerErrors: BookingAnswerErrors;
  /** Incremented by every refused submit: the view moves focus to the first error then. */
  submitAttempts: number;
  notice: FlowNotice | null;
  submitFailed: boolean;
  reservation: Reservation | null;
}

export type BookingFlowEvent =
  | { type: 'booking.selectActivity'; activityId: string }
  /** Another store: before an activity is chosen, or while its times are searched (the search starts again there). */
  | { type: 'booking.selectStore'; storeId: string }
  | { type: 'booking.selectDate'; date: string }
  | { type: 'booking.selectTime'; startsAt: string }
  /** null: any free artist. */
  | { type: 'booking.selectArtist'; artistId: string | null }
  | { type: 'booking.change'; field: BookingField; value: string | boolean }
  | { type: 'booking.answer'; questionId: string; value: string }
  | { type: 'booking.submit' }
  | { type: 'booking.back' }
  | { type: 'booking.retry' }
  /** The app's clock moved on (a countdown's tick, the tab shown again). */
  | { type: 'booking.clockTick'; now: number }
  /** A member's contact (the account's): fills the name, email and phone the shopper has not typed. */
  | { type: 'booking.prefill'; contact: Contact };

export type BookingFlowTag = 'busy' | 'form' | 'held' | 'submitting' | 'failure' | 'dates';

export type Change = { field: BookingField; value: string | boolean };
export type Contact = Pick<BookingDetailsDraft, 'fullName' | 'email' | 'phone'>;
export type Answer = { questionId: string; value: string };
