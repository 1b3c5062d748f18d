import { useLingui } from '@lingui/react/macro';
import { ADDRESS_FIELD_MAX, ADDRESS_RULES, PHONE_MAX } from '../../../config/addresses.ts';
import type { AddressField } from '../../../contract/address.ts';
import type { Address } from '../../../contract/checkout.ts';
import type { CheckoutApi } from '../../../../machines/checkout/checkout.connect.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { SelectField, TextField } from './checkout-fields.tsx';
import type { CheckoutTexts } from './checkout-texts.ts';

const AUTOCOMPLETE: Record<Exclude<AddressField, 'state'>, string> = {
  fullName: 'name',
  phone: 'tel',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  postcode: 'postal-code',
};

/** One line of a saved address, as a choice reads it. */
export function addressLine(address: Address): string {
  return [address.fullName, address.line1, address.line2, address.city, address.postcode].filter((part) => part !== '').join(', ');
}

/**
 * The delivery address, built from the country's rules (src/config/addresses.ts): a state list
 * where the country has one, a postcode with its example where it has postcodes, the phone with
 * its example. Click & collect asks only who collects (name and phone). Errors show once the
 * shopper tried to go on (`showIssues`).
 */
export function AddressStep({ view, texts, showIssues }: { view: CheckoutApi; texts: CheckoutTexts; showIssues: boolean }) {
  const { t } = useLingui();
  const site = useSite();
  const rule = ADDRESS_RULES[site.country];
  const { values, issues, street, saved } = view.address;
  const issueOf = (field: AddressField) => {
    const issue = issues.find((candidate) => candidate.field === field);
    return showIssues && issue ? texts.addressIssue(field, issue.code) : null;
  };
  const text = (field: Exclude<AddressField, 'state'>, extra: { hint?: string | null; type?: 'tel'; inputMode?: 'numeric' | 'tel'; max: number; required: boolean }) => (
    <TextField
      name={field}
      label={texts.addressFields[field]}
      value={values[field]}
      onChange={(value) => view.setAddressField(field, value)}
      error={issueOf(field)}
      hint={extra.hint ?? null}
      autoComplete={AUTOCOMPLETE[field]}
      maxLength={extra.max}
      required={extra.required}
      {...(extra.type ? { type: extra.type } : {})}
      {...(extra.inputMode ? { inputMode: extra.inputMode } : {})}
    />
  );
  const phoneExample = rule.phone.example;
  const states = rule.states;
  return (
    <div className="checkout-address">
      {saved.length > 0 ? (
        <fieldset className="checkout-saved">
          <legend>{t`Your saved addresses`}</legend>
          <ul>
            {saved.map((entry) => (
              <li key={entry.index}>
                <button type="button" className="button button--secondary" onClick={entry.select}>
                  {t`Use ${addressLine(entry.address)}`}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {street ? null : <p className="field__hint">{t`For click & collect we only need who will collect the order.`}</p>}
      {text('fullName', { max: ADDRESS_FIELD_MAX.fullName, required: true })}
      {text('phone', { max: PHONE_MAX, required: true, type: 'tel', inputMode: 'tel', hint: t`For the courier, e.g. ${phoneExample}` })}
      {street ? (
        <>
          {text('line1', { max: ADDRESS_FIELD_MAX.line1, required: true })}
          {text('line2', { max: ADDRESS_FIELD_MAX.line2, required: false })}
          {text('city', { max: ADDRESS_FIELD_MAX.city, required: rule.city.required })}
          {states ? (
            <SelectField
              name="state"
              label={texts.subdivisions[states.label]}
              placeholder={t`Choose…`}
              value={values.state}
              onChange={(value) => view.setAddressField('state', value)}
              error={issueOf('state')}
              options={[...states.options]
                .map((option) => ({ value: option.code, label: option.name[site.language] ?? option.name.en }))
                .sort((a, b) => a.label.localeCompare(b.label, site.language))}
            />
          ) : null}
          {rule.postcode ? text('postcode', { max: ADDRESS_FIELD_MAX.postcode, required: true, inputMode: 'numeric', hint: t`e.g. ${rule.postcode.example}` }) : null}
        </>
      ) : null}
    </div>
  );
}
