import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { rewardRedeemConnect, type RewardRedeemApi } from '../../../../machines/loyalty/reward-redeem.connect.ts';
import { rewardRedeemMachine, type RedeemedBag } from '../../../../machines/loyalty/reward-redeem.machine.ts';
import { rewardsListConnect } from '../../../../machines/loyalty/rewards-list.connect.ts';
import { rewardsListMachine, type RewardSort } from '../../../../machines/loyalty/rewards-list.machine.ts';
import { REWARD_SORTS, type RewardList } from '../../../contract/beauty-pass.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useBagCountStore } from '../../shared/bag/bag-count.tsx';
import { OFFERS_HREF, POINTS_HREF, REWARDS_HREF } from '../../shared/beauty-pass-links.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { useScreenActor } from '../../shared/ssr/screen-state.tsx';
import { useResponsePersonal } from '../../shared/ssr/server-render.tsx';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { createBeautyPassApi } from './beauty-pass-api.ts';
import { JoinPanel } from './join-panel.tsx';
import { loyaltyMessages } from './messages.ts';
import { RewardCard } from './reward-card.tsx';
import './beauty-pass.css';
import { useView, viewNow } from '../../shared/hooks/use-view.ts';

/** The sort the URL asks for (`?sort=points_desc`); by points, lowest first, otherwise. */
function sortOf(search: string): RewardSort {
  const sort = new URLSearchParams(search).get('sort');
  return (REWARD_SORTS as readonly string[]).includes(sort ?? '') ? (sort as RewardSort) : 'points_asc';
}

function sortHref(sort: RewardSort): string {
  return sort === 'points_asc' ? REWARDS_HREF : `${REWARDS_HREF}?sort=${sort}`;
}

