import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { BookingLifecycleApi } from '../../../../machines/booking/booking-lifecycle.connect.ts';
import type { TimeSlot } from '../../../contract/happening.ts';
import type { Reservation } from '../../../contract/reservations.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { createBookingApi } from './booking-api.ts';
import { ChoiceButtons, NoTimeSlots, StoreTimes } from './booking-flow-steps.tsx';
import { formatStoreDateTime, formatStoreDay } from './booking-format.ts';

/*
 * The new time of a reschedule: the days with a free time at the booking's store, a day's times
 * (the store's zone, named), and the artist (the booking's own when free then, or any). The move
 * itself is the lifecycle machine's (`reschedule`), refused by its guard with the reason shown.
 * Days and times are resources: the page's first ones rendered by the server (`first`), the ones
 * after a move or another day asked by the browser.
 */

interface PickerProps {
  booking: Reservation;
  view: Pick<BookingLifecycleApi, 'reschedule' | 'rescheduleBlocked'>;
  /** The page's first picker: its days and first day's times come with the page. */
  first: boolean;
  /** Id of the text that says why moving is refused now. */
  reasonId: string;
}

function ArtistChoice({ slot, artistId, onChange }: { slot: TimeSlot; artistId: string | null; onChange: (id: string | null) => void }) {
  const { t } = useLingui();
  const name = useId();
  if (slot.artists.length === 0) return null;
  return (
    <fieldset className="booking-stores">
      <legend>{t`Artist`}</legend>
      {[null, ...slot.artists].map((artist) => {
        const id = `${name}-${artist?.id ?? 'any'}`;
        return (
          <div key={id} className="booking-store">
            <input type="radio" id={id} name={name} checked={artistId === (artist?.id ?? null)} onChange={() => onChange(artist?.id ?? null)} />
            <label htmlFor={id}>{artist?.name ?? t`Any artist`}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

function DayTimes({ booking, date, first, reasonId, view }: PickerProps & { date: string }) {
  const { t } = useLingui();
  const site = useSite();
  const api = useApi(createBookingApi);
  const query = { activityId: booking.activity.id, storeId: booking.store.id, date };
  const times = useResource((signal) => api.times(query, { signal }), first ? `reschedule-times:${booking.confirmationNumber}:${date}` : null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [artistId, setArtistId] = useState<string | null>(booking.artist?.id ?? null);
  const timeZone = booking.store.timeZone;
  if (times.status === 'loading') return <p role="status">{t`Finding available times…`}</p>;
  if (times.status !== 'success') return <ErrorPanel title={t`Available times could not be loaded.`} {...(times.status === 'failure' ? { onRetry: times.retry } : {})} />;
  // The booking's own time is no new time.
  const slots = times.data.slots.filter((slot) => slot.startsAt !== booking.appointmentAt);
  if (slots.length === 0) return <NoTimeSlots />;
  const slot = slots.find((candidate) => candidate.startsAt === startsAt) ?? null;
  // The artist kept only while free at the time picked; otherwise any.
  const artist = slot && artistId && slot.artists.some((candidate) => candidate.id === artistId) ? artistId : null;
  const when = slot ? formatStoreDateTime(slot.startsAt, timeZone, site) : '';
  const refused = view.rescheduleBlocked !== null;
  return (
    <>
      <StoreTimes date={date} timeZone={timeZone} times={slots.map((candidate) => ({ item: candidate, pressed: candidate.startsAt === startsAt, disabled: false }))} onChoose={setStartsAt} />
      {slot ? <ArtistChoice slot={slot} artistId={artist} onChange={setArtistId} /> : null}
      <button
        type="button"
        className="button"
        disabled={slot === null || refused}
        aria-describedby={refused ? reasonId : slot === null ? `${reasonId}-time` : undefined}
        onClick={() => slot && view.reschedule(slot.startsAt, artist)}
      >
        {slot ? t`Move my booking to ${when}` : t`Move my booking`}
      </button>
      {slot === null ? (
        <span id={`${reasonId}-time`} className="visually-hidden">
          {t`Choose a new time first.`}
        </span>
      ) : null}
    </>
  );
}

/** The reschedule's new time: a day of the days with a free time, then its times and the artist. */
export function ReschedulePicker(props: PickerProps) {
  const { t } = useLingui();
  const site = useSite();
  const api = useApi(createBookingApi);
  const { booking, first } = props;
  const days = useResource((signal) => api.days({ activityId: booking.activity.id, storeId: booking.store.id }, { signal }), first ? `reschedule-days:${booking.confirmationNumber}` : null);
  const [picked, setPicked] = useState<string | null>(null);
  if (days.status === 'loading') return <p role="status">{t`Finding available times…`}</p>;
  if (days.status !== 'success') return <ErrorPanel title={t`Available times could not be loaded.`} {...(days.status === 'failure' ? { onRetry: days.retry } : {})} />;
  if (days.data.days.length === 0) {
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
  const date = picked !== null && days.data.days.includes(picked) ? picked : (days.data.days[0] ?? '');
  return (
    <div className="booking-reschedule">
      <ChoiceButtons
        className="booking-choices booking-choices--inline"
        label={t`Available dates`}
        choices={days.data.days.map((day) => ({ key: day, label: formatStoreDay(day, site), pressed: day === date, disabled: false, choose: () => setPicked(day) }))}
      />
      <DayTimes key={date} {...props} first={first && picked === null} date={date} />
    </div>
  );
}
