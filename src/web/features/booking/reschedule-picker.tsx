import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { BookingLifecycleApi } from '../../../../machines/booking/booking-lifecycle.connect.ts';
import type { Artist } from '../../../contract/booking.ts';
import type { RescheduleDays, Reservation } from '../../../contract/reservations.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { createBookingApi } from './booking-api.ts';
import { StoreTimes, useKeptFocus, WeekStrip } from './booking-days.tsx';
import { NoTimeSlots } from './booking-flow-steps.tsx';
import { formatStoreDateTime } from './booking-format.ts';

/*
 * The new time of a reschedule: who does it (the booked artist, kept unless the shopper picks
 * another of the service's artists at the store, or any free artist), the days that artist has a
 * free time, and a day's times. Days and times are the booking's own (`moveDays`, `moveTimes`):
 * counted without the booking itself, so the booked artist's times are true; with an artist chosen,
 * only the days and times they are free. The move is the lifecycle machine's (`reschedule`, with
 * the artist chosen or null for any), refused by its guard with the reason shown. Days and times
 * are resources: the page's first ones rendered by the server (`first`), the others asked by the
 * browser. The artist choice stays in place while another artist's days load, so it keeps the focus.
 */

interface PickerProps {
  booking: Reservation;
  view: Pick<BookingLifecycleApi, 'reschedule' | 'rescheduleBlocked'>;
  /** The page's first picker: its days and first day's times come with the page. */
  first: boolean;
  /** Id of the text that says why moving is refused now. */
  reasonId: string;
  /** A guest's key: the booking's own days and times are asked with it. */
  manageKey: string | null;
}

/** Who does the new time: an artist (the booked one by default), or null for any free artist. */
type Who = Artist | null;

function ArtistChoice({ artists, kept, who, onChange }: { artists: readonly Artist[]; kept: Artist | null; who: Who; onChange: (who: Who) => void }) {
  const { t } = useLingui();
  const name = useId();
  return (
    <fieldset className="booking-stores booking-artist-choice">
      <legend>{t`Artist`}</legend>
      {artists.map((artist, index) => {
        const artistName = artist.name;
        const id = `${name}-${index}`;
        return (
          <div className="booking-store" key={artist.id}>
            <input type="radio" id={id} name={name} checked={who?.id === artist.id} aria-describedby={`${id}-hint`} onChange={() => onChange(artist)} />
            <label htmlFor={id}>{artistName}</label>
            <span id={`${id}-hint`} className="field__hint booking-store__reason">
              {artist.id === kept?.id ? t`Your artist: only the times ${artistName} is free are shown.` : t`Another artist: only the times ${artistName} is free are shown.`}
            </span>
          </div>
        );
      })}
      <div className="booking-store">
        <input type="radio" id={`${name}-any`} name={name} checked={who === null} aria-describedby={`${name}-any-hint`} onChange={() => onChange(null)} />
        <label htmlFor={`${name}-any`}>{t`Any artist`}</label>
        <span id={`${name}-any-hint`} className="field__hint booking-store__reason">
          {t`Every free time, with whichever artist is free then.`}
        </span>
      </div>
    </fieldset>
  );
}

