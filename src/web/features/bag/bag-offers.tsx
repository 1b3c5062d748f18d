import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { BagApi, OfferView } from '../../../../machines/bag/bag.connect.ts';
import type { OfferFailure } from '../../../../machines/bag/bag.failure.ts';
import { offerText } from '../../../contract/offer-text.ts';
import { formatCalendarDate } from '../../shared/site/format-calendar.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';

/** Offers (spec §3 Offer): minimum spend or 'No minimum spend', valid-till date; apply by code or from the list. */
export function BagOffers({ view }: { view: Pick<BagApi, 'offers' | 'beautyPassOffers' | 'offerBusy' | 'offerFailure' | 'applyOffer' | 'removeOffer'> }) {
  const { t } = useLingui();
  const codeId = useId();
  const errorId = useId();
  const headingId = useId();
  const [code, setCode] = useState('');
  const offers = [...view.offers, ...view.beautyPassOffers];
  const failures: Record<OfferFailure, string> = {
    notFound: t`Offer not found`,
    expired: t`This offer has ended.`,
    notStarted: t`This offer has not started yet.`,
    usedUp: t`This code has been fully redeemed.`,
    customerLimit: t`You have already used this code.`,
    minimumSpend: t`Spend a little more to use this offer.`,
    failed: t`The offer could not be applied. Please try again.`,
  };
  return (
    <section className="bag-offers" aria-labelledby={headingId} aria-busy={view.offerBusy}>
      <h2 id={headingId}>{t`Offers`}</h2>
      <form
        className="bag-offers__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) view.applyOffer(code.trim());
        }}
      >
        <label htmlFor={codeId}>{t`Offer code`}</label>
        <input
          id={codeId}
          value={code}
          autoComplete="off"
          maxLength={40}
          aria-invalid={view.offerFailure !== null}
          aria-describedby={view.offerFailure ? errorId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={view.offerBusy}>
          {t`Apply`}
        </button>
      </form>
      {view.offerFailure ? (
        <p id={errorId} className="bag-offers__error" role="alert">
          {failures[view.offerFailure]}
        </p>
      ) : null}
      {offers.length === 0 ? (
        <p className="bag-offers__none">{t`No offers found`}</p>
      ) : (
        <ul className="bag-offers__list">
          {offers.map((offer) => (
            <OfferItem key={offer.code} offer={offer} busy={view.offerBusy} onApply={() => view.applyOffer(offer.code)} onRemove={view.removeOffer} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OfferItem({ offer, busy, onApply, onRemove }: { offer: OfferView; busy: boolean; onApply: () => void; onRemove: () => void }) {
  const { t } = useLingui();
  const site = useSite();
  // Amounts in the title are the offer's own, written in the shopper's locale.
  const title = offerText(offer.title, offer, (money) => formatMoney(money, site));
  const description = offerText(offer.description, offer, (money) => formatMoney(money, site));
  const minimum = offer.minimumSpend ? formatMoney(offer.minimumSpend, site) : null;
  const remaining = formatMoney(offer.remaining, site);
  const till = formatCalendarDate(offer.validTill, site);
  return (
    <li className="bag-offer" data-state={offer.applied ? 'applied' : offer.applies ? 'applies' : 'spend-more'}>
      <p className="bag-offer__title">{title}</p>
      <p>{description}</p>
      <p className="bag-offer__terms">
        {minimum ? t`Minimum spend ${minimum}` : t`No minimum spend`} · {t`Valid till ${till}`}
      </p>
      {offer.applied ? (
        <button type="button" className="button button--secondary" disabled={busy} aria-label={t`Remove the offer ${title}`} onClick={onRemove}>
          {t`Remove`}
        </button>
      ) : offer.applies ? (
        <button type="button" className="button button--secondary" disabled={busy} aria-label={t`Apply the offer ${title}`} onClick={onApply}>
          {t`Apply`}
        </button>
      ) : offer.remaining.amount > 0 ? (
        <p className="bag-offer__more">{t`Spend ${remaining} more to use this offer.`}</p>
      ) : null}
    </li>
  );
}
