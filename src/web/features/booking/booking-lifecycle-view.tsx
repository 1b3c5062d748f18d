import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { bookingLifecycleConnect, type BookingLifecycleApi } from '../../../../machines/booking/booking-lifecycle.connect.ts';
import { bookingLifecycleMachine, type BookingLifecycleInput } from '../../../../machines/booking/booking-lifecycle.machine.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useScreenActor } from '../../shared/ssr/screen-state.tsx';
import { useSite } from '../../shared/site/site-provider.tsx';
import { BookingFacts } from './booking-confirmation.tsx';
import { formatStoreDateTime } from './booking-format.ts';
import { activityHref, rescheduleHref } from './booking-paths.ts';
import { STATUS_LABELS } from './booking-texts.ts';
import { bookingMessages } from './messages.ts';
import { useKeptFocus } from './booking-days.tsx';
import { ReschedulePicker } from './reschedule-picker.tsx';
import './booking.css';
import { useView, viewNow } from '../../shared/hooks/use-view.ts';

type LifecycleRef = ActorRefFrom<typeof bookingLifecycleMachine>;
type LifecycleImplementations = Parameters<typeof bookingLifecycleMachine.provide>[0];

/** What the page is for: cancelling (any booking), or rescheduling (a service's). */
export type ManageMode = 'cancel' | 'reschedule';

export interface BookingLifecycleProps {
  implementations: LifecycleImplementations;
  input: BookingLifecycleInput;
  mode: ManageMode;
  /** A guest's key, which the page's links to the other change carry. */
  manageKey: string | null;
  /** The server's clock, corrected (booking-clock.ts); the device's by default. */
  clock?: () => number;
  /** A screen machine's key: loaded by the server render and restored from its snapshot. */
  screenKey?: string | null;
  /** Shown instead of the failure when the booking is not found (a guest's lookup). */
  notFound?: ReactNode;
}

/**
 * A booking to manage, with its actors bound in. Its clock is the app's once the browser has the
 * page (which also restarts the deadlines' timers of a restored snapshot), and again whenever the
 * tab is shown: timers do not run while a laptop sleeps, and the appointment may have passed.
 */
export function BookingLifecycle({ implementations, input, clock = Date.now, screenKey = null, ...props }: BookingLifecycleProps) {
  useFeatureCatalog(bookingMessages);
  const [machine] = useState(() => bookingLifecycleMachine.provide(implementations));
  const actorRef = useScreenActor(screenKey, machine, { input });
  useEffect(() => {
    const tick = () => {
      // A cancelled or expired booking is final: its clock stops with it.
      if (actorRef.getSnapshot().status === 'active') viewNow(actorRef, bookingLifecycleConnect).clockTick(clock());
    };
    tick();
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actorRef, clock]);
  return <BookingLifecycleView actorRef={actorRef} {...props} />;
}

