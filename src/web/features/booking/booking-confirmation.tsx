import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Reservation } from '../../../contract/reservations.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { bookingCalendar, calendarFileName } from './booking-calendar.ts';
import { formatStoreDateTime, zoneName } from './booking-format.ts';
import { cancelHref, MY_BOOKINGS_HREF, rescheduleHref } from './booking-paths.ts';
import { KIND_LABELS } from './booking-texts.ts';

/** Where the booking is, when (the store's local time, its zone named) and with whom. */
export function BookingFacts({ booking }: { booking: Reservation }) {
  const site = useSite();
  const { t, i18n } = useLingui();
  const { store, activity } = booking;
  const zone = zoneName(store.timeZone, site, booking.appointmentAt);
  return (
    <dl className="booking-summary">
      <dt>
        <Trans>Confirmation number</Trans>
      </dt>
      <dd data-testid="confirmation-number">{booking.confirmationNumber}</dd>
      <dt>{i18n._(KIND_LABELS[booking.kind])}</dt>
      <dd>
        {activity.name} · {activity.price ? formatMoney(activity.price, site) : t`Free`}
      </dd>
      <dt>
        <Trans>Store</Trans>
      </dt>
      <dd>
        {store.name}
        <br />
        {store.line1}, {store.city} · <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>{store.phone}</a>
      </dd>
      <dt>
        <Trans>Date and time</Trans>
      </dt>
      <dd>
        <time dateTime={booking.appointmentAt} data-testid="booking-time">
          {formatStoreDateTime(booking.appointmentAt, store.timeZone, site)}
        </time>{' '}
        <span className="field__hint">({t`store time: ${zone}`})</span>
      </dd>
      {booking.artist ? (
        <>
          <dt>
            <Trans>Artist</Trans>
          </dt>
          <dd>{booking.artist.name}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** "Add to calendar": the booking as an `.ics` file (booking-calendar.ts), downloaded when asked. */
export function AddToCalendar({ booking, manageUrl }: { booking: Reservation; manageUrl: string | null }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  const activity = booking.activity.name;
  const store = booking.store.name;
  const number = booking.confirmationNumber;
  const artist = booking.artist?.name ?? null;
  const download = () => {
    setFailed(false);
    try {
      const lines = [t`Confirmation number: ${number}`, ...(artist ? [t`Artist: ${artist}`] : []), booking.store.phone];
      const text = bookingCalendar(booking, { title: t`${activity} at ${store}`, description: lines.join('\n') }, manageUrl);
      const href = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = href;
      link.download = calendarFileName(booking);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 1_000);
    } catch {
      // A browser that refuses to make the file (no Blob URLs in a locked-down webview).
      setFailed(true);
    }
  };
  return (
    <>
      <button type="button" className="button button--secondary" onClick={download}>
        <Trans>Add to calendar (.ics)</Trans>
      </button>
      {failed ? (
        <p className="field__error" role="alert">
          <Trans>The calendar file could not be made. Please try again.</Trans>
        </p>
      ) : null}
    </>
  );
}

/** The flow's last step: the number, where and when, the calendar file, and how to change it later. */
export function BookingConfirmation({ booking }: { booking: Reservation }) {
  const { t } = useLingui();
  const site = useSite();
  const number = booking.confirmationNumber;
  const key = booking.manageKey ?? null;
  const email = booking.email;
  const price = booking.activity.price ? formatMoney(booking.activity.price, site) : null;
  const cutoff = formatStoreDateTime(booking.changeCutoffAt, booking.store.timeZone, site);
  const cancel = cancelHref(booking.kind, number, key);
  const reschedule = booking.kind === 'service' ? rescheduleHref(number, key) : null;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="booking-confirmation" data-testid="booking-confirmation">
      <p className="panel" role="status">
        <Trans>
          Your confirmation number is <strong>{number}</strong>.
        </Trans>
      </p>
      <BookingFacts booking={booking} />
      <p className="booking-payment" data-testid="booking-payment">
        {price ? t`${price}, paid at the store on the day: nothing is charged now.` : t`Free: there is nothing to pay.`}
      </p>
      {email ? <p>{t`A confirmation has been sent to ${email}.`}</p> : null}
      <div className="booking-actions">
        <AddToCalendar booking={booking} manageUrl={origin ? `${origin}${key ? cancel : MY_BOOKINGS_HREF}` : null} />
      </div>
      <h3>
        <Trans>Need to change it?</Trans>
      </h3>
      <p>{reschedule ? t`You can reschedule or cancel until ${cutoff}.` : t`You can cancel until ${cutoff}.`}</p>
      <ul className="booking-links">
        {reschedule ? (
          <li>
            <Link href={reschedule}>{t`Reschedule this booking`}</Link>
          </li>
        ) : null}
        <li>
          <Link href={cancel}>{t`Cancel this booking`}</Link>
        </li>
        {key ? null : (
          <li>
            <Link href={MY_BOOKINGS_HREF}>{t`My bookings`}</Link>
          </li>
        )}
      </ul>
      {key ? <p className="field__hint">{t`Anyone with these links can change your booking: keep them to yourself.`}</p> : null}
    </div>
  );
}
