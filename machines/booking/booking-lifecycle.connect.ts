import type { MessageDescriptor } from '@lingui/core';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { Booking } from '../../src/contract/booking.ts';
import { stateKey } from '../shared/state-key.ts';
import { blockedReason, type bookingLifecycleMachine } from './booking-lifecycle.machine.ts';

type Snapshot = SnapshotFrom<typeof bookingLifecycleMachine>;
type Send = (event: EventFromLogic<typeof bookingLifecycleMachine>) => void;

export type BookingStatus = 'loading' | 'loadFailure' | 'confirmed' | 'rescheduled' | 'cancelled' | 'expired';
/** What a confirmed or rescheduled booking is doing: a change in flight, or the failure of one. */
export type BookingActivity = 'idle' | 'rescheduling' | 'cancelling' | 'rescheduleFailure' | 'cancelFailure';

export interface BookingLifecycleApi {
  /** `data-state` of the view: the state path. */
  state: string;
  status: BookingStatus;
  activity: BookingActivity | null;
  busy: boolean;
  /** A load, reschedule or cancel failed: an alert with Retry (and Dismiss for a change). */
  failed: boolean;
  booking: Booking | null;
  /** Why rescheduling and cancelling are refused now (the same guard refuses both); null when allowed. */
  changeBlocked: MessageDescriptor | null;
  retryBlocked: MessageDescriptor | null;
  canDismiss: boolean;
  reschedule(slotId: string): void;
  cancel(): void;
  retry(): void;
  dismiss(): void;
  /** The clock moved on (the tab became visible again). */
  clockTick(now: number): void;
}

function statusOf(snapshot: Snapshot): BookingStatus {
  for (const status of ['loading', 'loadFailure', 'confirmed', 'rescheduled', 'cancelled'] as const) {
    if (snapshot.matches(status)) return status;
  }
  return 'expired';
}

function activityOf(snapshot: Snapshot): BookingActivity | null {
  for (const activity of ['idle', 'rescheduling', 'cancelling', 'rescheduleFailure', 'cancelFailure'] as const) {
    if (snapshot.matches({ confirmed: activity }) || snapshot.matches({ rescheduled: activity })) return activity;
  }
  return null;
}

export function bookingLifecycleConnect(snapshot: Snapshot, send: Send): BookingLifecycleApi {
  return {
    state: stateKey(snapshot.value),
    status: statusOf(snapshot),
    activity: activityOf(snapshot),
    busy: snapshot.hasTag('busy'),
    failed: snapshot.hasTag('failure'),
    booking: snapshot.context.booking,
    // The slot does not change the answer: both changes share the `appointmentNotPassed` guard.
    changeBlocked: blockedReason(snapshot, { type: 'booking.cancel' }),
    retryBlocked: blockedReason(snapshot, { type: 'booking.retry' }),
    canDismiss: snapshot.can({ type: 'booking.dismiss' }),
    reschedule: (slotId) => send({ type: 'booking.reschedule', slotId }),
    cancel: () => send({ type: 'booking.cancel' }),
    retry: () => send({ type: 'booking.retry' }),
    dismiss: () => send({ type: 'booking.dismiss' }),
    clockTick: (now) => send({ type: 'booking.clockTick', now }),
  };
}