function DayTimes({ booking, date, first, reasonId, view, manageKey, who }: PickerProps & { date: string; who: Who }) {
  const { t } = useLingui();
  const site = useSite();
  const api = useApi(createBookingApi);
  const times = useResource((signal) => api.moveTimes(booking.confirmationNumber, date, manageKey, { signal }), first ? `reschedule-times:${booking.confirmationNumber}:${date}` : null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const timeZone = booking.store.timeZone;
  if (times.status === 'loading') return <p role="status">{t`Finding available times…`}</p>;
  if (times.status !== 'success') return <ErrorPanel title={t`Available times could not be loaded.`} {...(times.status === 'failure' ? { onRetry: times.retry } : {})} />;
  // The booking's own time is no new time; with an artist chosen, only the times they are free.
  const slots = times.data.slots.filter((slot) => slot.startsAt !== booking.appointmentAt && (who === null || slot.artists.some((artist) => artist.id === who.id)));
  const whoName = who?.name ?? '';
  if (slots.length === 0) {
    return who ? (
      <div className="panel" data-state="noTimeSlots">
        <p className="panel__title">{t`${whoName} has no free time on this day.`}</p>
        <p>{t`Choose another day, or choose any artist to see every free time.`}</p>
      </div>
    ) : (
      <NoTimeSlots />
    );
  }
  const slot = slots.find((candidate) => candidate.startsAt === startsAt) ?? null;
  const when = slot ? formatStoreDateTime(slot.startsAt, timeZone, site) : '';
  const refused = view.rescheduleBlocked !== null;
  const label = slot ? (who ? t`Move my booking to ${when} with ${whoName}` : t`Move my booking to ${when} with any free artist`) : t`Move my booking`;
  return (
    <>
      <StoreTimes
        date={date}
        timeZone={timeZone}
        times={slots.map((candidate) => ({ slot: candidate, pressed: candidate.startsAt === startsAt, disabled: false }))}
        onChoose={setStartsAt}
        note={who ? <p className="field__hint">{t`The times ${whoName} is free.`}</p> : null}
      />
      <button
        type="button"
        className="button"
        // No time yet: nothing to press. While a move is out, pressing again waits (the focus stays on it).
        disabled={slot === null}
        aria-disabled={(slot !== null && refused) || undefined}
        aria-describedby={refused ? reasonId : slot === null ? `${reasonId}-time` : undefined}
        onClick={() => slot && !refused && view.reschedule(slot.startsAt, who ? who.id : null)}
      >
        {label}
      </button>
      {slot === null ? (
        <span id={`${reasonId}-time`} className="visually-hidden">
          {t`Choose a new time first.`}
        </span>
      ) : null}
    </>
  );
}

interface DaysProps extends PickerProps {
  who: Who;
  /** The day the shopper chose (kept across artists while it is one of theirs). */
  picked: string | null;
  onPick: (date: string) => void;
}

/** The days an artist (or any) has a free time, a week strip of them, and the chosen day's times. */
function DaysOf({ days, ...props }: DaysProps & { days: RescheduleDays }) {
  const { t } = useLingui();
  const { who, picked, onPick, first } = props;
  const strip = useRef<HTMLDivElement>(null);
  const date = picked !== null && days.days.includes(picked) ? picked : (days.days[0] ?? '');
  useKeptFocus(() => strip.current?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? null, date);
  const whoName = who?.name ?? '';
  if (days.days.length === 0) {
    return (
      <div className="panel" data-state="noAvailableSlots">
        <p className="panel__title">
          <Trans>No Available Slots</Trans>
        </p>
        <p>{who ? t`${whoName} has no free time at this store in the coming weeks. Choose another artist, or any artist.` : t`There is no other free time at this store at the moment.`}</p>
      </div>
    );
  }
  return (
    <>
      <div ref={strip}>
        <WeekStrip label={t`Available dates`} from={days.from} to={days.to} days={days.days.map((day) => ({ date: day, pressed: day === date, disabled: false, choose: () => onPick(day) }))} />
      </div>
      <DayTimes key={date} {...props} first={first && picked === null} date={date} />
    </>
  );
}

/** Another artist's days (or any's), asked by the browser when the shopper changes who. */
function LoadedDaysOf(props: DaysProps) {
  const { t } = useLingui();
  const api = useApi(createBookingApi);
  const { booking, who, manageKey } = props;
  const days = useResource((signal) => api.moveDays(booking.confirmationNumber, who ? who.id : null, manageKey, { signal }));
  if (days.status === 'loading') return <p role="status">{t`Finding available times…`}</p>;
  if (days.status !== 'success') return <ErrorPanel title={t`Available times could not be loaded.`} {...(days.status === 'failure' ? { onRetry: days.retry } : {})} />;
  return <DaysOf {...props} first={false} days={days.data} />;
}

/** The reschedule's new time: the artist kept, another picked or any, a day they have a free time, then its times. */
export function ReschedulePicker(props: PickerProps) {
  const { t } = useLingui();
  const api = useApi(createBookingApi);
  const { booking, first, manageKey } = props;
  const kept = booking.artist;
  // The first days are the booked artist's: they come with the page and name every artist to choose from.
  const firstDays = useResource((signal) => api.moveDays(booking.confirmationNumber, kept ? kept.id : null, manageKey, { signal }), first ? `reschedule-days:${booking.confirmationNumber}` : null);
  const [who, setWho] = useState<Who>(kept);
  const [picked, setPicked] = useState<string | null>(null);
  if (firstDays.status === 'loading') return <p role="status">{t`Finding available times…`}</p>;
  if (firstDays.status !== 'success') return <ErrorPanel title={t`Available times could not be loaded.`} {...(firstDays.status === 'failure' ? { onRetry: firstDays.retry } : {})} />;
  const { artists } = firstDays.data;
  const days = { ...props, who, picked, onPick: setPicked };
  return (
    <div className="booking-reschedule">
      {artists.length > 0 ? <ArtistChoice artists={artists} kept={kept} who={who} onChange={setWho} /> : null}
      {who?.id === kept?.id ? <DaysOf {...days} days={firstDays.data} /> : <LoadedDaysOf key={who?.id ?? ''} {...days} />}
    </div>
  );
}
