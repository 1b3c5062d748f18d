import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { ActorRefFrom, EventFromLogic } from 'xstate';
import { SLOT_HOLD_MS, bookingFlowMachine, type BookingFlowInput } from '../../../../machines/booking/booking-flow.machine.ts';
import { COUNTRIES } from '../../../config/countries.ts';
import { storeDate } from '../../../contract/booking.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { BookingDetailsForm } from './booking-details-form.tsx';
import { formatAppointment, formatSlotTime, formatStoreDay, stateKey } from './booking-format.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';

type FlowRef = ActorRefFrom<typeof bookingFlowMachine>;
type FlowImplementations = Parameters<typeof bookingFlowMachine.provide>[0];

/** The booking flow with its actors (the app's API calls, or a test's fakes) bound in. */
export function BookingFlow({ implementations, input }: { implementations: FlowImplementations; input: BookingFlowInput }) {
  useFeatureCatalog();
  const [machine] = useState(() => bookingFlowMachine.provide(implementations));
  const actorRef = useActorRef(machine, { input });
  return <BookingFlowView actorRef={actorRef} />;
}

function BackButton({ actorRef }: { actorRef: FlowRef }) {
  const canBack = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'booking.back' }));
  return (
    <button type="button" className="button button--secondary" disabled={!canBack} onClick={() => actorRef.send({ type: 'booking.back' })}>
      <Trans>Back</Trans>
    </button>
  );
}

function RetryButton({ actorRef }: { actorRef: FlowRef }) {
  return (
    <button type="button" className="button" onClick={() => actorRef.send({ type: 'booking.retry' })}>
      <Trans>Retry</Trans>
    </button>
  );
}

