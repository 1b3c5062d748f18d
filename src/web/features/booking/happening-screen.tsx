import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { ActivitySummary } from '../../../contract/happening.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { createBookingApi, type HappeningList } from './booking-api.ts';
import { activityHref, happeningHref } from './booking-paths.ts';
import { KIND_LABELS } from './booking-texts.ts';
import { HappeningTop } from './happening-top.tsx';
import { bookingMessages } from './messages.ts';
import './booking.css';

function ActivityCard({ activity, storeId }: { activity: ActivitySummary; storeId: string | null }) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const minutes = activity.durationMinutes;
  const price = activity.price ? formatMoney(activity.price, site) : t`Free`;
  return (
    <li className="happening-card" data-kind={activity.kind}>
      <h3 className="happening-card__title">
        <Link href={activityHref(activity.kind, activity.id, storeId)}>{activity.name}</Link>
      </h3>
      <p className="happening-card__summary">{activity.summary}</p>
      <p className="happening-card__facts">
        <span className="happening-card__kind">{i18n._(KIND_LABELS[activity.kind])}</span> · <Trans>{minutes} min</Trans> · <span>{price}</span>
      </p>
    </li>
  );
}

/**
 * Choose a store: a form that works before the page's scripts (`GET ?store=`) and navigates in the
 * app after; the choice applies on "Show" (a new list is a change of context, WCAG 3.2.2).
 */
function StoreFilter({ list, storeId }: { list: HappeningList; storeId: string | null }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const id = useId();
  return (
    <form
      className="happening-filter"
      method="get"
      action={happeningHref()}
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = new FormData(event.currentTarget).get('store');
        navigate(happeningHref(typeof chosen === 'string' && chosen !== '' ? chosen : null));
      }}
    >
      <label htmlFor={id}>{t`Store`}</label>
      <select id={id} name="store" defaultValue={storeId ?? ''}>
        <option value="">{t`All stores`}</option>
        {list.stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name} ({store.city})
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {t`Show`}
      </button>
    </form>
  );
}

function Groups({ list, storeId }: { list: HappeningList; storeId: string | null }) {
  const { t } = useLingui();
  const groups = list.groups
    .map((group) => ({ group, activities: list.activities.filter((activity) => activity.groupId === group.id) }))
    .filter(({ activities }) => activities.length > 0);
  if (groups.length === 0) return <p className="panel">{t`Nothing can be booked at this store at the moment.`}</p>;
  return (
    <>
      {groups.map(({ group, activities }) => (
        <section key={group.id} className="happening-group" aria-labelledby={`group-${group.id}`} data-group={group.id}>
          <h2 id={`group-${group.id}`}>{group.name}</h2>
          <p>{group.description}</p>
          <ul className="happening-cards">
            {activities.map((activity) => (
              <ActivityCard key={activity.id} activity={activity} storeId={storeId} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** One store choice's list: a screen resource, rendered by the server and restored in the browser. */
function HappeningLists({ asked }: { asked: string | null }) {
  const { t } = useLingui();
  const api = useApi(createBookingApi);
  const list = useResource((signal) => api.list(asked, { signal }), `happening:${asked ?? 'all'}`);
  if (list.status === 'loading') return <PageSkeleton />;
  if (list.status !== 'success') return <ErrorPanel title={t`What can be booked could not be loaded.`} {...(list.status === 'failure' ? { onRetry: list.retry } : {})} />;
  const storeId = asked !== null && list.data.stores.some((store) => store.id === asked) ? asked : null;
  return (
    <>
      <StoreFilter list={list.data} storeId={storeId} />
      <Groups list={list.data} storeId={storeId} />
    </>
  );
}

/**
 * `/happening/services` (spec §2): what can be booked in the country's stores, by group (services,
 * classes, events), at one store (`?store=`) or all.
 */
export default function HappeningScreen() {
  useFeatureCatalog(bookingMessages);
  const { t } = useLingui();
  const asked = new URLSearchParams(useSearch()).get('store') || null;
  useDocumentHead({ title: t`Services, classes and events` });
  return (
    <div className="happening">
      <HappeningTop list={false} />
      <h1>{t`Services, classes and events`}</h1>
      <p className="happening__intro">
        <Trans>Book a service with one of our artists, a seat at a class, or an evening event in one of our stores.</Trans>
      </p>
      <HappeningLists key={asked ?? 'all'} asked={asked} />
    </div>
  );
}