function SortLinks({ sort }: { sort: RewardSort }) {
  const { t } = useLingui();
  const labels: Record<RewardSort, string> = { points_asc: t`Fewest points first`, points_desc: t`Most points first` };
  return (
    <nav aria-label={t`Sort rewards`}>
      <ul className="chip-list">
        {REWARD_SORTS.map((option) => (
          <li key={option}>
            <Link href={sortHref(option)} className="chip" aria-current={option === sort ? 'page' : undefined}>
              {labels[option]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What the last redemption did, where the focus goes: in the bag (with the link to it), refused with the server's reason, or failed. */
function RedeemNotice({ redeem }: { redeem: RewardRedeemApi }) {
  const { i18n } = useLingui();
  const notice = useRef<HTMLDivElement>(null);
  const { status, target } = redeem;
  useEffect(() => {
    if (status === 'redeemed' || status === 'refused' || status === 'failure') notice.current?.focus();
  }, [status, target]);
  if (!target || status === 'idle' || status === 'redeeming') return null;
  const name = target.name;
  return (
    <div ref={notice} tabIndex={-1} className={`panel redeem-notice${status === 'redeemed' ? '' : ' panel--error'}`} role={status === 'redeemed' ? 'status' : 'alert'} data-state={status} data-refusal={redeem.refusal ?? undefined}>
      {status === 'redeemed' ? (
        <p className="panel__title">
          <Trans>
            {name} is in your bag. Its points are taken when you place your order. <Link href="/cart">Go to your bag</Link>
          </Trans>
        </p>
      ) : (
        <>
          <p className="panel__title">
            <Trans>{name} could not be added to your bag.</Trans>
          </p>
          {redeem.reason ? <p>{i18n._(redeem.reason)}</p> : null}
          {redeem.canRetry ? (
            <button type="button" className="button" onClick={redeem.retry}>
              <Trans>Try again</Trans>
            </button>
          ) : null}
        </>
      )}
      <button type="button" className="button button--secondary" onClick={redeem.dismiss}>
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}

function Boutique({ list, refreshing, redeem, onJoined }: { list: RewardList; refreshing: boolean; redeem: RewardRedeemApi; onJoined: () => void }) {
  const { t } = useLingui();
  const site = useSite();
  const signedIn = useSignedIn();
  const { balance, tier } = list.meta;
  const points = balance === null ? '' : formatNumber(balance, site);
  return (
    <>
      {balance !== null ? (
        <p className="rewards__balance" data-testid="rewards-balance">
          <Trans>
            You have <strong>{points}</strong> points. <Link href={POINTS_HREF}>See your points history</Link>
          </Trans>
        </p>
      ) : null}
      {signedIn && tier === null ? <JoinPanel onJoined={onJoined} intro={t`Rewards are for Beauty Pass members. Join now, earn points on every purchase and redeem them here.`} /> : null}
      <RedeemNotice redeem={redeem} />
      {list.data.length === 0 ? (
        <p data-state="empty">{t`There are no rewards in the boutique right now.`}</p>
      ) : (
        <ul className="reward-list" aria-label={t`Rewards`} aria-busy={refreshing ? true : undefined} data-state="loaded">
          {list.data.map((reward) => (
            <RewardCard key={reward.id} reward={reward} redeem={redeem} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The boutique in one sort: the list is a screen machine (rendered by the server with each
 * reward's refusal for this shopper), the redemption a machine of the browser. A redemption moves
 * the header's count and reads the list again (its refusals change: one reward per order).
 */
function RewardsContent({ sort }: { sort: RewardSort }) {
  const { t } = useLingui();
  const api = useApi(createBeautyPassApi);
  // The header's count loads after hydration: the machine's action reads the one there is then.
  const bagCount = useBagCountStore();
  const count = useRef(bagCount);
  count.current = bagCount;
  const [listMachine] = useState(() => rewardsListMachine.provide({ actors: { loadRewards: fromPromise(({ input, signal }) => api.rewards(input.sort, { signal })) } }));
  const listActor = useScreenActor(`rewards:${sort}`, listMachine, { input: { sort } });
  const list = useView(listActor, rewardsListConnect);
  // Only a shown list is read again (the machine takes a refresh in no other state).
  const refresh = () => {
    const now = viewNow(listActor, rewardsListConnect);
    if (now.state === 'ready') now.refresh();
  };
  const [redeemMachine] = useState(() =>
    rewardRedeemMachine.provide({
      actors: { redeemReward: fromPromise<RedeemedBag, { rewardId: number }>(({ input }) => api.redeem(input.rewardId)) },
      actions: {
        redeemed: (_, bag: RedeemedBag) => {
          count.current?.confirm(bag.count);
          refresh();
        },
        refused: refresh,
      },
    }),
  );
  const redeem = useView(useActorRef(redeemMachine), rewardRedeemConnect);
  if (list.state === 'loading') return <PageSkeleton />;
  if (list.state === 'failure') return <ErrorPanel title={t`The rewards could not be loaded.`} onRetry={list.retry} />;
  return <Boutique list={list.list} refreshing={list.refreshing} redeem={redeem} onJoined={list.refresh} />;
}

/** `/beauty-pass/rewards` (issue 15; spec §1, §2 rewards boutique, §5 one reward per order while supplies last, §6 members only). */
export default function RewardsScreen() {
  useFeatureCatalog(loyaltyMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Rewards boutique` });
  // Stock and each reward's refusal are live: never served from the page cache.
  useResponsePersonal();
  const sort = sortOf(useSearch());
  return (
    <section className="beauty-pass-page rewards">
      <h1>{t`Rewards boutique`}</h1>
      <p className="beauty-pass-page__intro">
        <Trans>
          Redeem your Beauty Pass points for rewards: one reward per order, while supplies last. The points are taken when you place the order. See also the <Link href={OFFERS_HREF}>Beauty Pass offers</Link>.
        </Trans>
      </p>
      <SortLinks sort={sort} />
      <RewardsContent key={sort} sort={sort} />
    </section>
  );
}
