import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import { activityHref, happeningHref } from '../../shared/happening-links.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { openState, WEEKDAYS } from './store-hours.ts';
import type { StoreEvent, StoreListing } from './stores-api.ts';
import { formatDay, formatSession, formatWallTime, formatWeekday, formatZone } from './stores-format.ts';

/** Open now until …, or when it opens next: by the store's clock at `now`, its zone named. */
function OpenNow({ listing, now }: { listing: StoreListing; now: number }) {
  const { t } = useLingui();
  const site = useSite();
  const { store } = listing;
  const state = openState(store, now);
  const zone = formatZone(store.timeZone, now, site);
  if (state.open) {
    const closes = formatWallTime(state.closes, site);
    return (
      <p className="store-open" data-open="true">
        <strong>{t`Open now`}</strong> · {t`closes at ${closes}`} <span className="field__hint">({zone})</span>
      </p>
    );
  }
  const next = state.next;
  const opens = next ? formatWallTime(next.opens, site) : '';
  const day = next ? formatDay(next.date, site) : '';
  return (
    <p className="store-open" data-open="false">
      <strong>{t`Closed`}</strong>
      {next ? <> · {next.today ? t`opens at ${opens}` : t`opens ${day} at ${opens}`}</> : null} <span className="field__hint">({zone})</span>
    </p>
  );
}

function WeeklyHours({ listing }: { listing: StoreListing }) {
  const { t } = useLingui();
  const site = useSite();
  const { openingHours, exceptions } = listing.store;
  return (
    <>
      <table className="store-hours">
        <caption className="visually-hidden">{t`Opening hours`}</caption>
        <tbody>
          {WEEKDAYS.map((weekday, index) => {
            const hours = openingHours[weekday];
            return (
              <tr key={weekday}>
                <th scope="row">{formatWeekday(index, site)}</th>
                <td>{hours ? `${formatWallTime(hours.opens, site)} – ${formatWallTime(hours.closes, site)}` : t`Closed`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {exceptions.length > 0 ? (
        <ul className="store-exceptions" aria-label={t`Public holidays`}>
          {exceptions.map((exception) => (
            <li key={exception.date}>
              {formatDay(exception.date, site)} ({exception.reason}): {exception.hours ? `${formatWallTime(exception.hours.opens, site)} – ${formatWallTime(exception.hours.closes, site)}` : t`Closed`}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function EventSessions({ event, storeId, timeZone }: { event: StoreEvent; storeId: string; timeZone: string }) {
  const site = useSite();
  return (
    <li>
      <Link href={activityHref('event', event.activity.id, storeId)}>{event.activity.name}</Link>
      <ul className="store-sessions">
        {event.sessions.map((session) => {
          const seats = session.seatsLeft;
          return (
            <li key={session.startsAt} data-sold-out={seats === 0}>
              <time dateTime={session.startsAt}>{formatSession(session.startsAt, timeZone, site)}</time> ·{' '}
              {seats === 0 ? (
                <strong className="store-sold-out">
                  <Trans>Sold out</Trans>
                </strong>
              ) : (
                <Plural value={seats} one="# seat left" other="# seats left" />
              )}
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/** One store: address and phone, open now, its week's hours and holidays, the services booked there and its events. */
export function StoreCard({ listing, now }: { listing: StoreListing; now: number }) {
  const { t } = useLingui();
  const id = useId();
  const { store, services, events } = listing;
  const storeName = store.name;
  return (
    <article className="store-card" aria-labelledby={id} data-store={store.id}>
      <h3 id={id}>{store.name}</h3>
      <p className="store-card__address">
        {store.line1}, {store.city} {store.postcode}
        <br />
        <a href={`tel:${store.phone}`}>{store.phone}</a>
      </p>
      <OpenNow listing={listing} now={now} />
      <details className="store-card__hours">
        <summary>{t`Opening hours`}</summary>
        <WeeklyHours listing={listing} />
      </details>
      <h4>{t`Services`}</h4>
      {services.length > 0 ? (
        <>
          <ul className="store-services">
            {services.map((service) => (
              <li key={service.id}>
                <Link href={activityHref('service', service.id, store.id)}>{service.name}</Link>
              </li>
            ))}
          </ul>
          <p>
            <Link href={happeningHref(store.id)}>{t`Everything you can book at ${storeName}`}</Link>
          </p>
        </>
      ) : (
        <p>{t`No services are booked at this store.`}</p>
      )}
      <h4>{t`Store events`}</h4>
      {events.length > 0 ? (
        <ul className="store-events">
          {events.map((event) => (
            <EventSessions key={event.activity.id} event={event} storeId={store.id} timeZone={store.timeZone} />
          ))}
        </ul>
      ) : (
        <p>{t`No events are planned at this store yet.`}</p>
      )}
    </article>
  );
}
