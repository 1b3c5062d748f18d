import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { bookingLifecycleConnect, type BookingLifecycleApi } from '../../../../machines/booking/booking-lifecycle.connect.ts';
import { bookingLifecycleMachine, type BookingLifecycleInput } from '../../../../machines/booking/booking-lifecycle.machine.ts';
import { sameView } from '../../../../machines/shared/same-view.ts';
import type { TimeSlot } from '../../../contract/happening.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { formatAppointment } from './booking-format.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { bookingMessages } from './messages.ts';
import './booking.css';

type LifecycleRef = ActorRefFrom<typeof bookingLifecycleMachine>;
type LifecycleImplementations = Parameters<typeof bookingLifecycleMachine.provide>[0];

/**
 * A booking to manage, with its actors bound in. The clock is checked again whenever the tab
 * becomes visible: timers do not run while a laptop sleeps, and the appointment may have passed.
 */
export function BookingLifecycle({ implementations, input, rescheduleSlots }: { implementations: LifecycleImplementations; input: BookingLifecycleInput; rescheduleSlots: readonly TimeSlot[] }) {
  useFeatureCatalog(bookingMessages);
  const [machine] = useState(() => bookingLifecycleMachine.provide(implementations));
  const actorRef = useActorRef(machine, { input });
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') bookingLifecycleConnect(actorRef.getSnapshot(), actorRef.send).clockTick(Date.now());
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [actorRef]);
  return <BookingLifecycleView actorRef={actorRef} rescheduleSlots={rescheduleSlots} />;
}

const STATUS_TEXT = {
  cancelled: <Trans>Cancelled</Trans>,
  expired: <Trans>Expired</Trans>,
  rescheduled: <Trans>Rescheduled</Trans>,
  confirmed: <Trans>Confirmed</Trans>,
} as const;

function Failure({ view, children }: { view: BookingLifecycleApi; children: ReactNode }) {
  const { i18n } = useLingui();
  const reasonId = useId();
  const { retryBlocked, failureReason } = view;
  return (
    <div className="panel panel--error" role="alert">
      <p className="panel__title">{children}</p>
      {failureReason ? <p>{i18n._(failureReason)}</p> : null}
      <button type="button" className="button" disabled={retryBlocked !== null} aria-describedby={retryBlocked ? reasonId : undefined} onClick={view.retry}>
        <Trans>Retry</Trans>
      </button>{' '}
      {view.canDismiss ? (
        <button type="button" className="button button--secondary" onClick={view.dismiss}>
          <Trans>Dismiss</Trans>
        </button>
      ) : null}
      {retryBlocked ? (
        <span id={reasonId} className="visually-hidden">
          {i18n._(retryBlocked)}
        </span>
      ) : null}
    </div>
  );
}

/** Manage a booking: see it, reschedule it to another time (services), or cancel it. */
export function BookingLifecycleView({ actorRef, rescheduleSlots }: { actorRef: LifecycleRef; rescheduleSlots: readonly TimeSlot[] }) {
  useFeatureCatalog(bookingMessages);
  const site = useSite();
  const { i18n } = useLingui();
  const view = useSelector(actorRef, (snapshot) => bookingLifecycleConnect(snapshot, actorRef.send), sameView);
  const { booking, status, activity } = view;
  // The guards' reasons; when both changes are refused for the same one, it is said once.
  const rescheduleReason = booking ? view.rescheduleBlocked : null;
  const cancelReason = booking ? view.cancelBlocked : null;
  const sameReason = rescheduleReason !== null && rescheduleReason === cancelReason;

  return (
    <section className="booking-manage" data-state={view.state} aria-busy={view.busy} aria-labelledby="booking-manage-heading">
      <h2 id="booking-manage-heading">
        <Trans>Your booking</Trans>
      </h2>
      {status === 'loading' ? (
        <p role="status">
          <Trans>Loading your booking…</Trans>
        </p>
      ) : null}
      {status === 'loadFailure' ? (
        <Failure view={view}>
          <Trans>Your booking could not be loaded.</Trans>
        </Failure>
      ) : null}
      {booking ? (
        <>
          <dl className="booking-summary">
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd data-testid="booking-status">{status === 'loading' || status === 'loadFailure' ? null : STATUS_TEXT[status]}</dd>
            <dt>
              <Trans>Confirmation number</Trans>
            </dt>
            <dd>{booking.confirmationNumber}</dd>
            <dt>
              <Trans>Service</Trans>
            </dt>
            <dd>
              {booking.activity.name}
              {booking.activity.price ? <> · {formatMoney(booking.activity.price, site)}</> : null}
            </dd>
            <dt>
              <Trans>Date and time</Trans>
            </dt>
            <dd>{formatAppointment(booking.appointmentAt, site)}</dd>
            {booking.artist ? (
              <>
                <dt>
                  <Trans>Artist</Trans>
                </dt>
                <dd>{booking.artist.name}</dd>
              </>
            ) : null}
          </dl>
          {activity === 'rescheduling' ? (
            <p role="status">
              <Trans>Rescheduling…</Trans>
            </p>
          ) : null}
          {activity === 'cancelling' ? (
            <p role="status">
              <Trans>Cancelling…</Trans>
            </p>
          ) : null}
          {activity === 'rescheduleFailure' ? (
            <Failure view={view}>
              <Trans>Your booking could not be rescheduled.</Trans>
            </Failure>
          ) : null}
          {activity === 'cancelFailure' ? (
            <Failure view={view}>
              <Trans>Your booking could not be cancelled.</Trans>
            </Failure>
          ) : null}
          {rescheduleReason ? (
            <p className="booking-blocked" id="booking-reschedule-blocked">
              {i18n._(rescheduleReason)}
            </p>
          ) : null}
          {cancelReason && !sameReason ? (
            <p className="booking-blocked" id="booking-cancel-blocked">
              {i18n._(cancelReason)}
            </p>
          ) : null}
          <h3>
            <Trans>Reschedule</Trans>
          </h3>
          <ul className="booking-choices booking-choices--inline">
            {rescheduleSlots.map((slot) => {
              const when = formatAppointment(slot.startsAt, site);
              return (
                <li key={slot.startsAt}>
                  <button
                    type="button"
                    className="booking-choice"
                    disabled={rescheduleReason !== null}
                    aria-describedby={rescheduleReason ? 'booking-reschedule-blocked' : undefined}
                    onClick={() => view.reschedule(slot.startsAt, slot.artists[0]?.id ?? null)}
                  >
                    <Trans>Move to {when}</Trans>
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="button button--secondary"
            disabled={cancelReason !== null}
            aria-describedby={cancelReason ? (sameReason ? 'booking-reschedule-blocked' : 'booking-cancel-blocked') : undefined}
            onClick={view.cancel}
          >
            <Trans>Cancel booking</Trans>
          </button>
        </>
      ) : null}
    </section>
  );
}
