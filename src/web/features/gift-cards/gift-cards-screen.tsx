import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { BalanceCheck } from './balance-check.tsx';
import { GiftCardPurchaseForm } from './gift-card-purchase-form.tsx';
import { giftCardsMessages } from './messages.ts';
import './gift-cards.css';

/**
 * `/e-gift-cards` (issue 13; spec §2 e-gift cards): buy a card (added to the bag, paid through the
 * checkout, emailed on its send date) and check a card's balance. Server-rendered like every
 * screen; nothing on it is the shopper's, so the page is cached like the catalogue's.
 */
export default function GiftCardsScreen() {
  useFeatureCatalog(giftCardsMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`E-gift cards` });
  return (
    <div className="gift-cards">
      <h1>{t`E-gift cards`}</h1>
      <p className="gift-cards__intro">
        <Trans>Send an e-gift card by email, today or on a day you choose. It is paid at checkout with the rest of your bag and can be spent on any order in this country.</Trans>
      </p>
      <div className="gift-cards__sections">
        <section className="gift-cards__section" aria-labelledby="gift-card-buy-heading">
          <h2 id="gift-card-buy-heading">{t`Buy an e-gift card`}</h2>
          <GiftCardPurchaseForm />
        </section>
        <section className="gift-cards__section" aria-labelledby="gift-card-balance-heading">
          <h2 id="gift-card-balance-heading">{t`Check a balance`}</h2>
          <p className="gift-cards__intro">{t`Enter the code and PIN from the gift card email to see what is left on it.`}</p>
          <BalanceCheck />
        </section>
      </div>
    </div>
  );
}
