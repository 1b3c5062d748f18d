import * as v from 'valibot';
import { expect } from 'vitest';
import type { BookingDetails } from '../../src/contract/booking.ts';
import { DETAILS, validAnswers } from './booking-data.ts';
import { AvailableDaysResponseSchema, TimeSlotsResponseSchema, type TimeSlot } from '../../src/contract/happening.ts';
import { BOOKING_KEY_HEADER, HoldResponseSchema, ReservationResponseSchema, type Hold, type Reservation } from '../../src/contract/reservations.ts';
import { cartCall, type CartTarget } from './cart.ts';

/*
 * The bookings' test driver, for an app in process and a server over HTTP alike (a `CartTarget`):
 * the API tests, the races on PGlite and PostgreSQL and the fuzz use the same calls.
 */

export { DETAILS, validAnswers };

export interface Who {
  country?: string;
  cookie?: string;
  /** A guest's manage key. */
  key?: string;
  language?: string;
}

export function bookingCall(target: CartTarget, method: string, path: string, who: Who = {}, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return cartCall(target, method, path, {
    country: who.country ?? 'sg',
    ...(who.cookie ? { cookie: who.cookie } : {}),
    headers: { ...(who.key ? { [BOOKING_KEY_HEADER]: who.key } : {}), ...(who.language ? { 'Accept-Language': who.language } : {}), ...headers },
    ...(body === undefined ? {} : { body }),
  });
}

export async function parsed<TSchema extends v.GenericSchema>(response: Response, schema: TSchema, status: number): Promise<v.InferOutput<TSchema>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return v.parse(schema, JSON.parse(text));
}

/** The `code` of an error answer, with its status checked. */
export async function refusal(response: Response, status: number): Promise<string | undefined> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (JSON.parse(text) as { code?: string }).code;
}

export async function availableDays(target: CartTarget, activityId: string, storeId: string, who: Who = {}) {
  return (await parsed(await bookingCall(target, 'GET', `/booking-service/available-slots/${activityId}?storeId=${storeId}`, who), AvailableDaysResponseSchema, 200)).data;
}

export async function timeSlots(target: CartTarget, activityId: string, storeId: string, date: string, who: Who = {}): Promise<TimeSlot[]> {
  return (await parsed(await bookingCall(target, 'GET', `/booking-service/time-slots/${activityId}?storeId=${storeId}&date=${date}`, who), TimeSlotsResponseSchema, 200)).data.slots;
}

export interface FoundSlot {
  date: string;
  slot: TimeSlot;
}

/** The first free times (in day order) that `pick` accepts: `count` of them (at least one), over the available days. */
export async function findSlots(target: CartTarget, activityId: string, storeId: string, count: number, pick: (slot: TimeSlot, date: string) => boolean = () => true, who: Who = {}): Promise<[FoundSlot, ...FoundSlot[]]> {
  const found: FoundSlot[] = [];
  for (const date of (await availableDays(target, activityId, storeId, who)).days) {
    for (const slot of await timeSlots(target, activityId, storeId, date, who)) {
      if (pick(slot, date)) found.push({ date, slot });
      if (found.length === count && count > 0) return found as [FoundSlot, ...FoundSlot[]];
    }
  }
  throw new Error(`only ${found.length} of ${count} free times of ${activityId} at ${storeId}`);
}

export function holdRequest(activityId: string, storeId: string, startsAt: string, artistId: string | null = null) {
  return { activityId, storeId, startsAt, artistId };
}

export function postHold(target: CartTarget, body: unknown, who: Who = {}): Promise<Response> {
  return bookingCall(target, 'POST', '/reservation-service/create', who, body);
}

export async function hold(target: CartTarget, activityId: string, storeId: string, startsAt: string, artistId: string | null = null, who: Who = {}): Promise<Hold> {
  return (await parsed(await postHold(target, holdRequest(activityId, storeId, startsAt, artistId), who), HoldResponseSchema, 201)).data;
}

export function postConfirm(target: CartTarget, held: Pick<Hold, 'id' | 'token' | 'activityId'>, who: Who = {}, details: unknown = DETAILS, answers: unknown = validAnswers(held.activityId)): Promise<Response> {
  return bookingCall(target, 'POST', '/reservation-service', who, { holdId: held.id, holdToken: held.token, details, answers });
}

/** Hold and confirm: the booking. */
export async function book(target: CartTarget, activityId: string, storeId: string, startsAt: string, artistId: string | null = null, who: Who = {}, details: BookingDetails = DETAILS): Promise<Reservation> {
  const held = await hold(target, activityId, storeId, startsAt, artistId, who);
  return (await parsed(await postConfirm(target, held, who, details), ReservationResponseSchema, 201)).data;
}

export async function showBooking(target: CartTarget, number: string, who: Who = {}): Promise<Response> {
  return bookingCall(target, 'GET', `/reservation-service/${number}`, who);
}

/** Emails of a kind to an address, newest last. */
export async function emailsTo(target: CartTarget, to: string, kind: string): Promise<{ subject: string; text: string }[]> {
  return target.query<{ subject: string; text: string }>(`select subject, text from outbox_emails where to_address = '${to.replaceAll("'", "''")}' and kind = '${kind}' order by id`);
}
