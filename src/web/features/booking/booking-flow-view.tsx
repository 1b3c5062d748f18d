import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { bookingFlowConnect, type BookingFlowApi, type Choice } from '../../../../machines/booking/booking-flow.connect.ts';
import { SLOT_HOLD_MS, bookingFlowMachine, type BookingFlowInput } from '../../../../machines/booking/booking-flow.machine.ts';
import { sameView } from '../../../../machines/shared/same-view.ts';
import { COUNTRIES } from '../../../config/countries.ts';
import { storeDate } from '../../../contract/booking.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { BookingDetailsForm, BusyReason } from './booking-details-form.tsx';
import { formatAppointment, formatSlotTime, formatStoreDay } from './booking-format.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { bookingMessages } from './messages.ts';
import './booking.css';

type FlowRef = ActorRefFrom<typeof bookingFlowMachine>;
type FlowImplementations = Parameters<typeof bookingFlowMachine.provide>[0];

/** The booking flow with its actors (the app's API calls, or a test's fakes) bound in. */
export function BookingFlow({ implementations, input }: { implementations: FlowImplementations; input: BookingFlowInput }) {
  useFeatureCatalog(bookingMessages);
  const [machine] = useState(() => bookingFlowMachine.provide(implementations));
  const actorRef = useActorRef(machine, { input });
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

function ServiceStep({ view }: { view: BookingFlowApi }) {
  const site = useSite();
  return (
    <ul className="booking-choices">
      {view.services.map(({ item: service, disabled }) => {
        const price = formatMoney(service.price, site);
        const minutes = service.duration;
        return (
          <li key={service.id}>
            <button type="button" className="booking-choice" disabled={disabled} onClick={() => view.selectService(service.id)}>
              <span className="booking-choice__title">{service.name}</span>
              <span>
                <Trans>
                  {minutes} min · {price}
                </Trans>
              </span>
            </button>
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
  const today = storeDate(Date.now(), COUNTRIES[site.country].timeZone);
  const refusal = view.otherDateRefusal(other);
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
        <input id="booking-other-date" type="date" min={today} value={other} onChange={(event) => setOther(event.target.value)} />
        <button type="button" className="button button--secondary" disabled={refusal !== null} aria-describedby={refusal ? reasonId : undefined} onClick={() => view.selectDate(other)}>
          <Trans>Show times</Trans>
        </button>
        {refusal ? (
          <span id={reasonId} className="visually-hidden">
            <Trans>Choose a date first.</Trans>
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
            <Trans>This service cannot be booked at this store at the moment. Please choose another service.</Trans>
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
          choices={view.slots.map((choice) => ({ ...choice, key: choice.item.id, label: formatSlotTime(choice.item.startsAt, site), choose: () => view.selectSlot(choice.item.id) }))}
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
  const { artistsStatus } = view;
  return (
    <div className="booking-step">
      {artistsStatus === 'loading' ? (
        <p role="status">
          <Trans>Finding artists…</Trans>
        </p>
      ) : null}
      {artistsStatus === 'failure' ? (
        <div className="panel panel--error" role="alert">
          <p className="panel__title">
            <Trans>Artists could not be loaded.</Trans>
          </p>
          <RetryButton view={view} />
        </div>
      ) : null}
      {artistsStatus === 'choosing' ? (
        <ChoiceButtons
          className="booking-choices"
          choices={view.artists.map((choice) => ({ ...choice, key: choice.item.id, label: choice.item.name, choose: () => view.selectArtist(choice.item.id) }))}
        />
      ) : null}
      <BackButton view={view} />
    </div>
  );
}

/** What is being booked: shown from the slot step on. */
function Summary({ view }: { view: BookingFlowApi }) {
  const site = useSite();
  const { service, slot, artist } = view;
  if (!service) return null;
  return (
    <dl className="booking-summary">
      <dt>
        <Trans>Service</Trans>
      </dt>
      <dd>
        {service.name} · {formatMoney(service.price, site)}
      </dd>
      {slot ? (
        <>
          <dt>
            <Trans>Date and time</Trans>
          </dt>
          <dd>{formatAppointment(slot.startsAt, site)}</dd>
        </>
      ) : null}
      {artist ? (
        <>
          <dt>
            <Trans>Artist</Trans>
          </dt>
          <dd>{artist.name}</dd>
        </>
      ) : null}
    </dl>
  );
}

const HEADINGS = {
  selectService: <Trans>Select a service</Trans>,
  findSlot: <Trans>Find a time</Trans>,
  chooseArtist: <Trans>Choose an artist</Trans>,
  details: <Trans>Your details</Trans>,
  confirmed: <Trans>Booking confirmed</Trans>,
} as const;

/**
 * The service booking flow (select service → find slot → choose artist → details → confirmed).
 * It reads the flow's view-model (`bookingFlowConnect`) and acts through its intents; what is
 * allowed is always the machine's answer.
 */
export function BookingFlowView({ actorRef }: { actorRef: FlowRef }) {
  useFeatureCatalog(bookingMessages);
  const view = useSelector(actorRef, (snapshot) => bookingFlowConnect(snapshot, actorRef.send), sameView);
  const { step, confirmationNumber } = view;
  const holdMinutes = SLOT_HOLD_MS / 60_000;
  return (
    <section className="booking-flow" data-state={view.state} aria-busy={view.busy} aria-labelledby="booking-flow-heading">
      <h2 id="booking-flow-heading">{HEADINGS[step]}</h2>
      {step === 'selectService' ? <ServiceStep view={view} /> : <Summary view={view} />}
      {view.held ? (
        <p className="booking-hold">
          <Trans>We are holding this time for you for {holdMinutes} minutes.</Trans>
        </p>
      ) : null}
      {step === 'findSlot' ? <SlotStep view={view} /> : null}
      {step === 'chooseArtist' ? <ArtistStep view={view} /> : null}
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
