import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { REGISTER_FORM } from '../../../../machines/account/forms/register.form.ts';
import type { FormValues } from '../../../../machines/account/account-form.definition.ts';
import { BEAUTY_PASS_TERMS } from '../../../config/consents.ts';
import { COUNTRY_CODES, type CountryCode } from '../../../config/countries.ts';
import type { Register } from '../../../contract/account.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { accountMessages } from './messages.ts';
import { COUNTRY_NAMES } from '../../shared/site/messages.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { CheckboxField, SelectField } from './choice-fields.tsx';
import { AccountFormElement, ErrorSummary, SubmitButton, TextField, useAccountForm, useAccountFormFact, type FormRef } from './form-parts.tsx';
import { forgetPendingLink, GOOGLE_LINK_PARAM, readPendingLink } from './google.ts';
import { landingPath } from './landing.ts';
import { useReturnTo, withReturnTo } from './return-to-query.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createAccountApi } from './account-api.ts';

const GoogleButton = lazy(() => import('./google-button.tsx'));

function BeautyPassConsent({ form }: { form: FormRef }) {
  const { i18n } = useLingui();
  const selected = useAccountFormFact(form, (view) => String(view.values.country ?? ''));
  const code = (COUNTRY_CODES as readonly string[]).includes(selected) ? (selected as CountryCode) : null;
  if (!code) return null;
  const country = i18n._(COUNTRY_NAMES[code]);
  const { dataLaw, variant } = BEAUTY_PASS_TERMS[code];
  return (
    <fieldset>
      <legend>
        <Trans>Beauty Pass</Trans>
      </legend>
      <CheckboxField
        form={form}
        field="beautyPass"
        label={
          <Trans>
            Join Beauty Pass: I agree to the Beauty Pass terms for {country}, including how my personal data is handled under the {dataLaw}.
          </Trans>
        }
      />
      <p className="field__hint">
        <Trans>
          New members start at the Pink tier. <Link href="/terms?section=beauty-pass">Read the Beauty Pass terms</Link> (version {variant}).
        </Trans>
      </p>
    </fieldset>
  );
}

/** `/register`: a new account, its consents (spec §5) and, with the Beauty Pass consent, membership at pink. */
export default function RegisterScreen() {
  useFeatureCatalog(accountMessages);
  const { t, i18n } = useLingui();
  useDocumentHead({ title: t`Create an account` });
  const api = useApi(createAccountApi);
  const site = useSite();
  const returnTo = useReturnTo();
  const linking = new URLSearchParams(useSearch()).get(GOOGLE_LINK_PARAM) === 'link';
  const [link] = useState(() => (linking ? readPendingLink() : null));
  const [, navigate] = useLocation();

  const known: Record<string, string> = { country: site.country };
  if (link?.email) known.email = link.email;
  if (link?.firstName) known.firstName = link.firstName;
  if (link?.lastName) known.lastName = link.lastName;
  const [input] = useState(() => ({ form: REGISTER_FORM, values: known as FormValues, extra: link ? { googleIdToken: link.idToken } : {} }));
  const form = useAccountForm(input, async (payload) => {
    const user = await api.register(payload as Register);
    forgetPendingLink();
    sessionStore.changed();
    navigate(landingPath(returnTo, '/account'));
    return user;
  });

  const labels: Record<string, string> = {
    email: t`Email`,
    password: t`Password`,
    firstName: t`First name`,
    lastName: t`Last name`,
    country: t`Country`,
    personalInformation: t`Collection and use of personal information`,
    thirdPartyDisclosure: t`Disclosure to third parties`,
    policy: t`Privacy policy`,
    over14: t`Age`,
    marketing: t`News and offers`,
    beautyPass: t`Beauty Pass terms`,
  };
  const countries = COUNTRY_CODES.map((code) => ({ value: code, label: i18n._(COUNTRY_NAMES[code]) }));

  return (
    <section className="account">
      <h1>
        <Trans>Create an account</Trans>
      </h1>
      {link ? (
        <p className="account-notice" role="status">
          <Trans>This Google account is not linked yet: create your account to continue</Trans>
        </p>
      ) : null}
      <AccountFormElement form={form} label={t`Create an account`}>
        <ErrorSummary
          form={form}
          labels={labels}
          actions={(failure) =>
            failure.reason === 'emailTaken' ? (
              <p>
                <Link href={withReturnTo('/sign_in', returnTo)}>
                  <Trans>Sign in instead</Trans>
                </Link>{' '}
                ·{' '}
                <Link href="/forgot_password">
                  <Trans>Forgot password?</Trans>
                </Link>
              </p>
            ) : null
          }
        />
        <TextField form={form} field="email" label={labels.email ?? ''} type="email" autoComplete="email" />
        <TextField
          form={form}
          field="password"
          label={labels.password ?? ''}
          type="password"
          autoComplete="new-password"
          hint={<Trans>Use at least 8 characters with at least one letter and one number</Trans>}
        />
        <TextField form={form} field="firstName" label={labels.firstName ?? ''} autoComplete="given-name" />
        <TextField form={form} field="lastName" label={labels.lastName ?? ''} autoComplete="family-name" />
        <SelectField form={form} field="country" label={labels.country ?? ''} options={countries} />
        <fieldset>
          <legend>
            <Trans>Consents</Trans>
          </legend>
          <p className="field__hint">
            <Trans>
              The first four are required to create an account. Read our <Link href="/privacy">privacy policy</Link>.
            </Trans>
          </p>
          <CheckboxField form={form} field="personalInformation" required label={<Trans>I consent to the collection and use of my personal information.</Trans>} />
          <CheckboxField form={form} field="thirdPartyDisclosure" required label={<Trans>I consent to the disclosure of my personal information to third parties.</Trans>} />
          <CheckboxField form={form} field="policy" required label={<Trans>I agree to the privacy policy.</Trans>} />
          <CheckboxField form={form} field="over14" required label={<Trans>I am over 14 years old.</Trans>} />
          <CheckboxField form={form} field="marketing" label={<Trans>Send me news and offers (optional).</Trans>} />
        </fieldset>
        <BeautyPassConsent form={form} />
        <SubmitButton form={form} idle={t`Create account`} busy={t`Creating your account…`} />
      </AccountFormElement>
      <p>
        <Trans>
          Already have an account? <Link href={withReturnTo('/sign_in', returnTo)}>Sign in</Link>
        </Trans>
      </p>
      {link ? null : (
        <Suspense fallback={null}>
          <GoogleButton returnTo={returnTo} />
        </Suspense>
      )}
    </section>
  );
}
