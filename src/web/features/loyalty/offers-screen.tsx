import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { TIER_LABELS } from '../../../../machines/loyalty/tier.messages.ts';
import type { BeautyPassOffer } from '../../../contract/beauty-pass.ts';
import { offerText } from '../../../contract/offer-text.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { BEAUTY_PASS_SECTION_HREF, REWARDS_HREF } from '../../shared/beauty-pass-links.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { formatCalendarDate } from '../../shared/site/format-calendar.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { createBeautyPassApi } from './beauty-pass-api.ts';
import { loyaltyMessages } from './messages.ts';
import './beauty-pass.css';

/** One offer (spec §3 Offer): its minimum spend or 'No minimum spend', the last day, the tiers, and whether the shopper may use it. */
function OfferCard({ offer }: { offer: BeautyPassOffer }) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const signedIn = useSignedIn();
  const minimum = offer.minimumSpend ? formatMoney(offer.minimumSpend, site) : null;
  const till = formatCalendarDate(offer.validTill, site);
  const tiers = offer.tiers.map((tier) => i18n._(TIER_LABELS[tier])).join(', ');
  const code = offer.code;
  return (
    <li className="offer-card" data-eligible={offer.eligible ? 'true' : 'false'} data-code={offer.code}>
      <h2 className="offer-card__title">{offerText(offer.title, offer, (money) => formatMoney(money, site))}</h2>
      <p className="offer-card__description">{offerText(offer.description, offer, (money) => formatMoney(money, site))}</p>
      <dl className="offer-card__facts">
        <div>
          <dt>{t`Minimum spend`}</dt>
          <dd>{minimum ?? t`No minimum spend`}</dd>
        </div>
        <div>
          <dt>{t`Valid till`}</dt>
          <dd>
            <time dateTime={offer.validTill}>{till}</time>
          </dd>
        </div>
        <div>
          <dt>{t`For`}</dt>
          <dd>{t`${tiers} members`}</dd>
        </div>
        <div>
          <dt>{t`Code`}</dt>
          <dd className="offer-card__code">{code}</dd>
        </div>
      </dl>
      <p className="offer-card__eligibility" data-testid="offer-eligibility">
        {offer.eligible ? (
          <Trans>Your tier can use this offer: enter its code in your bag.</Trans>
        ) : signedIn ? (
          <Trans>This offer is for other tiers.</Trans>
        ) : (
          <Trans>Sign in as a Beauty Pass member to use this offer.</Trans>
        )}
      </p>
    </li>
  );
}

/** `GET beauty-pass/offers` as a screen resource: rendered by the server, restored in the browser. */
function OfferList() {
  const { t } = useLingui();
  const api = useApi(createBeautyPassApi);
  const offers = useResource((signal) => api.offers({ signal }), 'beauty-pass:offers');
  if (offers.status === 'loading') return <PageSkeleton />;
  if (offers.status !== 'success') return <ErrorPanel title={t`The offers could not be loaded.`} {...(offers.status === 'failure' ? { onRetry: offers.retry } : {})} />;
  // Spec §8.
  if (offers.data.length === 0) return <p data-state="empty">{t`No offers found`}</p>;
  return (
    <ul className="offer-list" data-state="loaded">
      {offers.data.map((offer) => (
        <OfferCard key={offer.code} offer={offer} />
      ))}
    </ul>
  );
}

/** `/beauty-pass/offers` (issue 15; spec §2 offers list): the programme's offers valid today. */
export default function OffersScreen() {
  useFeatureCatalog(loyaltyMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Beauty Pass offers` });
  return (
    <section className="beauty-pass-page">
      <h1>{t`Beauty Pass offers`}</h1>
      <p className="beauty-pass-page__intro">
        <Trans>
          Offers for Beauty Pass members, by tier. See <Link href={BEAUTY_PASS_SECTION_HREF}>your tier</Link> or the <Link href={REWARDS_HREF}>rewards boutique</Link>.
        </Trans>
      </p>
      <OfferList />
    </section>
  );
}