function Failure({ view, children }: { view: BookingLifecycleApi; children: ReactNode }) {
  const { i18n } = useLingui();
  const reasonId = useId();
  const { retryBlocked, failureReason } = view;
  return (
    <div className="panel panel--error" role="alert" data-failure={view.failure ?? undefined}>
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

const HEADINGS: Readonly<Record<ManageMode, ReactNode>> = {
  cancel: <Trans>Cancel your booking</Trans>,
  reschedule: <Trans>Reschedule your booking</Trans>,
};

/** Manage a booking: see it, reschedule it to another time (services), or cancel it; a refused change says why. */
export function BookingLifecycleView({ actorRef, mode, manageKey, notFound = null }: { actorRef: LifecycleRef; mode: ManageMode; manageKey: string | null; notFound?: ReactNode }) {
  useFeatureCatalog(bookingMessages);
  const site = useSite();
  const { t, i18n } = useLingui();
  const view = useView(actorRef, bookingLifecycleConnect);
  const { booking, status, activity } = view;
  const rescheduleId = useId();
  const cancelId = useId();
  const rescheduleReason = booking ? view.rescheduleBlocked : null;
  const cancelReason = booking ? view.cancelBlocked : null;
  // When both changes are refused for the same reason, it is said once.
  const sameReason = rescheduleReason !== null && rescheduleReason === cancelReason;
  // The reschedule's reason is shown on its own page (or when there is none): the cancel's points at it when the same.
  const shownReschedule = mode === 'reschedule' || rescheduleReason === null;
  const cancelReasonId = sameReason && shownReschedule ? rescheduleId : cancelId;
  // The picker of the booking's time as the page came: its days and times came with the page; after a move, they are asked again.
  const [pageAppointment] = useState(() => booking?.appointmentAt ?? null);
  // A move made on this page (not a booking that was rescheduled before it opened): its result takes the focus.
  const [movedHere, setMovedHere] = useState(false);
  if (activity === 'rescheduling' && !movedHere) setMovedHere(true);
  // A change replaces the control in use (Cancel booking goes once cancelled): the focus goes to the status.
  const statusLine = useRef<HTMLParagraphElement>(null);
  useKeptFocus(() => statusLine.current, `${status}:${activity ?? ''}`);
  const activityName = booking?.activity.name ?? '';
  const cutoff = booking ? formatStoreDateTime(booking.changeCutoffAt, booking.store.timeZone, site) : '';
  return (
    <section className="booking-manage" data-state={view.state} aria-busy={view.busy} aria-labelledby="booking-manage-heading">
      <h1 id="booking-manage-heading">{HEADINGS[mode]}</h1>
      {status === 'loading' ? (
        <p role="status">
          <Trans>Loading your booking…</Trans>
        </p>
      ) : null}
      {status === 'loadFailure' && view.failure === 'notFound' && notFound ? notFound : null}
      {status === 'loadFailure' && !(view.failure === 'notFound' && notFound) ? (
        <Failure view={view}>
          <Trans>Your booking could not be loaded.</Trans>
        </Failure>
      ) : null}
      {booking ? (
        <>
          <p className="booking-status" ref={statusLine} tabIndex={-1}>
            <Trans>Status:</Trans>{' '}
            <strong data-testid="booking-status" data-status={status}>
              {status === 'loading' || status === 'loadFailure' ? null : i18n._(STATUS_LABELS[status])}
            </strong>
          </p>
          <BookingFacts booking={booking} />
          {activity === 'rescheduling' ? <p role="status">{t`Rescheduling…`}</p> : null}
          {activity === 'cancelling' ? <p role="status">{t`Cancelling…`}</p> : null}
          {status === 'rescheduled' && activity === 'idle' ? <MovedNotice view={view} movedHere={movedHere} /> : null}
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
          {rescheduleReason && shownReschedule ? (
            <p className="booking-blocked" id={rescheduleId} data-testid="reschedule-blocked">
              {i18n._(rescheduleReason)}
            </p>
          ) : null}
          {cancelReason && !(sameReason && shownReschedule) ? (
            <p className="booking-blocked" id={cancelId} data-testid="cancel-blocked">
              {i18n._(cancelReason)}
            </p>
          ) : null}
          {status === 'cancelled' ? (
            <p>
              <Link href={activityHref(booking.kind, booking.activity.id, booking.store.id)}>{t`Book ${activityName} again`}</Link>
            </p>
          ) : null}
          {mode === 'reschedule' ? (
            <section aria-labelledby={`${rescheduleId}-heading`} className="booking-manage__section">
              <h2 id={`${rescheduleId}-heading`}>{t`Choose a new time`}</h2>
              {rescheduleReason === null || view.busy ? (
                <ReschedulePicker key={booking.appointmentAt} booking={booking} view={view} first={booking.appointmentAt === pageAppointment} reasonId={rescheduleId} manageKey={manageKey} />
              ) : (
                <button type="button" className="button" disabled aria-describedby={rescheduleId}>
                  {t`Move my booking`}
                </button>
              )}
            </section>
          ) : null}
          <ManageLinks view={view} mode={mode} manageKey={manageKey} cancelReasonId={cancelReasonId} />
          {status === 'confirmed' || status === 'rescheduled' ? (
            <p className="field__hint">{t`Changes close at ${cutoff}.`}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * The result of a move: the new time is on the page; another artist is said by name, with the one
 * booked before ("with Farah Aziz instead of Lim Jia Hui"). It takes the focus when it appears
 * after a move made here, since the picker that had it is replaced by one for the new time.
 */
function MovedNotice({ view, movedHere }: { view: BookingLifecycleApi; movedHere: boolean }) {
  const { t } = useLingui();
  const notice = useRef<HTMLParagraphElement>(null);
  const { artistChange } = view;
  const moved = view.booking?.appointmentAt;
  useEffect(() => {
    const active = document.activeElement;
    if (movedHere && (active === null || active === document.body)) notice.current?.focus();
  }, [moved, movedHere]);
  const to = artistChange?.to.name ?? '';
  const from = artistChange?.from.name ?? '';
  return (
    <p ref={notice} tabIndex={-1} role="status" className="panel booking-moved" data-testid="booking-moved">
      {t`Your booking has been moved. We have emailed you the new time.`}
      {artistChange ? (
        <>
          {' '}
          <strong>{t`It is now with ${to} instead of ${from}.`}</strong>
        </>
      ) : null}
    </p>
  );
}

/**
 * Cancel, on either page (the reschedule page's second choice), refused with the guard's reason
 * while it cannot be (an expired booking's too); the cancel page links to rescheduling a service.
 */
function ManageLinks({ view, mode, manageKey, cancelReasonId }: { view: BookingLifecycleApi; mode: ManageMode; manageKey: string | null; cancelReasonId: string }) {
  const { t } = useLingui();
  const { booking } = view;
  if (!booking || view.status === 'cancelled') return null;
  const cancelReason = view.cancelBlocked;
  return (
    <div className="booking-actions">
      <button
        type="button"
        className={mode === 'cancel' ? 'button' : 'button button--secondary'}
        disabled={cancelReason !== null}
        aria-describedby={cancelReason ? cancelReasonId : undefined}
        onClick={view.cancel}
      >
        {t`Cancel booking`}
      </button>
      {mode === 'cancel' && booking.kind === 'service' && view.rescheduleBlocked === null ? <Link href={rescheduleHref(booking.confirmationNumber, manageKey)}>{t`Reschedule instead`}</Link> : null}
    </div>
  );
}
