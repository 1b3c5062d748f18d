import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { BookingFlowApi, Choice } from '../../../../machines/booking/booking-flow.connect.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { BusyReason } from './booking-details-form.tsx';
import { StoreTimes, useKeptFocus, WeekStrip } from './booking-days.tsx';

/* The flow's steps before the details: the activity and its store, the day and time, the artist. */

export function BackButton({ view }: { view: BookingFlowApi }) {
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

/** The stores the activity is booked at; another one searches its times there. */
export function StorePicker({ view }: { view: BookingFlowApi }) {
  const { t, i18n } = useLingui();
  const name = useId();
  if (view.stores.length === 0) return null;
  return (
    <fieldset className="booking-stores">
      <legend>{t`Store`}</legend>
      {view.stores.map(({ item: store, pressed, disabled, disabledReason }) => {
        const id = `${name}-${store.id}`;
        return (
          <div key={store.id} className="booking-store">
            <input
              type="radio"
              id={id}
              name={name}
              value={store.id}
              checked={pressed === true}
              disabled={disabled}
              aria-describedby={disabledReason ? `${id}-reason` : `${id}-address`}
              onChange={() => view.selectStore(store.id)}
            />
            <label htmlFor={id}>
              <span className="booking-store__name">{store.name}</span>{' '}
              <span id={`${id}-address`} className="field__hint">
                {store.line1}, {store.city}
              </span>
            </label>
            {disabledReason ? (
              <span id={`${id}-reason`} className="field__hint booking-store__reason">
                {i18n._(disabledReason)}
              </span>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The activities (a page of one activity shows its "Find a time" only), each enabled when the machine takes it. */
export function ActivityStep({ view }: { view: BookingFlowApi }) {
  const site = useSite();
  const { t, i18n } = useLingui();
  const single = view.activities.length === 1 ? view.activities[0] : undefined;
  if (single) {
    const reasonId = `booking-activity-${single.item.id}-reason`;
    return (
      <div className="booking-step">
        <StorePicker view={view} />
        <button type="button" className="button" disabled={single.disabled} aria-describedby={single.disabledReason ? reasonId : undefined} onClick={() => view.selectActivity(single.item.id)}>
          <Trans>Find a time</Trans>
        </button>
        {single.disabledReason ? (
          <span id={reasonId} className="field__hint">
            {i18n._(single.disabledReason)}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <div className="booking-step">
      <StorePicker view={view} />
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
    </div>
  );
}

interface ChoiceButton extends Omit<Choice<unknown>, 'item'> {
  key: string;
  label: ReactNode;
  choose: () => void;
}

/** A list of choices, each a button enabled only when the machine accepts its event. */
export function ChoiceButtons({ choices, className, label }: { choices: ChoiceButton[]; className: string; label?: string }) {
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

/** A day with no free time left: the booking and the reschedule ask for another date alike. */
export function NoTimeSlots() {
  return (
    <div className="panel" data-state="noTimeSlots">
      <p className="panel__title">
        <Trans>No time slots available</Trans>
      </p>
      <p>
        <Trans>Please choose another date.</Trans>
      </p>
    </div>
  );
}

function DatePicker({ view }: { view: BookingFlowApi }) {
  const { t } = useLingui();
  const reasonId = useId();
  const [other, setOther] = useState('');
  const strip = useRef<HTMLDivElement>(null);
  const refusal = view.dateRefusal(other);
  // The times below render again for the day chosen: the focus stays on (or comes back to) that day.
  useKeptFocus(() => strip.current?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? null, view.date);
  const bookable = view.window;
  if (!bookable) return null;
  return (
    <div className="booking-dates" ref={strip}>
      <WeekStrip
        label={t`Available dates`}
        from={bookable.from}
        to={bookable.to}
        days={view.dates.map((choice) => ({ date: choice.item, pressed: choice.pressed === true, disabled: choice.disabled, choose: () => view.selectDate(choice.item) }))}
      />
      <div className="field field--inline booking-other-date">
        <label htmlFor="booking-other-date">
          <Trans>Another date</Trans>
        </label>
        <input id="booking-other-date" type="date" min={bookable.from} max={bookable.to} value={other} onChange={(event) => setOther(event.target.value)} />
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

/** Find a slot: the store, the days with a free time, a day's times in the store's zone. */
export function SlotStep({ view }: { view: BookingFlowApi }) {
  const { i18n } = useLingui();
  const { notice, date, slotsStatus, timeZone } = view;
  return (
    <div className="booking-step">
      {notice ? (
        <p className="panel panel--error" role="alert" data-notice={view.noticeCode}>
          {i18n._(notice)}
        </p>
      ) : null}
      {view.choosesStore ? <StorePicker view={view} /> : null}
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
          <button type="button" className="button" onClick={view.retry}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : null}
      {slotsStatus === 'noAvailableSlots' ? (
        <div className="panel" data-state="noAvailableSlots">
          <p className="panel__title">
            <Trans>No Available Slots</Trans>
          </p>
          <p>
            <Trans>This cannot be booked at this store at the moment. Please choose another store, or something else.</Trans>
          </p>
        </div>
      ) : null}
      {slotsStatus === 'noTimeSlots' ? <NoTimeSlots /> : null}
      {/* Kept while a chosen day's times load, so the day pressed keeps the focus. */}
      {view.choosesDate || (slotsStatus === 'loading' && view.window !== null && view.dates.length > 0) ? <DatePicker view={view} /> : null}
      {slotsStatus === 'choosing' && timeZone ? (
        <StoreTimes
          date={date}
          timeZone={timeZone}
          seats={!view.choosesArtist}
          times={view.times.map((choice) => ({ slot: choice.item, pressed: choice.pressed === true, disabled: choice.disabled }))}
          onChoose={view.selectTime}
        />
      ) : null}
      <BackButton view={view} />
    </div>
  );
}

export function ArtistStep({ view }: { view: BookingFlowApi }) {
  const { t } = useLingui();
  return (
    <div className="booking-step">
      <ChoiceButtons
        className="booking-choices"
        label={t`Artists`}
        choices={view.artists.map((choice) => ({ ...choice, key: choice.item?.id ?? 'any', label: choice.item?.name ?? t`Any artist`, choose: () => view.selectArtist(choice.item?.id ?? null) }))}
      />
      <BackButton view={view} />
    </div>
  );
}
