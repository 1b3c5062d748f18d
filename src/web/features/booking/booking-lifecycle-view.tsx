import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { blockedReason, bookingLifecycleMachine, type BookingLifecycleInput } from '../../../../machines/booking/booking-lifecycle.machine.ts';
import type { Slot } from '../../../contract/booking.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { formatAppointment, stateKey } from './booking-format.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';

type LifecycleRef = ActorRefFrom<typeof bookingLifecycleMachine>;
type LifecycleImplementations = Parameters<typeof bookingLifecycleMachine.provide>[0];

/**
 * A booking to manage, with its actors bound in. The clock is checked again whenever the tab
 * becomes visible: timers do not run while a laptop sleeps, and the appointment may have passed.
 */
export function BookingLifecycle({ implementations, input, rescheduleSlots }: { implementations: LifecycleImplementations; input: BookingLifecycleInput; rescheduleSlots: readonly Slot[] }) {
  useFeatureCatalog();
  const [machine] = useState(() => bookingLifecycleMachine.provide(implementations));
  const actorRef = useActorRef(machine, { input });
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') actorRef.send({ type: 'booking.clockTick', now: Date.now() });
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [actorRef]);
  return <BookingLifecycleView actorRef={actorRef} rescheduleSlots={rescheduleSlots} />;
}

function StatusText({ actorRef }: { actorRef: LifecycleRef }) {
  const snapshot = useSelector(actorRef, (s) => s);
  if (snapshot.matches('cancelled')) return <Trans>Cancelled</Trans>;
  if (snapshot.matches('expired')) return <Trans>Expired</Trans>;
  if (snapshot.matches('rescheduled')) return <Trans>Rescheduled</Trans>;
  return <Trans>Confirmed</Trans>;
}

function Failure({ actorRef, children }: { actorRef: LifecycleRef; children: ReactNode }) {
  const canRetry = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'booking.retry' }));
  const canDismiss = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'booking.dismiss' }));
  return (
    <div className="panel panel--error" role="alert">
      <p className="panel__title">{children}</p>
      <button type="button" className="button" disabled={!canRetry} onClick={() => actorRef.send({ type: 'booking.retry' })}>
        <Trans>Retry</Trans>
      </button>{' '}
      {canDismiss ? (
        <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'booking.dismiss' })}>
          <Trans>Dismiss</Trans>
        </button>
      ) : null}
    </div>
  );
}

/** One inner state of confirmed or rescheduled (`idle`, `rescheduling`, …), whichever is active. */
function activity(snapshot: ReturnType<LifecycleRef['getSnapshot']>): string | null {
  const value = snapshot.value;
  if (typeof value === 'string') return null;
  return 'confirmed' in value ? value.confirmed : value.rescheduled;
}

/** Manage a booking: see it, reschedule it to another slot, or cancel it. */
export function BookingLifecycleView({ actorRef, rescheduleSlots }: { actorRef: LifecycleRef; rescheduleSlots: readonly Slot[] }) {
  useFeatureCatalog();
  const site = useSite();
  const { i18n } = useLingui();
  const snapshot = useSelector(actorRef, (s) => s);
  const { booking } = snapshot.context;
  const current = activity(snapshot);
  const cancel = { type: 'booking.cancel' } as const;
  const cancelReason = blockedReason(snapshot, cancel);
  // Rescheduling and cancelling are refused for the same reasons: one explanation serves both.
  const reason = booking ? (cancelReason ?? (rescheduleSlots[0] ? blockedReason(snapshot, { type: 'booking.reschedule', slotId: rescheduleSlots[0].id }) : null)) : null;

  return (
    <section className="booking-manage" data-state={stateKey(snapshot.value)} aria-busy={snapshot.hasTag('busy')} aria-labelledby="booking-manage-heading">
      <h2 id="booking-manage-heading">
        <Trans>Your booking</Trans>
      </h2>
      {snapshot.matches('loading') ? (
        <p role="status">
          <Trans>Loading your booking…</Trans>
        </p>
      ) : null}
      {snapshot.matches('loadFailure') ? (
        <Failure actorRef={actorRef}>
          <Trans>Your booking could not be loaded.</Trans>
        </Failure>
      ) : null}
      {booking ? (
        <>
          <dl className="booking-summary">
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd data-testid="booking-status">
              <StatusText actorRef={actorRef} />
            </dd>
            <dt>
              <Trans>Confirmation number</Trans>
            </dt>
            <dd>{booking.confirmationNumber}</dd>
            <dt>
              <Trans>Service</Trans>
            </dt>
            <dd>
              {booking.service.name} · {formatMoney(booking.service.price, site)}
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
          {current === 'rescheduling' ? (
            <p role="status">
              <Trans>Rescheduling…</Trans>
            </p>
          ) : null}
          {current === 'cancelling' ? (
            <p role="status">
              <Trans>Cancelling…</Trans>
            </p>
          ) : null}
          {current === 'rescheduleFailure' ? (
            <Failure actorRef={actorRef}>
              <Trans>Your booking could not be rescheduled.</Trans>
            </Failure>
          ) : null}
          {current === 'cancelFailure' ? (
            <Failure actorRef={actorRef}>
              <Trans>Your booking could not be cancelled.</Trans>
            </Failure>
          ) : null}
          {reason ? (
            <p className="booking-blocked" id="booking-blocked-reason">
              {i18n._(reason)}
            </p>
          ) : null}
          <h3>
            <Trans>Reschedule</Trans>
          </h3>
          <ul className="booking-choices booking-choices--inline">
            {rescheduleSlots.map((slot) => {
              const event = { type: 'booking.reschedule', slotId: slot.id } as const;
              const when = formatAppointment(slot.startsAt, site);
              return (
                <li key={slot.id}>
                  <button
                    type="button"
                    className="booking-choice"
                    disabled={!snapshot.can(event)}
                    aria-describedby={reason ? 'booking-blocked-reason' : undefined}
                    onClick={() => actorRef.send(event)}
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
            disabled={!snapshot.can(cancel)}
            aria-describedby={reason ? 'booking-blocked-reason' : undefined}
            onClick={() => actorRef.send(cancel)}
          >
            <Trans>Cancel booking</Trans>
          </button>
        </>
      ) : null}
    </section>
  );
}
