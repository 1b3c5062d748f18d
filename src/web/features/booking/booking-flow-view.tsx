import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { bookingFlowConnect, type BookingFlowApi, type Choice } from '../../../../machines/booking/booking-flow.connect.ts';
import { bookingFlowMachine, type BookingFlowInput } from '../../../../machines/booking/booking-flow.machine.ts';
import { sameView } from '../../../../machines/shared/same-view.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { BookingDetailsForm, BusyReason } from './booking-details-form.tsx';
import { formatAppointment, formatSlotTime, formatStoreDay } from './booking-format.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { bookingMessages } from './messages.ts';
import './booking.css';

type FlowRef = ActorRefFrom<typeof bookingFlowMachine>;
type FlowImplementations = Parameters<typeof bookingFlowMachine.provide>[0];

/**
 * The booking flow with its actors (the app's API calls, or a test's fakes) bound in. The clock is
 * given again whenever the tab becomes visible: timers do not run while a laptop sleeps, and the
 * hold may have run out.
 */
export function BookingFlow({ implementations, input }: { implementations: FlowImplementations; input: BookingFlowInput }) {
  useFeatureCatalog(bookingMessages);
  const [machine] = useState(() => bookingFlowMachine.provide(implementations));
  const actorRef = useActorRef(machine, { input });
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') bookingFlowConnect(actorRef.getSnapshot(), actorRef.send).clockTick(Date.now());
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [actorRef]);
  return <BookingFlowView actorRef={actorRef} />;
}

function BackButton({ view }: { view: BookingFlowApi }) {
  const reasonId = useId();
  return (
    <>
      <button type="button" className="button button--secondary" disabled={!view.canBack} aria-describedby={view.backDisabledReason ? reasonId : undefined} onClick={view.back}>
        <Trans>Back</Trans>
      </button>
      <BusyReason id={reasonId} reason={view.backDisabledReason} />
    </>
  );
}

function RetryButton({ view }: { view: BookingFlowApi }) {
  return (
    <button type="button" className="button" onClick={view.retry}>
      <Trans>Retry</Trans>
    </button>
  );
}

