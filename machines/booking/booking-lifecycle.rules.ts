import { bookingChangeRefusal, type BookingRefusal, type Reservation } from '../../src/contract/reservations.ts';

/*
 * The lifecycle's rules (spec §4, the activity's policy): each guard of the machine asks one of
 * these, and `blockedReason` gives the view the same answer as a reason.
 */

export type BookingChange = 'reschedule' | 'cancel';

/** Why a booking refuses a change, in the order they are told: the first that applies. */
export type ChangeRefusal = 'cancelled' | 'expired' | 'notReschedulable' | 'cutoffPassed';

type Dated = Pick<Reservation, 'appointmentAt' | 'changeCutoffAt'>;

/** The appointment time has come: the booking is expired (the server also says so once it has). */
export function appointmentPassed(booking: Dated & Pick<Reservation, 'status'>, now: number): boolean {
  return booking.status === 'expired' || Date.parse(booking.appointmentAt) <= now;
}

/** The activity's cut-off before the start has come (`changeCutoffAt`, from the server). */
export function cutoffPassed(booking: Dated, now: number): boolean {
  return Date.parse(booking.changeCutoffAt) <= now;
}

/** The server's refusal codes (409 `code`) of a change, as the machine names them. */
const REFUSAL_OF: Partial<Record<BookingRefusal, ChangeRefusal>> = {
  booking_cancelled: 'cancelled',
  booking_expired: 'expired',
  not_reschedulable: 'notReschedulable',
  change_cutoff_passed: 'cutoffPassed',
};

/**
 * Why `change` is refused for this booking at `now`, or null when it is allowed: the contract's rule
 * (`bookingChangeRefusal`), which the server's 409 answers by too, so the guard and the server agree.
 */
export function changeRefusal(booking: Reservation, now: number, change: BookingChange): ChangeRefusal | null {
  const code = bookingChangeRefusal(booking, change, now);
  return code === null ? null : (REFUSAL_OF[code] ?? null);
}

/**
 * Browsers fire a `setTimeout` longer than about 24.8 days at once: a far deadline is waited for in
 * steps of at most this long.
 */
export const LONGEST_TIMER_MS = 20 * 24 * 60 * 60 * 1000;

/** How long a timer for `deadline` waits from `now`: the time left, at most `LONGEST_TIMER_MS`, never below 0. */
export function timerStep(deadline: string, now: number): number {
  return Math.min(LONGEST_TIMER_MS, Math.max(0, Date.parse(deadline) - now));
}

/** Whether a timer for `deadline` started at `now` reaches it (rather than being one step of a longer wait). */
export function timerReaches(deadline: string, now: number): boolean {
  return Date.parse(deadline) - now <= LONGEST_TIMER_MS;
}
