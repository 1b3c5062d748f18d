import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { PROFILE_FORM } from '../../../../machines/account/forms/profile.forms.ts';
import type { Account, ProfilePatch } from '../../../contract/account.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { accountMessages } from './messages.ts';
import { CheckboxField } from './choice-fields.tsx';
import { AccountFormElement, ErrorSummary, SubmitButton, TextField, useAccountForm, useAccountFormFact } from './form-parts.tsx';
import { SavedStatus } from './parts.tsx';
import { Loaded } from '../../shared/ui/loaded.tsx';
import { RequireSession } from './require-session.tsx';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createAccountApi } from './account-api.ts';

function ProfileForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const api = useApi(createAccountApi);
  const { user } = account;
  const [input] = useState(() => ({
    form: PROFILE_FORM,
    values: { firstName: user.firstName, lastName: user.lastName, marketingConsent: account.marketingConsent },
  }));
  const form = useAccountForm(input, (payload) => api.updateProfile(payload as ProfilePatch));
  const saved = useAccountFormFact(form, (view) => view.succeeded);
  const labels = { firstName: t`First name`, lastName: t`Last name`, marketingConsent: t`News and offers` };
  const email = user.email;
  return (
    <AccountFormElement form={form} label={t`Your profile`}>
      <ErrorSummary form={form} labels={labels} />
      <p>
        <Trans>Email: {email}</Trans>
      </p>
      <TextField form={form} field="firstName" label={labels.firstName} autoComplete="given-name" />
      <TextField form={form} field="lastName" label={labels.lastName} autoComplete="family-name" />
      <CheckboxField form={form} field="marketingConsent" label={<Trans>Send me news and offers (optional).</Trans>} />
      <SubmitButton form={form} idle={t`Save changes`} busy={t`Saving…`} />
      <SavedStatus saved={saved}>
        <Trans>Your profile was saved</Trans>
      </SavedStatus>
    </AccountFormElement>
  );
}

function ProfileLoader() {
  const api = useApi(createAccountApi);
  const { t } = useLingui();
  const account = useResource((signal) => api.account({ signal }));
  return (
    <Loaded resource={account} failure={t`This page could not be loaded.`}>
      {(data) => <ProfileForm account={data} />}
    </Loaded>
  );
}

/** `/account/profile`: the member's names. */
export default function ProfileScreen() {
  useFeatureCatalog(accountMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Your profile` });
  return (
    <section className="account">
      <h1>
        <Trans>Your profile</Trans>
      </h1>
      <RequireSession>
        <ProfileLoader />
      </RequireSession>
      <Link href="/account">
        <Trans>Back to your account</Trans>
      </Link>
    </section>
  );
}
