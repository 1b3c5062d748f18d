import type { ActivityKind } from '../../contract/happening.ts';

/*
 * Links into the happening screens (spec §2) that the booking feature, find a store, the account
 * and the shell all point at. The booking's own pages (cancel, reschedule) are the booking
 * feature's (booking-paths.ts). Apart from links.ts, which is on every first screen.
 */

/** `service` → `services`: the URL's segment of a kind. */
export const KIND_SEGMENTS: Readonly<Record<ActivityKind, string>> = { service: 'services', class: 'classes', event: 'events' };

export const HAPPENING_HREF = '/happening/services';
export const MY_BOOKINGS_HREF = '/account/bookings';
export const STORES_HREF = '/stores';

/** The list, at one store (`?store=`) or all of them. */
export function happeningHref(storeId: string | null = null): string {
  return storeId ? `${HAPPENING_HREF}?store=${encodeURIComponent(storeId)}` : HAPPENING_HREF;
}

/** An activity's page, with the store to book it at when one is chosen. */
export function activityHref(kind: ActivityKind, id: string, storeId: string | null = null): string {
  return `/happening/${KIND_SEGMENTS[kind]}/${encodeURIComponent(id)}${storeId ? `?store=${encodeURIComponent(storeId)}` : ''}`;
}
