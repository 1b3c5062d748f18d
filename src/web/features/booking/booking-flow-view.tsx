import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { bookingFlowConnect, type BookingStep } from '../../../../machines/booking/booking-flow.connect.ts';
import { bookingFlowMachine, type BookingFlowInput } from '../../../../machines/booking/booking-flow.machine.ts';
import type { Contact } from '../../../../machines/booking/booking-flow.types.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useScreenActor } from '../../shared/ssr/screen-state.tsx';
import { BookingConfirmation } from './booking-confirmation.tsx';
import { BookingDetailsForm } from './booking-details-form.tsx';
import { ActivityStep, ArtistStep, SlotStep } from './booking-flow-steps.tsx';
import { FlowSummary, HoldNotice } from './booking-summary.tsx';
import { bookingMessages } from './messages.ts';
import './booking.css';
import { useView, viewNow } from '../../shared/hooks/use-view.ts';

type FlowRef = ActorRefFrom<typeof bookingFlowMachine>;
type FlowImplementations = Parameters<typeof bookingFlowMachine.provide>[0];

/** How often the hold's countdown moves while the time is held. */
const COUNTDOWN_MS = 1_000;

/**
 * The machine's clock (`booking.clockTick`): the app's once the browser has the page (a server
 * render's or a snapshot's is older), whenever the tab is shown again (timers sleep with a laptop),
 * and every second while a time is held (the countdown; the hold ends by the server's `expiresAt`).
 */
function useFlowClock(actorRef: FlowRef, clock: () => number) {
  const held = useView(actorRef, bookingFlowConnect, (view) => view.held);
  useEffect(() => {
    const tick = () => {
      // A confirmed flow is done: its clock stops with it.
      if (actorRef.getSnapshot().status === 'active') viewNow(actorRef, bookingFlowConnect).clockTick(clock());
    };
    tick();
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = held ? setInterval(tick, COUNTDOWN_MS) : null;
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (timer !== null) clearInterval(timer);
    };
  }, [actorRef, clock, held]);
}

export interface BookingFlowProps {
  /** The flow's actors: the app's API calls, or a test's fakes. */
  implementations: FlowImplementations;
  input: BookingFlowInput;
  /** The clock the machine is given: the server's, corrected from its answers (booking-clock.ts); the device's by default. */
  clock?: () => number;
  /** A screen machine's key: run by the server render and restored from its snapshot (null: the browser's only). */
  screenKey?: string | null;
  /** A member's contact once the browser has it: the form's name, email and phone start from it. */
  contact?: Contact | null;
}

/** The booking flow with its actors bound in, on the app's clock. */
export function BookingFlow({ implementations, input, clock = Date.now, screenKey = null, contact = null }: BookingFlowProps) {
  useFeatureCatalog(bookingMessages);
  const [machine] = useState(() => bookingFlowMachine.provide(implementations));
  const actorRef = useScreenActor(screenKey, machine, { input });
  useFlowClock(actorRef, clock);
  useEffect(() => {
    // The machine fills only what is still empty: a contact arriving late never overwrites typing.
    if (contact && actorRef.getSnapshot().status === 'active') viewNow(actorRef, bookingFlowConnect).prefill(contact);
  }, [actorRef, contact]);
  return <BookingFlowView actorRef={actorRef} />;
}

const HEADINGS: Readonly<Record<BookingStep, ReactNode>> = {
  selectActivity: <Trans>Book</Trans>,
  findSlot: <Trans>Find a time</Trans>,
  chooseArtist: <Trans>Choose an artist</Trans>,
  holding: <Trans>Holding your time</Trans>,
  details: <Trans>Your details</Trans>,
  confirmed: <Trans>Booking confirmed</Trans>,
};

/**
 * The booking flow (store and activity → a slot → a service's artist → the time held → details →
 * confirmed). It reads the flow's view-model (`bookingFlowConnect`) and acts through its intents;
 * what is allowed is always the machine's answer. A new step takes the focus to its heading.
 */
export function BookingFlowView({ actorRef }: { actorRef: FlowRef }) {
  useFeatureCatalog(bookingMessages);
  const view = useView(actorRef, bookingFlowConnect);
  const { step } = view;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step) heading.current?.focus();
    shownStep.current = step;
  }, [step]);
  return (
    <section className="booking-flow" data-state={view.state} aria-busy={view.busy} aria-labelledby="booking-flow-heading">
      <h2 id="booking-flow-heading" ref={heading} tabIndex={-1}>
        {HEADINGS[step]}
      </h2>
      {step === 'selectActivity' ? <ActivityStep view={view} /> : step === 'confirmed' ? null : <FlowSummary view={view} />}
      <HoldNotice view={view} />
      {step === 'findSlot' ? <SlotStep view={view} /> : null}
      {step === 'chooseArtist' ? <ArtistStep view={view} /> : null}
      {step === 'holding' ? (
        <p role="status">
          <Trans>Holding this time for you…</Trans>
        </p>
      ) : null}
      {view.showsForm ? <BookingDetailsForm view={view} /> : null}
      {step === 'confirmed' && view.reservation ? <BookingConfirmation booking={view.reservation} /> : null}
    </section>
  );
}
