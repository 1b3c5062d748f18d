import type { ActivityKind } from '../../../contract/happening.ts';
import { KIND_SEGMENTS } from '../../shared/happening-links.ts';

export { activityHref, happeningHref, HAPPENING_HREF, MY_BOOKINGS_HREF, STORES_HREF } from '../../shared/happening-links.ts';

/*
 * A booking's own pages (spec §2): cancel (any kind) and reschedule (services). A guest's links
 * carry the booking's key (`?key=`), as the booking's emails do (the server writes the same paths).
 */

/** The kind a URL segment names, or null. */
export function kindOfSegment(segment: string | undefined): ActivityKind | null {
  const found = (Object.entries(KIND_SEGMENTS) as [ActivityKind, string][]).find(([, value]) => value === segment);
  return found ? found[0] : null;
}

const withKey = (path: string, key: string | null) => (key ? `${path}?key=${encodeURIComponent(key)}` : path);

export function cancelHref(kind: ActivityKind, number: string, key: string | null = null): string {
  return withKey(`/happening/${KIND_SEGMENTS[kind]}/cancel/${encodeURIComponent(number)}`, key);
}

/** Only services are rescheduled (classes and events are cancelled and booked again). */
export function rescheduleHref(number: string, key: string | null = null): string {
  return withKey(`/happening/services/reschedule/${encodeURIComponent(number)}`, key);
}

/** Confirmation numbers as the server makes them (`BK-` and 8 characters); anything else is not found without asking. */
const CONFIRMATION_NUMBER = /^BK-[A-Z0-9]{4,12}$/i;

export function isConfirmationNumber(value: string | undefined): boolean {
  return value !== undefined && CONFIRMATION_NUMBER.test(value);
}
