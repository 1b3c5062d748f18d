import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { beautyPassConnect } from '../../../../machines/loyalty/beauty-pass.connect.ts';
import { beautyPassMachine } from '../../../../machines/loyalty/beauty-pass.machine.ts';
import { tierMachine, type TierInput } from '../../../../machines/loyalty/tier.machine.ts';
import type { BeautyPassStatus } from '../../../contract/beauty-pass.ts';
import { useApi, useOptionalApi } from '../../shared/api/api-provider.tsx';
import { OFFERS_HREF, POINTS_HREF, REWARDS_HREF } from '../../shared/beauty-pass-links.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useScreenActor } from '../../shared/ssr/screen-state.tsx';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { createBeautyPassApi, type BeautyPassApi } from './beauty-pass-api.ts';
import { JoinPanel } from './join-panel.tsx';
import { loyaltyMessages } from './messages.ts';
import { PointsSummaryView } from './points-summary.tsx';
import { TierStatusPanel } from './tier-status-panel.tsx';
import { WhatIfForm } from './what-if-form.tsx';
import './beauty-pass.css';
import { useView } from '../../shared/hooks/use-view.ts';

/** The screen machine's key: `GET beauty-pass` is rendered by the server and restored in the browser. */
export const BEAUTY_PASS_SCREEN_KEY = 'beauty-pass:status';

/** The tier machine's input, from the status the server answers (its today is the member's, in their country). */
export function tierInputOf(status: BeautyPassStatus): TierInput {
  return { status: status.tier.status, thresholds: status.tier.thresholds, today: status.today };
}

/**
 * A member's tier panel, points and links. The tier machine starts from the served status, so its
 * first snapshot (the message) is the same on the server and in the browser; acknowledging a
 * change tells the server (`POST beauty-pass/tier/seen`) through the machine's `changeSeen`. If that
 * call fails the message simply comes back on the next visit, so nothing is shown for it.
 */
function MemberPanel({ status }: { status: BeautyPassStatus }) {
  const { t } = useLingui();
  const site = useSite();
  const api = useApi(createBeautyPassApi);
  const input = tierInputOf(status);
  const [machine] = useState(() => tierMachine.provide({ actions: { changeSeen: () => void api.markTierSeen().catch(() => undefined) } }));
  const actor = useActorRef(machine, { input });
  const pointsId = useId();
  return (
    <div className="beauty-pass-member" data-state="member">
      <TierStatusPanel actor={actor} site={site} />
      <WhatIfForm base={input} site={site} />
      <section className="beauty-pass-points" aria-labelledby={pointsId}>
        <h2 id={pointsId}>{t`Your points`}</h2>
        <PointsSummaryView points={status.points} />
        <ul className="beauty-pass-links">
          <li>
            <Link href={POINTS_HREF}>
              <Trans>Points history</Trans>
            </Link>
          </li>
          <li>
            <Link href={REWARDS_HREF}>
              <Trans>Rewards boutique</Trans>
            </Link>
          </li>
          <li>
            <Link href={OFFERS_HREF}>
              <Trans>Beauty Pass offers</Trans>
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

function Section({ api }: { api: BeautyPassApi }) {
  const { t } = useLingui();
  const [machine] = useState(() => beautyPassMachine.provide({ actors: { loadBeautyPass: fromPromise(({ signal }) => api.status({ signal })) } }));
  const actor = useScreenActor(BEAUTY_PASS_SCREEN_KEY, machine);
  const view = useView(actor, beautyPassConnect);
  return (
    <div id="beauty-pass" className="beauty-pass-section" data-state={view.state}>
      {view.state === 'loading' ? <PageSkeleton /> : null}
      {view.state === 'failure' ? <ErrorPanel title={t`Your Beauty Pass could not be loaded.`} onRetry={view.retry} /> : null}
      {view.state === 'notMember' ? <JoinPanel onJoined={view.joined} /> : null}
      {view.state === 'member' ? <MemberPanel status={view.status} /> : null}
    </div>
  );
}

/**
 * The account dashboard's Beauty Pass section (issue 15): a member's tier status, what-if, points
 * and links; a signed-in shopper who has not joined, the join panel. Mounted by the shell on the
 * account page (app/account-dashboard-screen.tsx): features do not import each other. A dashboard
 * rendered without the loyalty API (the account feature's own tests, with account fakes alone)
 * has no section.
 */
export function BeautyPassSection() {
  useFeatureCatalog(loyaltyMessages);
  const api = useOptionalApi(createBeautyPassApi);
  return api ? <Section api={api} /> : null;
}
