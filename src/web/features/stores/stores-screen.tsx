import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { useApi } from '../../shared/api/api-provider.tsx';
import { HAPPENING_HREF } from '../../shared/happening-links.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useResponsePersonal } from '../../shared/ssr/server-render.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { StoreCard } from './store-card.tsx';
import { createStoresApi, type StoresPage } from './stores-api.ts';
import { storesMessages } from './messages.ts';
import './stores.css';

/** How often "open now" is told again while the page stays open. */
const CLOCK_MS = 60_000;

/**
 * The instant "open now" is told for: the page's read time in the server render and at hydration
 * (both renders agree), then the browser's clock, every minute.
 */
function useStoreClock(readAt: number): number {
  const [now, setNow] = useState(readAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function City({ city, stores, now }: { city: string; stores: StoresPage['stores']; now: number }) {
  const id = useId();
  return (
    <section className="stores-city" aria-labelledby={id}>
      <h2 id={id}>{city}</h2>
      <div className="stores-grid">
        {stores.map((listing) => (
          <StoreCard key={listing.store.id} listing={listing} now={now} />
        ))}
      </div>
    </section>
  );
}

function StoresByCity({ page }: { page: StoresPage }) {
  const now = useStoreClock(page.readAt);
  const cities = [...new Set(page.stores.map((listing) => listing.store.city))];
  return (
    <>
      {cities.map((city) => (
        <City key={city} city={city} stores={page.stores.filter((listing) => listing.store.city === city)} now={now} />
      ))}
    </>
  );
}

/**
 * `/stores` (spec §1 find a store): the country's stores by city, each open now or when it opens
 * in its own time zone, its hours and holidays, the services booked there and its events with their
 * seats. One screen resource, rendered by the server.
 */
export default function StoresScreen() {
  useFeatureCatalog(storesMessages);
  const { t } = useLingui();
  const api = useApi(createStoresApi);
  useDocumentHead({ title: t`Find a store` });
  // The events' seats change with every booking: the page is rendered for each request, never kept in the page cache.
  useResponsePersonal();
  const page = useResource((signal) => api.page({ signal }), 'stores');
  return (
    <div className="stores">
      <h1>{t`Find a store`}</h1>
      <p>
        <Trans>
          Visit us for advice, a service with one of our artists, a class or an event. <Link href={HAPPENING_HREF}>See everything you can book</Link>.
        </Trans>
      </p>
      {page.status === 'loading' ? <PageSkeleton /> : null}
      {page.status === 'failure' ? <ErrorPanel title={t`The stores could not be loaded.`} onRetry={page.retry} /> : null}
      {page.status === 'notFound' ? <ErrorPanel title={t`The stores could not be loaded.`} /> : null}
      {page.status === 'success' ? <StoresByCity page={page.data} /> : null}
    </div>
  );
}
