import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { offerText } from '../../../contract/offer-text.ts';
import { EMAIL_MAX } from '../../../contract/checkout.ts';
import type { CheckoutApi } from '../../../../machines/checkout/checkout.connect.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { Choice, TextField } from './checkout-fields.tsx';
import type { CheckoutTexts } from './checkout-texts.ts';

interface StepProps {
  view: CheckoutApi;
  texts: CheckoutTexts;
  showIssues: boolean;
}

/** Where the order confirmation goes: the member's account email to start with. */
export function ContactStep({ view, texts, showIssues }: StepProps) {
  const { t } = useLingui();
  const { email, issue, fromAccount } = view.contact;
  return (
    <TextField
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      label={t`Email address`}
      hint={fromAccount ? t`Your account's email. We will send the order confirmation here.` : t`We will send the order confirmation here.`}
      value={email}
      maxLength={EMAIL_MAX}
      required
      error={showIssues && issue ? texts.emailIssues[issue] : null}
      onChange={view.setEmail}
    />
  );
}

/** Standard, express (where offered), free over the threshold; click & collect at a store that has it. */
export function DeliveryStep({ view, texts }: StepProps) {
  const { t } = useLingui();
  const site = useSite();
  const { choices, stores, storeRequired } = view.delivery;
  return (
    <>
      <fieldset className="checkout-choices">
        <legend>{t`How would you like to receive your order?`}</legend>
        {choices.map((choice) => {
          const fee = choice.free ? t`Free` : formatMoney(choice.fee, site);
          const days = choice.days;
          // A range ('2–4') reads as its last number: "1 working day", "1–2 working days".
          const most = Number(days.split(/[–-]/).pop()) || 0;
          return (
            <Choice
              key={choice.method}
              group="delivery"
              value={choice.method}
              checked={choice.selected}
              onSelect={choice.select}
              title={
                <>
                  {texts.deliveryNames[choice.method]} <strong>{fee}</strong>
                </>
              }
              details={
                choice.method === 'click_collect'
                  ? t`${plural(most, { one: `Ready in ${days} working day`, other: `Ready in ${days} working days` })}`
                  : t`${plural(most, { one: `${days} working day`, other: `${days} working days` })}`
              }
            />
          );
        })}
      </fieldset>
      {storeRequired ? (
        <fieldset className="checkout-choices">
          <legend>{t`Collect from`}</legend>
          {stores.map((store) => (
            <Choice key={store.id} group="store" value={store.id} checked={store.selected} onSelect={store.select} title={store.name} details={store.city} />
          ))}
        </fieldset>
      ) : null}
    </>
  );
}

/** The samples and offer the bag holds, confirmed before paying (they are changed in the bag). */
export function ExtrasStep({ view }: StepProps) {
  const { t } = useLingui();
  const { bag } = view;
  const chosen = bag.samples.chosen.length;
  const limit = bag.samples.limit;
  const site = useSite();
  const offer = bag.appliedOffer ? offerText(bag.appliedOffer.title, bag.appliedOffer, (money) => formatMoney(money, site)) : '';
  return (
    <div className="checkout-extras">
      <p>
        {chosen === 0
          ? t`${plural(limit, { one: 'No samples chosen: you can choose # in your bag.', other: 'No samples chosen: you can choose up to # in your bag.' })}`
          : t`${plural(limit, { one: `${chosen} of # sample chosen.`, other: `${chosen} of # samples chosen.` })}`}
      </p>
      <p>{bag.appliedOffer ? t`Offer applied: ${offer}` : t`No offer applied.`}</p>
      <p>
        <Link href="/cart">{t`Change samples or offers in your bag`}</Link>
      </p>
    </div>
  );
}
