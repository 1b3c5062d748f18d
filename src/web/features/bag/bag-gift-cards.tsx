import { useLingui } from '@lingui/react/macro';
import type { BagGiftCardView } from '../../../../machines/bag/bag.connect.ts';
import { formatCalendarDate } from '../../shared/site/format-calendar.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';

/** The bag's e-gift cards: each one's amount, who it goes to and when, and Remove (one at a time). */
export function BagGiftCards({ giftCards }: { giftCards: BagGiftCardView[] }) {
  const { t } = useLingui();
  const site = useSite();
  if (giftCards.length === 0) return null;
  return (
    <ul className="bag-lines bag-gift-cards" aria-label={t`E-gift cards in your bag`}>
      {giftCards.map(({ key, card, removing, removeDisabled, remove }) => {
        const recipient = card.recipientName;
        const email = card.recipientEmail;
        const sendOn = formatCalendarDate(card.sendOn, site);
        return (
          <li key={key} className="bag-line bag-gift-card" data-state={removing ? 'removing' : 'saved'} aria-busy={removing}>
            <span className="bag-gift-card__art" aria-hidden="true">
              {t`E-gift card`}
            </span>
            <div className="bag-line__info">
              <p className="bag-line__name">{t`E-gift card for ${recipient}`}</p>
              <p className="bag-line__variant">{t`To ${email}, emailed on ${sendOn}`}</p>
            </div>
            <div className="bag-line__actions">
              <p className="bag-line__total">
                <span className="visually-hidden">{t`Amount:`} </span>
                {formatMoney(card.amount, site)}
              </p>
              <div className="bag-line__links">
                <button type="button" className="link-button" aria-label={t`Remove the e-gift card for ${recipient} from your bag`} disabled={removeDisabled} onClick={remove}>
                  {removing ? t`Removing…` : t`Remove`}
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
