import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Reservation } from '../../../contract/reservations.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { MemberOnly } from '../../shared/session/member-only.tsx';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { createBookingApi } from './booking-api.ts';
import { formatStoreDateTime } from './booking-format.ts';
import { cancelHref, HAPPENING_HREF, rescheduleHref } from './booking-paths.ts';
import { KIND_LABELS, STATUS_LABELS } from './booking-texts.ts';
import { bookingMessages } from './messages.ts';
import './booking.css';

/**
 * One booking of the list: what, where, when (the store's time and zone) and its status; an
 * upcoming one links to its pages, which say whether and why a change is refused.
 */
function BookingRow({ booking, upcoming }: { booking: Reservation; upcoming: boolean }) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const number = booking.confirmationNumber;
  const open = upcoming && booking.status !== 'cancelled' && booking.status !== 'expired';
  return (
    <li className="booking-row" data-status={booking.status} data-testid={`booking-${number}`}>
      <h3 className="booking-row__title">{booking.activity.name}</h3>
      <dl className="booking-row__facts">
        <div>
          <dt>{t`When`}</dt>
          <dd>
            <time dateTime={booking.appointmentAt}>{formatStoreDateTime(booking.appointmentAt, booking.store.timeZone, site)}</time>
          </dd>
        </div>
        <div>
          <dt>{t`Store`}</dt>
          <dd>{booking.store.name}</dd>
        </div>
        <div>
          <dt>{t`Kind`}</dt>
          <dd>{i18n._(KIND_LABELS[booking.kind])}</dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd>
            <span className="booking-status-badge" data-status={booking.status}>
              {i18n._(STATUS_LABELS[booking.status])}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t`Confirmation number`}</dt>
          <dd>{number}</dd>
        </div>
      </dl>
      {open ? (
        <p className="booking-row__links">
          {booking.kind === 'service' ? <Link href={rescheduleHref(number)}>{t`Reschedule ${number}`}</Link> : null}
          <Link href={cancelHref(booking.kind, number)}>{t`Cancel ${number}`}</Link>
        </p>
      ) : null}
    </li>
  );
}

function BookingList({ title, bookings, upcoming, empty }: { title: string; bookings: Reservation[]; upcoming: boolean; empty: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="booking-list">
      <h2 id={id}>{title}</h2>
      {bookings.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="booking-rows">
          {bookings.map((booking) => (
            <BookingRow key={booking.confirmationNumber} booking={booking} upcoming={upcoming} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The member's bookings (`GET reservation-service`) as a screen resource: upcoming soonest first, past latest first. */
function MyBookingsLists() {
  const { t } = useLingui();
  const api = useApi(createBookingApi);
  const bookings = useResource((signal) => api.mine({ signal }), 'bookings:mine');
  if (bookings.status === 'loading') return <PageSkeleton />;
  if (bookings.status !== 'success') return <ErrorPanel title={t`Your bookings could not be loaded.`} {...(bookings.status === 'failure' ? { onRetry: bookings.retry } : {})} />;
  const { upcoming, past } = bookings.data;
  return (
    <>
      <BookingList title={t`Upcoming`} bookings={upcoming} upcoming empty={t`You have no upcoming bookings.`} />
      <BookingList title={t`Past`} bookings={past} upcoming={false} empty={t`You have no past bookings.`} />
    </>
  );
}

/** `/account/bookings`: a member's services, classes and events, upcoming and past, each with its status. */
export default function MyBookingsScreen() {
  useFeatureCatalog(bookingMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`My bookings` });
  return (
    <section className="my-bookings">
      <p className="orders__back">
        <Link href="/account">{t`Your account`}</Link>
      </p>
      <h1>{t`My bookings`}</h1>
      <p>
        <Link href={HAPPENING_HREF}>{t`Book a service, class or event`}</Link>
      </p>
      <MemberOnly
        note={(href) => (
          <Trans>
            Please <a href={href}>sign in</a> to see your bookings.
          </Trans>
        )}
      >
        <MyBookingsLists />
      </MemberOnly>
    </section>
  );
}
