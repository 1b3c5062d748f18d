import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { addDays, daysBetween } from '../../../contract/calendar-day.ts';
import type { TimeSlot } from '../../../contract/happening.ts';
import { intlLocale } from '../../../config/languages.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { formatStoreDay, formatStoreTime, zoneName } from './booking-format.ts';

/*
 * The day and time pickers of the booking flow and the reschedule page: a week strip (seven days
 * with previous and next week, a thumb's size each) instead of a row of every bookable day, and a
 * day's times under the day's heading. The chosen day and time are pressed buttons, and a choice
 * never takes the focus away: while the times load, the days stay in place, unavailable to press
 * (`aria-disabled`, so the focused one keeps the focus), and the week buttons likewise at the ends.
 */

/** A day of the strip that has a free time: pressed when chosen, disabled while the machine takes no day. */
export interface DayChoice {
  date: string;
  pressed: boolean;
  disabled: boolean;
  choose: () => void;
}

const WEEK = 7;

/** The first day of the strip's week holding `date`: weeks count from the first bookable day. */
function weekOf(from: string, date: string): string {
  const offset = Math.max(0, daysBetween(from, date));
  return addDays(from, Math.floor(offset / WEEK) * WEEK);
}

/** The weekday, day and month of a store day as separate words (shown stacked; the button's name is the whole day). */
function dayParts(date: string, locale: string): { weekday: string; day: string; month: string } {
  const at = new Date(`${date}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
  return { weekday: part({ weekday: 'short' }), day: part({ day: 'numeric' }), month: part({ month: 'short' }) };
}

/**
 * Seven days at a time from the first bookable day (`from`) to the last (`to`): the days with a
 * free time are buttons, the others say they have none. Opens at the chosen day's week.
 */
export function WeekStrip({ days, from, to, label }: { days: readonly DayChoice[]; from: string; to: string; label: string }) {
  const { t } = useLingui();
  const site = useSite();
  const reasonId = useId();
  const chosen = days.find((day) => day.pressed)?.date ?? days[0]?.date ?? from;
  const [start, setStart] = useState(() => weekOf(from, chosen));
  // A day chosen elsewhere (the date field) in another week: the strip moves to its week.
  const [shownFor, setShownFor] = useState(chosen);
  if (shownFor !== chosen) {
    setShownFor(chosen);
    setStart(weekOf(from, chosen));
  }
  const last = weekOf(from, to);
  // A new window (another store) or a chosen day in another week: show that week.
  const shown = start < from || start > last ? weekOf(from, chosen) : start;
  const byDate = new Map(days.map((day) => [day.date, day]));
  const week = Array.from({ length: WEEK }, (_, index) => addDays(shown, index));
  const first = shown <= from;
  const end = shown >= last;
  const range = `${formatStoreDay(week[0] ?? shown, site)} – ${formatStoreDay(week[WEEK - 1] ?? shown, site)}`;
  const locale = intlLocale(site.language, site.country);
  return (
    <div className="booking-week">
      <div className="booking-week__bar">
        <button type="button" className="booking-week__nav" aria-disabled={first || undefined} aria-describedby={first ? `${reasonId}-first` : undefined} onClick={() => !first && setStart(addDays(shown, -WEEK))}>
          <span aria-hidden="true">‹</span> <Trans>Previous week</Trans>
        </button>
        <p className="booking-week__range" aria-live="polite">
          {range}
        </p>
        <button type="button" className="booking-week__nav" aria-disabled={end || undefined} aria-describedby={end ? `${reasonId}-last` : undefined} onClick={() => !end && setStart(addDays(shown, WEEK))}>
          <Trans>Next week</Trans> <span aria-hidden="true">›</span>
        </button>
        <span id={`${reasonId}-first`} className="visually-hidden">
          {t`This week has the first days that can be booked.`}
        </span>
        <span id={`${reasonId}-last`} className="visually-hidden">
          {t`This week has the last days that can be booked.`}
        </span>
      </div>
      <ul className="booking-week__days" aria-label={label}>
        {week.map((date) => {
          const day = byDate.get(date);
          const parts = dayParts(date, locale);
          const name = formatStoreDay(date, site);
          const face = (
            <>
              <span className="booking-day__weekday" aria-hidden="true">
                {parts.weekday}
              </span>
              <span className="booking-day__number" aria-hidden="true">
                {parts.day}
              </span>
              <span className="booking-day__month" aria-hidden="true">
                {parts.month}
              </span>
            </>
          );
          return (
            <li key={date}>
              {day ? (
                <button
                  type="button"
                  className="booking-day"
                  data-date={date}
                  aria-label={name}
                  aria-pressed={day.pressed}
                  aria-disabled={day.disabled || undefined}
                  onClick={() => !day.disabled && day.choose()}
                >
                  {face}
                </button>
              ) : (
                <span className="booking-day booking-day--none" data-date={date}>
                  {face}
                  <span className="visually-hidden">{t`${name}: no free time`}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A time to choose: pressed when chosen; a class's or event's with its seats left. */
export interface TimeChoice {
  slot: Pick<TimeSlot, 'startsAt' | 'seatsLeft'>;
  pressed: boolean;
  disabled: boolean;
}

/**
 * A day's times at a store under the day's heading, in the store's zone whatever the shopper's:
 * the list is labelled with the day and the zone's name (as the shopper's language says it that
 * day); `seats` shows each time's seats left (classes and events).
 */
export function StoreTimes({
  date,
  timeZone,
  times,
  onChoose,
  seats = false,
  note = null,
}: {
  date: string | null;
  timeZone: string;
  times: readonly TimeChoice[];
  onChoose: (startsAt: string) => void;
  seats?: boolean;
  note?: ReactNode;
}) {
  const site = useSite();
  const { t } = useLingui();
  const headingId = useId();
  const day = date ? formatStoreDay(date, site) : null;
  const zone = zoneName(timeZone, site, times[0]?.slot.startsAt);
  return (
    <section className="booking-times" aria-labelledby={headingId}>
      <h3 id={headingId} className="booking-times__day">
        {day ?? t`Times`} <span className="booking-times__zone">({zone})</span>
      </h3>
      {note}
      <ul className="booking-times__list" aria-label={day && zone ? t`Times on ${day} (${zone})` : t`Times`}>
        {times.map((choice) => {
          const left = choice.slot.seatsLeft;
          const seatsId = `${headingId}-${choice.slot.startsAt}`;
          return (
            <li key={choice.slot.startsAt}>
              <button
                type="button"
                className="booking-time"
                data-starts-at={choice.slot.startsAt}
                aria-pressed={choice.pressed}
                aria-disabled={choice.disabled || undefined}
                aria-describedby={seats ? seatsId : undefined}
                onClick={() => !choice.disabled && onChoose(choice.slot.startsAt)}
              >
                {formatStoreTime(choice.slot.startsAt, timeZone, site)}
              </button>
              {seats ? (
                <span id={seatsId} className="booking-time__seats" data-testid="seats-left">
                  <Plural value={left} one="# seat left" other="# seats left" />
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Keeps the focus on the control in use when what it is in renders again: after a choice, when the
 * focus has fallen to the page (the control was replaced), it goes to `target` (the chosen day).
 */
export function useKeptFocus(target: () => HTMLElement | null, when: unknown) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active === null || active === document.body) target()?.focus();
    // Only a new choice moves it, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [when]);
}