function ServiceStep({ actorRef }: { actorRef: FlowRef }) {
  const site = useSite();
  const snapshot = useSelector(actorRef, (s) => s);
  return (
    <ul className="booking-choices">
      {snapshot.context.services.map((service) => {
        const event = { type: 'booking.selectService', serviceId: service.id } as const;
        const price = formatMoney(service.price, site);
        const minutes = service.duration;
        return (
          <li key={service.id}>
            <button type="button" className="booking-choice" disabled={!snapshot.can(event)} onClick={() => actorRef.send(event)}>
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

function DatePicker({ actorRef }: { actorRef: FlowRef }) {
  const site = useSite();
  const { t } = useLingui();
  const snapshot = useSelector(actorRef, (s) => s);
  const [other, setOther] = useState('');
  const today = storeDate(Date.now(), COUNTRIES[site.country].timeZone);
  const otherEvent = { type: 'booking.selectDate', date: other } as const;
  return (
    <div className="booking-dates">
      <ul className="booking-choices booking-choices--inline" aria-label={t`Available dates`}>
        {snapshot.context.dates.map((date) => {
          const event = { type: 'booking.selectDate', date } as const;
          return (
            <li key={date}>
              <button type="button" className="booking-choice" aria-pressed={date === snapshot.context.date} disabled={!snapshot.can(event)} onClick={() => actorRef.send(event)}>
                {formatStoreDay(date, site)}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="field field--inline">
        <label htmlFor="booking-other-date">
          <Trans>Another date</Trans>
        </label>
        <input id="booking-other-date" type="date" min={today} value={other} onChange={(event) => setOther(event.target.value)} />
        <button type="button" className="button button--secondary" disabled={!snapshot.can(otherEvent)} onClick={() => actorRef.send(otherEvent)}>
          <Trans>Show times</Trans>
        </button>
      </div>
    </div>
  );
}

function SlotStep({ actorRef }: { actorRef: FlowRef }) {
  const site = useSite();
  const { t, i18n } = useLingui();
  const snapshot = useSelector(actorRef, (s) => s);
  const { notice, slots, date } = snapshot.context;
  const day = date ? formatStoreDay(date, site) : null;
  return (
    <div className="booking-step">
      {notice ? (
        <p className="panel panel--error" role="alert">
          {i18n._(notice)}
        </p>
      ) : null}
      {snapshot.matches({ findSlot: 'loading' }) ? (
        <p role="status">
          <Trans>Finding available times…</Trans>
        </p>
      ) : null}
      {snapshot.matches({ findSlot: 'failure' }) ? (
        <div className="panel panel--error" role="alert">
          <p className="panel__title">
            <Trans>Available times could not be loaded.</Trans>
          </p>
          <RetryButton actorRef={actorRef} />
        </div>
      ) : null}
      {snapshot.matches({ findSlot: 'noAvailableSlots' }) ? (
        <div className="panel" data-state="noAvailableSlots">
          <p className="panel__title">
            <Trans>No Available Slots</Trans>
          </p>
          <p>
            <Trans>This service cannot be booked at this store at the moment. Please choose another service.</Trans>
          </p>
        </div>
      ) : null}
      {snapshot.matches({ findSlot: 'noTimeSlots' }) ? (
        <div className="panel" data-state="noTimeSlots">
          <p className="panel__title">
            <Trans>No time slots available</Trans>
          </p>
          <p>
            <Trans>Please choose another date.</Trans>
          </p>
        </div>
      ) : null}
      {snapshot.matches({ findSlot: 'noTimeSlots' }) || snapshot.matches({ findSlot: 'choosing' }) ? <DatePicker actorRef={actorRef} /> : null}
      {snapshot.matches({ findSlot: 'choosing' }) ? (
        <ChoiceButtons
          actorRef={actorRef}
          className="booking-choices booking-choices--inline"
          label={day ? t`Times on ${day}` : t`Times`}
          choices={slots.map((slot) => ({
            key: slot.id,
            label: formatSlotTime(slot.startsAt, site),
            event: { type: 'booking.selectSlot', slotId: slot.id },
          }))}
        />
      ) : null}
      <BackButton actorRef={actorRef} />
    </div>
  );
}

interface Choice {
  key: string;
  label: ReactNode;
  event: EventFromLogic<typeof bookingFlowMachine>;
  /** For a choice that stays selected (the artist); omitted for one that moves the flow on. */
  pressed?: boolean;
}

/** A list of choices, each a button enabled only when the machine accepts its event. */
function ChoiceButtons({ actorRef, choices, className, label }: { actorRef: FlowRef; choices: Choice[]; className: string; label?: string }) {
  const snapshot = useSelector(actorRef, (s) => s);
  return (
    <ul className={className} aria-label={label}>
      {choices.map((choice) => (
        <li key={choice.key}>
          <button type="button" className="booking-choice" aria-pressed={choice.pressed} disabled={!snapshot.can(choice.event)} onClick={() => actorRef.send(choice.event)}>
            {choice.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

function ArtistStep({ actorRef }: { actorRef: FlowRef }) {
  const snapshot = useSelector(actorRef, (s) => s);
  return (
    <div className="booking-step">
      {snapshot.matches({ held: { chooseArtist: 'loading' } }) ? (
        <p role="status">
          <Trans>Finding artists…</Trans>
        </p>
      ) : null}
      {snapshot.matches({ held: { chooseArtist: 'failure' } }) ? (
        <div className="panel panel--error" role="alert">
          <p className="panel__title">
            <Trans>Artists could not be loaded.</Trans>
          </p>
          <RetryButton actorRef={actorRef} />
        </div>
      ) : null}
      {snapshot.matches({ held: { chooseArtist: 'choosing' } }) ? (
        <ChoiceButtons
          actorRef={actorRef}
          className="booking-choices"
          choices={snapshot.context.artists.map((artist) => ({
            key: artist.id,
            label: artist.name,
            event: { type: 'booking.selectArtist', artistId: artist.id },
            pressed: snapshot.context.artist?.id === artist.id,
          }))}
        />
      ) : null}
      <BackButton actorRef={actorRef} />
    </div>
  );
}

/** What is being booked: shown from the slot step on. */
function Summary({ actorRef }: { actorRef: FlowRef }) {
  const site = useSite();
  const { service, slot, artist } = useSelector(actorRef, (snapshot) => snapshot.context);
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

/**
 * The service booking flow (select service → find slot → choose artist → details → confirmed).
 * It reads the machine and sends its events; what is allowed is always `snapshot.can(...)`.
 */
export function BookingFlowView({ actorRef }: { actorRef: FlowRef }) {
  useFeatureCatalog();
  const snapshot = useSelector(actorRef, (s) => s);
  const heading = (() => {
    if (snapshot.matches('selectService')) return <Trans>Select a service</Trans>;
    if (snapshot.matches('findSlot')) return <Trans>Find a time</Trans>;
    if (snapshot.matches({ held: 'chooseArtist' })) return <Trans>Choose an artist</Trans>;
    if (snapshot.matches('held')) return <Trans>Your details</Trans>;
    return <Trans>Booking confirmed</Trans>;
  })();
  const confirmationNumber = snapshot.context.confirmationNumber;
  const holdMinutes = SLOT_HOLD_MS / 60_000;
  return (
    <section className="booking-flow" data-state={stateKey(snapshot.value)} aria-busy={snapshot.hasTag('busy')} aria-labelledby="booking-flow-heading">
      <h2 id="booking-flow-heading">{heading}</h2>
      {snapshot.matches('selectService') ? <ServiceStep actorRef={actorRef} /> : <Summary actorRef={actorRef} />}
      {snapshot.matches('held') ? (
        <p className="booking-hold">
          <Trans>We are holding this time for you for {holdMinutes} minutes.</Trans>
        </p>
      ) : null}
      {snapshot.matches('findSlot') ? <SlotStep actorRef={actorRef} /> : null}
      {snapshot.matches({ held: 'chooseArtist' }) ? <ArtistStep actorRef={actorRef} /> : null}
      {snapshot.hasTag('form') ? <BookingDetailsForm actorRef={actorRef} /> : null}
      {snapshot.matches('confirmed') ? (
        <p className="panel" role="status">
          <Trans>
            Your confirmation number is <strong>{confirmationNumber}</strong>.
          </Trans>
        </p>
      ) : null}
    </section>
  );
}
