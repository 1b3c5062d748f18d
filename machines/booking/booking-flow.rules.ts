import * as v from 'valibot';
import { BOOKING_CHECKBOX_FIELDS, BOOKING_LIMITS, BOOKING_TEXT_FIELDS, StoreDateSchema, answerValues, type Artist, type BookingDetailsDraft, type BookingField, type StoreDate } from '../../src/contract/booking.ts';
import type { Activity, AvailableDays, BookingQuestion, TimeSlot } from '../../src/contract/happening.ts';
import type { BookingCallFailure } from './booking.failure.ts';

/* The booking flow's rules: each is a guard of the machine and the reason its connect gives a view. */

/** The days a date can be picked from: today to the activity's last bookable day (store calendar). */
export type BookingWindow = Pick<AvailableDays, 'from' | 'to'>;

/** Why a picked date cannot be searched: not a store-local `YYYY-MM-DD` day (an empty field included), or outside the window. */
export type DateRefusal = 'notADate' | 'outsideWindow';

/** The `dateSelectable` guard's decision, which the connect also gives the "Show times" button. */
export function dateRefusal(date: string, window: BookingWindow | null): DateRefusal | null {
  if (!v.is(StoreDateSchema, date)) return 'notADate';
  // `YYYY-MM-DD` days compare as strings.
  if (window !== null && (date < window.from || date > window.to)) return 'outsideWindow';
  return null;
}

/** Why an activity of the list cannot be booked in this flow. */
export type ActivityRefusal = 'notOfferedHere';

export function activityRefusal(activity: Pick<Activity, 'storeIds'>, storeId: string): ActivityRefusal | null {
  return activity.storeIds.includes(storeId) ? null : 'notOfferedHere';
}

/** Why a store cannot be picked: not one the flow offers, or the chosen activity is not booked there. */
export type StoreRefusal = 'unknownStore' | 'notOfferedHere';

/** The `storeSelectable` guard's decision, which the connect gives each store of the picker. */
export function storeRefusal(storeId: string, stores: readonly { id: string }[], activity: Pick<Activity, 'storeIds'> | null): StoreRefusal | null {
  if (!stores.some((store) => store.id === storeId)) return 'unknownStore';
  return activity === null ? null : activityRefusal(activity, storeId);
}

/** Services are booked with an artist (a chosen one, or any free one); classes and events by the seat. */
export function choosesArtist(activity: Pick<Activity, 'kind'> | null): boolean {
  return activity?.kind === 'service';
}

/** The artist asked for in the hold: one of the time's free artists, or `any` of them. */
export type ArtistPick = Artist | 'any';

/** Whether the pick (an artist's id, or null for any) is free at the time. */
export function artistFree(slot: TimeSlot | null, artistId: string | null): boolean {
  if (!slot || slot.artists.length === 0) return false;
  return artistId === null || slot.artists.some((artist) => artist.id === artistId);
}

/** Whether a change fits its field: text into a text field, a tick into a checkbox. */
export function fieldAccepts({ field, value }: { field: BookingField; value: string | boolean }): boolean {
  if ((BOOKING_TEXT_FIELDS as readonly string[]).includes(field)) return typeof value === 'string';
  return (BOOKING_CHECKBOX_FIELDS as readonly string[]).includes(field) && typeof value === 'boolean';
}

/**
 * Whether a screen's answer fits the question: any text for a text question (its length is a form
 * error, shown after a submit), one of the offered values or nothing for the others.
 */
export function answerFits(question: BookingQuestion | undefined, value: string): boolean {
  if (!question) return false;
  const values = answerValues(question);
  return values === null || value === '' || values.includes(value);
}

/** Why the flow is back at the times: the hold ran out, or the server would not hold the time. */
export type FlowNotice = 'holdExpired' | 'slotTaken' | 'soldOut' | 'unavailable' | 'holdFailed';

/** The notice for a hold the server refused (409), or that failed otherwise. */
export function holdFailureNotice(failure: BookingCallFailure): FlowNotice {
  switch (failure) {
    case 'slot_taken':
      return 'slotTaken';
    case 'sold_out':
      return 'soldOut';
    case 'outside_booking_window':
    case 'not_offered':
      return 'unavailable';
    default:
      return 'holdFailed';
  }
}

/** At the confirmation: the server no longer has the hold (ran out, or unknown), so another time must be held. */
export function holdGone(failure: BookingCallFailure): boolean {
  return failure === 'hold_expired' || failure === 'notFound';
}

/** Milliseconds left on the hold by the machine's clock (0 once it ran out). */
export function holdTimeLeft(expiresAt: string, now: number): number {
  return Math.max(0, Date.parse(expiresAt) - now);
}

/** Picks the day to show: the one the shopper had, while it is still available; else the first. */
export function dayToShow(days: readonly StoreDate[], current: StoreDate | null): StoreDate | null {
  return current !== null && days.includes(current) ? current : (days[0] ?? null);
}

const CONTACT_FIELDS = ['fullName', 'email', 'phone'] as const;

/**
 * The details with a member's contact laid under what the shopper typed: a field still empty takes
 * the account's value (cut to the field's limit), one typed in keeps the shopper's.
 */
export function prefilled(details: BookingDetailsDraft, contact: Pick<BookingDetailsDraft, (typeof CONTACT_FIELDS)[number]>): BookingDetailsDraft {
  const next = { ...details };
  for (const field of CONTACT_FIELDS) {
    if (details[field].trim() === '' && typeof contact[field] === 'string') next[field] = contact[field].trim().slice(0, BOOKING_LIMITS[field]);
  }
  return next;
}
