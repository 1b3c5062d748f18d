import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { MemberOnly } from './member-only.tsx';
import { ordersMessages } from './messages.ts';
import { countryOfCurrency, formatOrderDate, ORDER_STATUS_LABELS } from './order-format.ts';
import { createOrdersApi, type OrderSummary } from './orders-api.ts';
import { orderHref, ordersHref } from './paths.ts';
import './orders.css';
import { PageLinks } from '../../shared/ui/page-links.tsx';

/** The page of the history the URL asks for (`?page=2`); anything else is the first. */
function pageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

function OrderRow({ order }: { order: OrderSummary }) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const number = order.number;
  const points = formatNumber(order.pointsEarned, site);
  const items = order.itemCount;
  return (
    <li className="order-row" data-status={order.status}>
      <h2 className="order-row__title">
        <Link href={orderHref(order.number)}>{t`Order ${number}`}</Link>
      </h2>
      <dl className="order-row__facts">
        <div>
          <dt>{t`Placed on`}</dt>
          <dd>
            <time dateTime={order.placedAt}>{formatOrderDate(order.placedAt, countryOfCurrency(order.total.currency, site), site)}</time>
          </dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd>
            <span className="order-status" data-status={order.status}>
              {i18n._(ORDER_STATUS_LABELS[order.status])}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t`Items`}</dt>
          <dd>
            <Plural value={items} one="# item" other="# items" />
          </dd>
        </div>
        <div>
          <dt>{t`Total`}</dt>
          <dd className="order-row__total">{formatMoney(order.total, site)}</dd>
        </div>
        <div>
          <dt>{t`Points earned`}</dt>
          <dd>{points}</dd>
        </div>
      </dl>
    </li>
  );
}

/** Grey rows in the shape of the history while it loads. */
function OrdersSkeleton() {
  const { t } = useLingui();
  return (
    <div className="order-list" role="status" aria-busy="true" aria-label={t`Loading your orders`} data-state="loading">
      {[0, 1, 2].map((index) => (
        <div key={index} className="order-row order-row--skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

function NoOrders() {
  return (
    <div className="orders__empty" data-state="empty">
      <p>
        <Trans>You have no orders yet.</Trans>
      </p>
      <Link href="/" className="button">
        <Trans>Continue shopping</Trans>
      </Link>
    </div>
  );
}

/** Previous and next page, and where the shopper is ("Page 2 of 3"). */
function Pages({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useLingui();
  const site = useSite();
  const current = formatNumber(page, site);
  const all = formatNumber(totalPages, site);
  return <PageLinks page={page} totalPages={totalPages} href={ordersHref} className="order-pages" label={t`Pages of your orders`} newer={t`Newer orders`} older={t`Older orders`} where={t`Page ${current} of ${all}`} />;
}

/**
 * One page of the history: `GET orders?page=` as a screen resource, rendered by the server and
 * restored in the browser. Each page is a page of its own (`?page=2`), so Back, a reload and the
 * server render all show the page the member was on.
 */
function OrdersPage({ page, labelId }: { page: number; labelId: string }) {
  const { t } = useLingui();
  const api = useApi(createOrdersApi);
  const orders = useResource((signal) => api.list(page, { signal }), `orders:page:${page}`);
  if (orders.status === 'loading') return <OrdersSkeleton />;
  if (orders.status !== 'success') return <ErrorPanel title={t`Your orders could not be loaded.`} {...(orders.status === 'failure' ? { onRetry: orders.retry } : {})} />;
  const { data, meta } = orders.data;
  if (meta.total === 0) return <NoOrders />;
  const count = meta.total;
  return (
    <>
      <p className="orders__count">
        <Plural value={count} one="You have placed # order." other="You have placed # orders." />
      </p>
      {data.length === 0 ? (
        // A page past the last (a bookmark, orders fewer than before).
        <p>
          <Trans>
            There are no orders on this page. <Link href={ordersHref()}>See your latest orders</Link>.
          </Trans>
        </p>
      ) : (
        <ul className="order-list" aria-labelledby={labelId} data-state="loaded">
          {data.map((order) => (
            <OrderRow key={order.number} order={order} />
          ))}
        </ul>
      )}
      {meta.totalPages > 1 ? <Pages page={page} totalPages={meta.totalPages} /> : null}
    </>
  );
}

/** `/account/orders` (issue 13): the member's orders, newest first, a page at a time. */
export default function OrdersScreen() {
  useFeatureCatalog(ordersMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`My orders` });
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const page = pageOf(useSearch());
  // Another page replaces the list the shopper acted on: the focus goes to the page's heading, not the document's start.
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current !== page) heading.current?.focus();
    shownPage.current = page;
  }, [page]);
  return (
    <section className="orders">
      <p className="orders__back">
        <Link href="/account">{t`Your account`}</Link>
      </p>
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        {t`My orders`}
      </h1>
      <MemberOnly>
        <OrdersPage key={page} page={page} labelId={headingId} />
      </MemberOnly>
    </section>
  );
}
