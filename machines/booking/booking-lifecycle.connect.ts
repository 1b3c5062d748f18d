import type { MessageDescriptor } from '@lingui/core';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { Artist } from '../../src/contract/booking.ts';
import type { Reservation } from '../../src/contract/reservations.ts';
import { stateKey } from '../shared/state-key.ts';
import type { BookingCallFailure } from './booking.failure.ts';
import { blockedReason, type bookingLifecycleMachine } from './booking-lifecycle.machine.ts';
import { LIFECYCLE_FAILURE_MESSAGES } from './messages.ts';

type Snapshot = SnapshotFrom<typeof bookingLifecycleMachine>;
type Send = (event: EventFromLogic<typeof bookingLifecycleMachine>) => void;

export type BookingStatus = 'loading' | 'loadFailure' | 'confirmed' | 'rescheduled' | 'cancelled' | 'expired';
/** What a confirmed or rescheduled booking is doing: a change in flight, the failure of one, or closed to changes. */
export type BookingActivity = 'idle' | 'rescheduling' | 'cancelling' | 'rescheduleFailure' | 'cancelFailure' | 'cutoffPassed';

export interface BookingLifecycleApi {
  /** `data-state` of the view: the state path. */
  state: string;
  status: BookingStatus;
  activity: BookingActivity | null;
  busy: boolean;
  /** A load, reschedule or cancel failed: an alert with Retry (and Dismiss for a change). */
  failed: boolean;
  /** Why the last call failed, as the server said it (the alert's text); null when it did not say. */
  failure: BookingCallFailure | null;
  failureReason: MessageDescriptor | null;
  booking: Reservation | null;
  /** Why rescheduling is refused now (expired, cut-off, cancelled, a class or event, busy); null when allowed. */
  rescheduleBlocked: MessageDescriptor | null;
  /** Why cancelling is refused now; null when allowed. */
  cancelBlocked: MessageDescriptor | null;
  retryBlocked: MessageDescriptor | null;
  canDismiss: boolean;
  /**
   * After a move to another artist (one the shopper picked, or any), who does it now and who did: the
   * result says "with Farah Aziz instead of Lim Jia Hui". Null when the artist stayed, or no move.
   */
  artistChange: { from: Artist; to: Artist } | null;
  /** Moves the booking to another free time with the artist named (the booked one, another the shopper picked) or null for any. */
  reschedule(startsAt: string, artistId: string | null): void;
  cancel(): void;
  retry(): void;
  dismiss(): void;
  /** The clock moved on (the tab became visible again). */
  clockTick(now: number): void;
}

const ACTIVITIES: readonly BookingActivity[] = ['idle', 'rescheduling', 'cancelling', 'rescheduleFailure', 'cancelFailure', 'cutoffPassed'];

function statusOf(snapshot: Snapshot): BookingStatus {
  for (const status of ['loading', 'loadFailure', 'confirmed', 'rescheduled', 'cancelled'] as const) {
    if (snapshot.matches(status)) return status;
  }
  return 'expired';
}

function activityOf(snapshot: Snapshot): BookingActivity | null {
  return ACTIVITIES.find((activity) => snapshot.matches({ confirmed: activity }) || snapshot.matches({ rescheduled: activity })) ?? null;
}

function artistChangeOf(before: Reservation | null, after: Reservation | null): BookingLifecycleApi['artistChange'] {
  const from = before?.artist;
  const to = after?.artist;
  return from && to && from.id !== to.id ? { from, to } : null;
}

export function bookingLifecycleConnect(snapshot: Snapshot, send: Send): BookingLifecycleApi {
  const { booking, failure } = snapshot.context;
  const failed = snapshot.hasTag('failure');
  // Any time answers alike: the guard asks the booking and the clock, not where it moves.
  const someTime = { type: 'booking.reschedule', startsAt: booking?.appointmentAt ?? '', artistId: null } as const;
  return {
    state: stateKey(snapshot.value),
    status: statusOf(snapshot),
    activity: activityOf(snapshot),
    busy: snapshot.hasTag('busy'),
    failed,
    failure: failed ? failure : null,
    failureReason: failed && failure ? LIFECYCLE_FAILURE_MESSAGES[failure] : null,
    booking,
    rescheduleBlocked: blockedReason(snapshot, someTime),
    cancelBlocked: blockedReason(snapshot, { type: 'booking.cancel' }),
    retryBlocked: blockedReason(snapshot, { type: 'booking.retry' }),
    canDismiss: snapshot.can({ type: 'booking.dismiss' }),
    artistChange: artistChangeOf(snapshot.context.movedFrom, booking),
    reschedule: (startsAt, artistId) => send({ type: 'booking.reschedule', startsAt, artistId }),
    cancel: () => send({ type: 'booking.cancel' }),
    retry: () => send({ type: 'booking.retry' }),
    dismiss: () => send({ type: 'booking.dismiss' }),
    clockTick: (now) => send({ type: 'booking.clockTick', now }),
  };
}
