import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { TIER_LABELS, type TierFormat } from '../../../../machines/loyalty/tier.messages.ts';
import type { TierProgress } from '../../../contract/tier-rules.ts';

/**
 * The spend towards the next tier (or towards keeping black or gold), from the tier's view-model:
 * a progress bar screen readers announce with its amounts, and the same in words beside it.
 */
export function TierProgressBar({ progress, currency, format }: { progress: TierProgress; currency: string; format: TierFormat }) {
  const { t, i18n } = useLingui();
  const labelId = useId();
  const tierName = i18n._(TIER_LABELS[progress.tier]);
  const spent = format.money(progress.spend, currency);
  const goal = format.money(progress.target, currency);
  const left = format.money(progress.left, currency);
  const now = Math.min(progress.spend, progress.target);
  const percent = progress.target > 0 ? Math.round((now / progress.target) * 100) : 100;
  const label = progress.goal === 'reach' ? t`Your spend towards ${tierName}` : t`Your spend to keep ${tierName}`;
  const text = t`${spent} of ${goal}`;
  return (
    <div className="tier-progress" data-goal={progress.goal} data-tier={progress.tier}>
      <p id={labelId} className="tier-progress__label">
        {label}
      </p>
      <div className="tier-progress__track" role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={progress.target} aria-valuenow={now} aria-valuetext={text}>
        <span className="tier-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="tier-progress__text">
        {text}
        {' · '}
        {progress.left > 0 ? t`${left} to go` : progress.goal === 'reach' ? t`Reached` : t`Renewal spend reached`}
      </p>
    </div>
  );
}
