import { useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { tierConnect } from '../../../../machines/loyalty/tier.connect.ts';
import type { tierMachine } from '../../../../machines/loyalty/tier.machine.ts';
import { TIER_LABELS } from '../../../../machines/loyalty/tier.messages.ts';
import type { Site } from '../../../config/countries.ts';
import { TIER_PERKS } from './perks.ts';
import { tierFormat } from './tier-format.ts';
import { TierProgressBar } from './tier-progress.tsx';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { loyaltyMessages } from './messages.ts';
import './tier-status.css';
import { useView } from '../../shared/hooks/use-view.ts';

export interface TierStatusPanelProps {
  actor: ActorRefFrom<typeof tierMachine>;
  site: Site;
}

/**
 * The member's Beauty Pass tier: the message of the tier machine's current state (amounts in the
 * member's currency, dates in their language), the spend towards the next tier (or towards keeping
 * black or gold) as a progress bar, and the perks of their tier beside the next one's.
 */
export function TierStatusPanel({ actor, site }: TierStatusPanelProps) {
  useFeatureCatalog(loyaltyMessages);
  const { t, i18n } = useLingui();
  const headingId = useId();
  const view = useView(actor, tierConnect);
  const format = useMemo(() => tierFormat(site), [site]);
  const { tier, messaging, cards, progress, member } = view;
  const message = view.message(format);
  const tierName = tier ? i18n._(TIER_LABELS[tier]) : '';

  return (
    <section
      className="tier-status"
      aria-labelledby={headingId}
      data-state={view.state}
      data-tier={tier ?? 'unknown'}
      aria-busy={view.loading ? true : undefined}
    >
      <h2 id={headingId} className="tier-status__title">
        {tier ? t`Your tier: ${tierName}` : t`Your Beauty Pass tier`}
      </h2>
      <p className="tier-status__message" role="status" data-messaging={messaging ?? 'loading'}>
        {i18n._(message.descriptor)}
      </p>
      {view.canAcknowledge && (
        <button type="button" className="button button--secondary tier-status__ack" onClick={view.acknowledge}>
          {t`Got it`}
        </button>
      )}
      {progress && member ? <TierProgressBar progress={progress} currency={member.thresholds.currency} format={format} /> : null}
      {cards.length > 0 && (
        <div className="tier-status__cards">
          {cards.map((cardTier) => (
            <article key={cardTier} className="tier-card" data-tier={cardTier} data-current={cardTier === tier} aria-label={i18n._(TIER_LABELS[cardTier])}>
              <h3 className="tier-card__name">{i18n._(TIER_LABELS[cardTier])}</h3>
              <p className="tier-card__note">{cardTier === tier ? t`Your tier’s perks` : t`Your next tier’s perks`}</p>
              <ul className="tier-card__perks">
                {TIER_PERKS[cardTier].map((perk) => (
                  <li key={perk.id}>{i18n._(perk)}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
