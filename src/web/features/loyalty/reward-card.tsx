import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { RewardRedeemApi } from '../../../../machines/loyalty/reward-redeem.connect.ts';
import { TIER_LABELS } from '../../../../machines/loyalty/tier.messages.ts';
import type { Reward } from '../../../contract/beauty-pass.ts';
import { JOIN_ANCHOR } from '../../shared/beauty-pass-links.ts';
import { useSignInHref } from '../../shared/session/session-store.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';

function StockLabel({ reward }: { reward: Reward }) {
  const site = useSite();
  const left = formatNumber(reward.stock.available, site);
  if (reward.stock.state === 'out_of_stock') return <Trans>Out of stock</Trans>;
  if (reward.stock.state === 'low_stock') return <Trans>Only {left} left</Trans>;
  return <Trans>In stock</Trans>;
}

/**
 * One reward of the boutique: what it costs in points, its stock, the tiers it is for, and Redeem,
 * disabled with the server's reason for this shopper (`refusal`) or while another reward is being
 * added; a visitor's reason links to sign in, a non-member's to the join panel.
 */
export function RewardCard({ reward, redeem }: { reward: Reward; redeem: RewardRedeemApi }) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const signInHref = useSignInHref();
  const reasonId = useId();
  const cost = formatNumber(reward.pointsCost, site);
  const blocked = redeem.blockedReason(reward);
  const busy = redeem.redeeming(reward.id);
  const tiers = reward.tiers.map((tier) => i18n._(TIER_LABELS[tier])).join(', ');
  const name = reward.name;
  return (
    <li className="reward-card" data-reward={reward.id} data-stock={reward.stock.state} data-refusal={reward.refusal ?? 'none'}>
      <img className="reward-card__image" src={reward.imageUrl} alt="" width={160} height={160} loading="lazy" />
      <h2 className="reward-card__name">
        {name}
      </h2>
      <p className="reward-card__description">{reward.description}</p>
      <dl className="reward-card__facts">
        <div>
          <dt>{t`Points`}</dt>
          <dd className="reward-card__cost">{t`${cost} points`}</dd>
        </div>
        <div>
          <dt>{t`Stock`}</dt>
          <dd>
            <StockLabel reward={reward} />
          </dd>
        </div>
        <div>
          <dt>{t`For`}</dt>
          <dd>{t`${tiers} members`}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button reward-card__redeem"
        disabled={blocked !== null}
        aria-describedby={blocked ? reasonId : undefined}
        aria-busy={busy ? true : undefined}
        onClick={() => redeem.redeem(reward)}
      >
        {busy ? t`Adding ${name}…` : t`Redeem ${name}`}
      </button>
      {blocked ? (
        <p id={reasonId} className="reward-card__reason">
          {i18n._(blocked)}{' '}
          {reward.refusal === 'sign_in' ? <a href={signInHref}>{t`Sign in`}</a> : null}
          {reward.refusal === 'not_member' ? <a href={`#${JOIN_ANCHOR}`}>{t`How to join`}</a> : null}
        </p>
      ) : null}
    </li>
  );
}
