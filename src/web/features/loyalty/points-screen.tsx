import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { POINTS_HISTORY_PER_PAGE, type PointsEntry, type PointsHistoryPage } from '../../../contract/beauty-pass.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { BEAUTY_PASS_SECTION_HREF, JOIN_ANCHOR, pointsHref, REWARDS_HREF } from '../../shared/beauty-pass-links.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { MemberOnly } from '../../shared/session/member-only.tsx';
import { formatDate, formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { createBeautyPassApi } from './beauty-pass-api.ts';
import { loyaltyMessages } from './messages.ts';
import { PointSentence } from './point-sentence.tsx';
import { PointsSummaryView } from './points-summary.tsx';
import './beauty-pass.css';
import { PageLinks } from '../../shared/ui/page-links.tsx';

/** The page of the history the URL asks for (`?page=2`); anything else is the first. */
function pageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

function EntryRow({ entry }: { entry: PointsEntry }) {
  const site = useSite();
  const amount = formatNumber(Math.abs(entry.amount), site);
  const sign = entry.amount > 0 ? '+' : '−';
  return (
    <li className="points-row" data-source={entry.source} data-sign={entry.amount > 0 ? 'plus' : 'minus'}>
      <p className="points-row__what">
        <PointSentence entry={entry} />
      </p>
      <p className="points-row__when">
        <time dateTime={entry.at}>{formatDate(entry.at, site, { dateStyle: 'medium' })}</time>
      </p>
      <p className="points-row__amount">
        <span aria-hidden="true">{sign}</span>
        <span className="visually-hidden">{entry.amount > 0 ? <Trans>added</Trans> : <Trans>taken</Trans>}</span> {amount}
      </p>
    </li>
  );
}

function Pages({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useLingui();
  const site = useSite();
  const current = formatNumber(page, site);
  const all = formatNumber(totalPages, site);
  return <PageLinks page={page} totalPages={totalPages} href={pointsHref} className="points-pages" label={t`Pages of your points history`} newer={t`Newer entries`} older={t`Older entries`} where={t`Page ${current} of ${all}`} />;
}

function History({ history, page, labelId }: { history: PointsHistoryPage; page: number; labelId: string }) {
  const { data, meta } = history;
  if (meta.total === 0) {
    return (
      <p data-state="empty">
        <Trans>Your points history is empty. Points you earn and use will be listed here.</Trans>
      </p>
    );
  }
  return (
    <>
      {data.length === 0 ? (
        <p>
          <Trans>
            There are no entries on this page. <Link href={pointsHref()}>See your latest points</Link>.
          </Trans>
        </p>
      ) : (
        <ol className="points-list" aria-labelledby={labelId} data-state="loaded" start={(page - 1) * POINTS_HISTORY_PER_PAGE + 1}>
          {data.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {meta.totalPages > 1 ? <Pages page={page} totalPages={meta.totalPages} /> : null}
    </>
  );
}

/**
 * The balance with its expiry (`GET beauty-pass`) and one page of the history (`GET
 * beauty-pass/points?page=`), each a screen resource: rendered by the server, restored in the
 * browser, a page of its own per `?page=` (Back and a reload show the page the member was on).
 */
function PointsContent({ page }: { page: number }) {
  const { t } = useLingui();
  const api = useApi(createBeautyPassApi);
  const historyId = useId();
  // Its own key: the dashboard's section keeps `GET beauty-pass` under another machine's.
  const status = useResource((signal) => api.status({ signal }), 'points:status');
  const history = useResource((signal) => api.points(page, { signal }), `points:page:${page}`);
  if (status.status === 'notFound') {
    return (
      <p data-state="notMember">
        <Trans>
          You are not a Beauty Pass member yet, so you have no points. <Link href={`/account#${JOIN_ANCHOR}`}>Join Beauty Pass</Link> to earn points on every purchase.
        </Trans>
      </p>
    );
  }
  if (status.status === 'loading' || history.status === 'loading') return <PageSkeleton />;
  if (status.status === 'failure') return <ErrorPanel title={t`Your points could not be loaded.`} onRetry={status.retry} />;
  if (history.status !== 'success') return <ErrorPanel title={t`Your points history could not be loaded.`} {...(history.status === 'failure' ? { onRetry: history.retry } : {})} />;
  return (
    <>
      <section className="beauty-pass-points" aria-label={t`Your points`}>
        <PointsSummaryView points={status.data.points} />
        <p>
          <Link href={REWARDS_HREF}>
            <Trans>Redeem your points in the rewards boutique</Trans>
          </Link>
        </p>
      </section>
      <section aria-labelledby={historyId}>
        <h2 id={historyId}>{t`Points history`}</h2>
        <History history={history.data} page={page} labelId={historyId} />
      </section>
    </>
  );
}

/** `/account/points` (issue 15; spec §2 points summary and points history). */
export default function PointsScreen() {
  useFeatureCatalog(loyaltyMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`My points` });
  const page = pageOf(useSearch());
  const heading = useRef<HTMLHeadingElement>(null);
  // Another page replaces the list the member acted on: the focus goes to the page's heading.
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current !== page) heading.current?.focus();
    shownPage.current = page;
  }, [page]);
  return (
    <section className="beauty-pass-page">
      <p className="beauty-pass-page__back">
        <Link href={BEAUTY_PASS_SECTION_HREF}>{t`Your account`}</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {t`My points`}
      </h1>
      <MemberOnly
        note={(href) => (
          <Trans>
            Please <a href={href}>sign in</a> to see your points.
          </Trans>
        )}
      >
        <PointsContent key={page} page={page} />
      </MemberOnly>
    </section>
  );
}
