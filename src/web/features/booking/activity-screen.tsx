import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { DaysQuery, TimesQuery } from '../../../../machines/booking/booking-flow.actors.ts';
import type { Contact } from '../../../../machines/booking/booking-flow.types.ts';
import { useSignedIn } from '../../shared/session/session-store.ts';
import type { AvailableDays, TimeSlots } from '../../../contract/happening.ts';
import type { Hold, HoldRequest, Reservation, ReservationCreate } from '../../../contract/reservations.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import type { ScreenProps } from '../../shared/screen.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { NotFoundScreen } from '../../shared/ui/not-found-screen.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { createBookingApi, type ActivityPage } from './booking-api.ts';
import { BookingFlow } from './booking-flow-view.tsx';
import { kindOfSegment } from './booking-paths.ts';
import { KIND_LABELS } from './booking-texts.ts';
import { HappeningTop } from './happening-top.tsx';
import { bookingMessages } from './messages.ts';
import './booking.css';

/** The activity's facts and policy (spec §3: duration, price, capacity; the policy shown before booking). */
function ActivityFacts({ page }: { page: ActivityPage }) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const { activity } = page;
  const minutes = activity.durationMinutes;
  const seats = activity.capacity;
  const days = activity.policy.bookAheadDays;
  const hours = activity.policy.changeCutoffHours;
  const teacher = activity.teacher ?? '';
  return (
    <dl className="booking-summary activity-facts">
      <dt>{t`Kind`}</dt>
      <dd>{i18n._(KIND_LABELS[activity.kind])}</dd>
      <dt>{t`Duration`}</dt>
      <dd>
        <Trans>{minutes} min</Trans>
      </dd>
      <dt>{t`Price`}</dt>
      <dd data-testid="activity-price">{activity.price ? formatMoney(activity.price, site) : t`Free`}</dd>
      {activity.kind === 'service' ? null : (
        <>
          <dt>{t`Seats`}</dt>
          <dd>
            <Plural value={seats} one="# seat per session" other="# seats per session" />
          </dd>
        </>
      )}
      {activity.teacher ? (
        <>
          <dt>{t`Teacher`}</dt>
          <dd>{teacher}</dd>
        </>
      ) : null}
      <dt>{t`Booking policy`}</dt>
      <dd>
        <Plural value={days} one="Book up to # day ahead." other="Book up to # days ahead." />{' '}
        {activity.kind === 'service' ? (
          <Plural value={hours} one="Reschedule or cancel until # hour before the start." other="Reschedule or cancel until # hours before the start." />
        ) : (
          <Plural value={hours} one="Cancel until # hour before the start." other="Cancel until # hours before the start." />
        )}
      </dd>
    </dl>
  );
}

/** A member's contact (browser only: the page is the same for everyone), given to `onLoaded` when it comes. */
function MemberContact({ onLoaded }: { onLoaded: (contact: Contact) => void }) {
  const api = useApi(createBookingApi);
  const contact = useResource((signal) => api.contact({ signal }));
  const loaded = contact.status === 'success' ? contact.data : null;
  useEffect(() => {
    if (loaded) onLoaded(loaded);
  }, [loaded, onLoaded]);
  return null;
}

/** The flow on the activity's page: its stores (the address's `?store=` first picked), on the server's clock; a member's details filled in. */
function ActivityBooking({ page }: { page: ActivityPage }) {
  const signedIn = useSignedIn();
  const [contact, setContact] = useState<Contact | null>(null);
  const api = useApi(createBookingApi);
  const asked = new URLSearchParams(useSearch()).get('store');
  const { activity, stores } = page;
  const storeId = stores.find((store) => store.id === asked)?.id ?? stores[0]?.id ?? '';
  const implementations = useMemo(
    () => ({
      actors: {
        fetchDays: fromPromise<AvailableDays, DaysQuery>(({ input, signal }) => api.days(input, { signal })),
        fetchTimes: fromPromise<TimeSlots, TimesQuery>(({ input, signal }) => api.times(input, { signal })),
        holdSlot: fromPromise<Hold, HoldRequest>(({ input }) => api.hold(input)),
        createReservation: fromPromise<Reservation, ReservationCreate>(({ input }) => api.reserve(input)),
      },
    }),
    [api],
  );
  const input = {
    storeId,
    stores: stores.map(({ id, name, line1, city, timeZone }) => ({ id, name, line1, city, timeZone })),
    activities: [activity],
    now: api.clock.now(),
  };
  return (
    <>
      {signedIn ? <MemberContact onLoaded={setContact} /> : null}
      <BookingFlow implementations={implementations} input={input} clock={api.clock.now} screenKey={`booking-flow:${activity.id}`} contact={contact} />
    </>
  );
}

/**
 * `/happening/{services,classes,events}/{id}` (spec §2): an activity's page and its booking. The
 * page (`happening/services/activities/{id}`) is a screen resource; the booking flow is a screen
 * machine, which the server renders at its first step. An id of another kind is not found.
 */
export default function ActivityScreen({ params }: ScreenProps) {
  useFeatureCatalog(bookingMessages);
  const { t } = useLingui();
  const [location] = useLocation();
  const api = useApi(createBookingApi);
  const kind = kindOfSegment(params.kind);
  const id = params.id ?? '';
  const page = useResource((signal) => (kind ? api.activityPage(id, { signal }) : Promise.reject(Object.assign(new Error('no such kind'), { status: 404 }))), `activity:${params.kind}:${id}`);
  const found = page.status === 'success' && page.data.activity.kind === kind ? page.data : null;
  useDocumentHead({ title: found ? found.activity.name : page.status === 'loading' || page.status === 'failure' ? t`Services, classes and events` : t`Page not found` });
  if (page.status === 'notFound' || (page.status === 'success' && !found)) return <NotFoundScreen path={location} reason="invalid" />;
  return (
    <div className="happening happening--activity">
      <HappeningTop />
      {page.status === 'loading' ? <PageSkeleton /> : null}
      {page.status === 'failure' ? <ErrorPanel title={t`This page could not be loaded.`} onRetry={page.retry} /> : null}
      {found ? (
        <>
          <h1>{found.activity.name}</h1>
          <p className="happening__intro">{found.activity.summary}</p>
          <p>{found.activity.description}</p>
          <ActivityFacts page={found} />
          {found.stores.length > 0 ? <ActivityBooking page={found} /> : <p className="panel">{t`This cannot be booked in this country at the moment.`}</p>}
        </>
      ) : null}
    </div>
  );
}