function ActivityStep({ view }: { view: BookingFlowApi }) {
  const site = useSite();
  const { t, i18n } = useLingui();
  return (
    <ul className="booking-choices">
      {view.activities.map(({ item: activity, disabled, disabledReason }) => {
        const price = activity.price ? formatMoney(activity.price, site) : t`Free`;
        const minutes = activity.durationMinutes;
        const reasonId = `booking-activity-${activity.id}-reason`;
        return (
          <li key={activity.id}>
            <button type="button" className="booking-choice" disabled={disabled} aria-describedby={disabledReason ? reasonId : undefined} onClick={() => view.selectActivity(activity.id)}>
              <span className="booking-choice__title">{activity.name}</span>
              <span>
                <Trans>
                  {minutes} min · {price}
                </Trans>
              </span>
            </button>
            {disabledReason ? (
              <span id={reasonId} className="field__hint">
                {i18n._(disabledReason)}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function DatePicker({ view }: { view: BookingFlowApi }) {
  const site = useSite();
  const { t } = useLingui();
  const reasonId = useId();
  const [other, setOther] = useState('');
  const refusal = view.dateRefusal(other);
  return (
    <div className="booking-dates">
      <ChoiceButtons
        className="booking-choices booking-choices--inline"
        label={t`Available dates`}
        choices={view.dates.map((choice) => ({ ...choice, key: choice.item, label: formatStoreDay(choice.item, site), choose: () => view.selectDate(choice.item) }))}
      />
      <div className="field field--inline">
        <label htmlFor="booking-other-date">
          <Trans>Another date</Trans>
        </label>
        <input id="booking-other-date" type="date" min={view.window?.from} max={view.window?.to} value={other} onChange={(event) => setOther(event.target.value)} />
        <button type="button" className="button button--secondary" disabled={refusal !== null} aria-describedby={refusal ? reasonId : undefined} onClick={() => view.selectDate(other)}>
          <Trans>Show times</Trans>
        </button>
        {refusal ? (
          <span id={reasonId} className="visually-hidden">
            {refusal === 'notADate' ? <Trans>Choose a date first.</Trans> : <Trans>This date is outside the days that can be booked.</Trans>}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function SlotStep({ view }: { view: BookingFlowApi }) {
  const site = useSite();
  const { t, i18n } = useLingui();
  const { notice, date, slotsStatus } = view;
  const day = date ? formatStoreDay(date, site) : null;
  return (
    <div className="booking-step">
      {notice ? (
        <p className="panel panel--error" role="alert">
          {i18n._(notice)}
        </p>
      ) : null}
      {slotsStatus === 'loading' ? (
        <p role="status">
          <Trans>Finding available times…</Trans>
        </p>
      ) : null}
      {slotsStatus === 'failure' ? (
        <div className="panel panel--error" role="alert">
          <p className="panel__title">
            <Trans>Available times could not be loaded.</Trans>
          </p>
          <RetryButton view={view} />
        </div>
      ) : null}
      {slotsStatus === 'noAvailableSlots' ? (
        <div className="panel" data-state="noAvailableSlots">
          <p className="panel__title">
            <Trans>No Available Slots</Trans>
          </p>
          <p>
            <Trans>This cannot be booked at this store at the moment. Please choose something else.</Trans>
          </p>
        </div>
      ) : null}
      {slotsStatus === 'noTimeSlots' ? (
        <div className="panel" data-state="noTimeSlots">
          <p className="panel__title">
            <Trans>No time slots available</Trans>
          </p>
          <p>
            <Trans>Please choose another date.</Trans>
          </p>
        </div>
      ) : null}
      {view.choosesDate ? <DatePicker view={view} /> : null}
      {slotsStatus === 'choosing' ? (
        <ChoiceButtons
          className="booking-choices booking-choices--inline"
          label={day ? t`Times on ${day}` : t`Times`}
          choices={view.times.map((choice) => ({ ...choice, key: choice.item.startsAt, label: formatSlotTime(choice.item.startsAt, site), choose: () => view.selectTime(choice.item.startsAt) }))}
        />
      ) : null}
      <BackButton view={view} />
    </div>
  );
}

interface ChoiceButton extends Omit<Choice<unknown>, 'item'> {
  key: string;
  label: ReactNode;
  choose: () => void;
}

/** A list of choices, each a button enabled only when the machine accepts its event. */
function ChoiceButtons({ choices, className, label }: { choices: ChoiceButton[]; className: string; label?: string }) {
  return (
    <ul className={className} aria-label={label}>
      {choices.map((choice) => (
        <li key={choice.key}>
          <button type="button" className="booking-choice" aria-pressed={choice.pressed} disabled={choice.disabled} onClick={choice.choose}>
            {choice.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

function ArtistStep({ view }: { view: BookingFlowApi }) {
  const { t } = useLingui();
  return (
    <div className="booking-step">
      <ChoiceButtons
        className="booking-choices"
        choices={view.artists.map((choice) => ({ ...choice, key: choice.item?.id ?? 'any', label: choice.item?.name ?? t`Any artist`, choose: () => view.selectArtist(choice.item?.id ?? null) }))}
      />
      <BackButton view={view} />
    </div>
  );
}

/** What is being booked: shown from the slot step on. */
function Summary({ view }: { view: BookingFlowApi }) {
  const site = useSite();
  const { t } = useLingui();
  const { activity, slot, hold, artist } = view;
  if (!activity) return null;
  // The hold names the artist the server gave ("any" resolved); before it, the one picked.
  const artistName = hold?.artist?.name ?? (artist === 'any' ? t`Any artist` : artist?.name);
  return (
    <dl className="booking-summary">
      <dt>
        <Trans>Service</Trans>
      </dt>
      <dd>
        {activity.name} · {activity.price ? formatMoney(activity.price, site) : t`Free`}
      </dd>
      {slot ? (
        <>
          <dt>
            <Trans>Date and time</Trans>
          </dt>
          <dd>{formatAppointment(slot.startsAt, site)}</dd>
        </>
      ) : null}
      {artistName ? (
        <>
          <dt>
            <Trans>Artist</Trans>
          </dt>
          <dd>{artistName}</dd>
        </>
      ) : null}
    </dl>
  );
}

const HEADINGS = {
  selectActivity: <Trans>Select a service</Trans>,
  findSlot: <Trans>Find a time</Trans>,
  chooseArtist: <Trans>Choose an artist</Trans>,
  holding: <Trans>Holding your time</Trans>,
  details: <Trans>Your details</Trans>,
  confirmed: <Trans>Booking confirmed</Trans>,
} as const;

/**
 * The booking flow (select → find a slot → a service's artist → the time held → details → confirmed).
 * It reads the flow's view-model (`bookingFlowConnect`) and acts through its intents; what is
 * allowed is always the machine's answer.
 */
export function BookingFlowView({ actorRef }: { actorRef: FlowRef }) {
  useFeatureCatalog(bookingMessages);
  const view = useSelector(actorRef, (snapshot) => bookingFlowConnect(snapshot, actorRef.send), sameView);
  const { step, confirmationNumber, hold } = view;
  const holdMinutes = hold ? Math.ceil(hold.msLeft / 60_000) : 0;
  return (
    <section className="booking-flow" data-state={view.state} aria-busy={view.busy} aria-labelledby="booking-flow-heading">
      <h2 id="booking-flow-heading">{HEADINGS[step]}</h2>
      {step === 'selectActivity' ? <ActivityStep view={view} /> : <Summary view={view} />}
      {view.held ? (
        <p className="booking-hold">
          <Trans>We are holding this time for you for {holdMinutes} minutes.</Trans>
        </p>
      ) : null}
      {step === 'findSlot' ? <SlotStep view={view} /> : null}
      {step === 'chooseArtist' ? <ArtistStep view={view} /> : null}
      {step === 'holding' ? (
        <p role="status">
          <Trans>Holding this time for you…</Trans>
        </p>
      ) : null}
      {view.showsForm ? <BookingDetailsForm view={view} /> : null}
      {step === 'confirmed' ? (
        <p className="panel" role="status">
          <Trans>
            Your confirmation number is <strong>{confirmationNumber}</strong>.
          </Trans>
        </p>
      ) : null}
    </section>
  );
}
