import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { BookingLifecycleApi } from '../../../../machines/booking/booking-lifecycle.connect.ts';
import type { Artist } from '../../../contract/booking.ts';
import type { Reservation } from '../../../contract/reservations.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { createBookingApi } from './booking-api.ts';
import { StoreTimes, useKeptFocus, WeekStrip } from './booking-days.tsx';
import { NoTimeSlots } from './booking-flow-steps.tsx';
import { formatStoreDateTime } from './booking-format.ts';

/*
 * The new time of a reschedule: who does it (the booked artist, kept unless the shopper chooses any
 * free artist), the days with a free time at the booking's store, and a day's times: with the
 * booked artist kept, only the times that artist is free (the booking's own times, counted without
 * the booking itself: `moveTimes`). The move is the lifecycle machine's (`reschedule`), refused by
 * its guard with the reason shown. Days and times are resources: the page's first ones rendered by
 * the server (`first`), the ones after a move or another day asked by the browser.
 */

interface PickerProps {
  booking: Reservation;
  view: Pick<BookingLifecycleApi, 'reschedule' | 'rescheduleBlocked'>;
  /** The page's first picker: its days and first day's times come with the page. */
  first: boolean;
  /** Id of the text that says why moving is refused now. */
  reasonId: string;
  /** A guest's key: the booking's own times are asked with it. */
  manageKey: string | null;
}

/** Who does the new time: the booked artist (kept) or any free one, the shopper's explicit choice. */
type Who = 'kept' | 'any';

function ArtistChoice({ artist, who, onChange }: { artist: Artist; who: Who; onChange: (who: Who) => void }) {
  const { t } = useLingui();
  const name = useId();
  const artistName = artist.name;
  return (
    <fieldset className="booking-stores booking-artist-choice">
      <legend>{t`Artist`}</legend>
      <div className="booking-store">
        <input type="radio" id={`${name}-kept`} name={name} checked={who === 'kept'} aria-describedby={`${name}-kept-hint`} onChange={() => onChange('kept')} />
        <label htmlFor={`${name}-kept`}>{artistName}</label>
        <span id={`${name}-kept-hint`} className="field__hint booking-store__reason">
          {t`Your artist: only the times ${artistName} is free are shown.`}
        </span>
      </div>
      <div className="booking-store">
        <input type="radio" id={`${name}-any`} name={name} checked={who === 'any'} aria-describedby={`${name}-any-hint`} onChange={() => onChange('any')} />
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
  const kept = who === 'kept' ? booking.artist : null;
  // The booking's own time is no new time; with the artist kept, only the times they are free.
  const slots = times.data.slots.filter((slot) => slot.startsAt !== booking.appointmentAt && (kept === null || slot.artists.some((artist) => artist.id === kept.id)));
  const keptName = kept?.name ?? '';
  if (slots.length === 0) {
    return kept ? (
      <div className="panel" data-state="noTimeSlots">
        <p className="panel__title">{t`${keptName} has no free time on this day.`}</p>
        <p>{t`Choose another day, or choose any artist to see every free time.`}</p>
      </div>
    ) : (
      <NoTimeSlots />
    );
  }
  const slot = slots.find((candidate) => candidate.startsAt === startsAt) ?? null;
  const when = slot ? formatStoreDateTime(slot.startsAt, timeZone, site) : '';
  const refused = view.rescheduleBlocked !== null;
  const label = slot ? (kept ? t`Move my booking to ${when} with ${keptName}` : t`Move my booking to ${when} with any free artist`) : t`Move my booking`;
  return (
    <>
      <StoreTimes
        date={date}
        timeZone={timeZone}
        times={slots.map((candidate) => ({ slot: candidate, pressed: candidate.startsAt === startsAt, disabled: false }))}
        onChoose={setStartsAt}
        note={kept ? <p className="field__hint">{t`The times ${keptName} is free.`}</p> : null}
      />
      <button
        type="button"
        className="button"
        // No time yet: nothing to press. While a move is out, pressing again waits (the focus stays on it).
        disabled={slot === null}
        aria-disabled={(slot !== null && refused) || undefined}
        aria-describedby={refused ? reasonId : slot === null ? `${reasonId}-time` : undefined}
        onClick={() => slot && !refused && view.reschedule(slot.startsAt, kept ? kept.id : null)}
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

/** The reschedule's new time: the artist kept or any, a day of the days with a free time, then its times. */
export function ReschedulePicker(props: PickerProps) {
  const { t } = useLingui();
  const api = useApi(createBookingApi);
  const { booking, first } = props;
  const days = useResource((signal) => api.days({ activityId: booking.activity.id, storeId: booking.store.id }, { signal }), first ? `reschedule-days:${booking.confirmationNumber}` : null);
  const [picked, setPicked] = useState<string | null>(null);
  const [who, setWho] = useState<Who>(booking.artist ? 'kept' : 'any');
  const strip = useRef<HTMLDivElement>(null);
  const loaded = days.status === 'success' ? days.data : null;
  const date = loaded && picked !== null && loaded.days.includes(picked) ? picked : (loaded?.days[0] ?? '');
  useKeptFocus(() => strip.current?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? null, date);
  if (days.status === 'loading') return <p role="status">{t`Finding available times…`}</p>;
  if (!loaded) return <ErrorPanel title={t`Available times could not be loaded.`} {...(days.status === 'failure' ? { onRetry: days.retry } : {})} />;
  if (loaded.days.length === 0) {
    return (
      <div className="panel" data-state="noAvailableSlots">
        <p className="panel__title">
          <Trans>No Available Slots</Trans>
        </p>
        <p>
          <Trans>There is no other free time at this store at the moment.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className="booking-reschedule">
      {booking.artist ? <ArtistChoice artist={booking.artist} who={who} onChange={setWho} /> : null}
      <div ref={strip}>
        <WeekStrip label={t`Available dates`} from={loaded.from} to={loaded.to} days={loaded.days.map((day) => ({ date: day, pressed: day === date, disabled: false, choose: () => setPicked(day) }))} />
      </div>
      <DayTimes key={date} {...props} first={first && picked === null} date={date} who={who} />
    </div>
  );
}
