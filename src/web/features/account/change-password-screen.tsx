import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { CHANGE_PASSWORD_FORM } from '../../../../machines/account/forms/password.forms.ts';
import type { ChangePassword } from '../../../contract/account.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { accountMessages } from './messages.ts';
import { AccountFormElement, ErrorSummary, SubmitButton, TextField, useAccountForm, useAccountFormFact } from './form-parts.tsx';
import { RequireSession } from './require-session.tsx';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createAccountApi } from './account-api.ts';

function ChangePasswordForm() {
  const { t } = useLingui();
  const api = useApi(createAccountApi);
  const form = useAccountForm({ form: CHANGE_PASSWORD_FORM }, (payload) => api.changePassword(payload as ChangePassword));
  const done = useAccountFormFact(form, (view) => view.succeeded);
  const labels = { currentPassword: t`Current password`, newPassword: t`New password` };
  if (done) {
    return (
      <p role="status" className="account-notice">
        <Trans>Your password was changed successfully</Trans>
      </p>
    );
  }
  return (
    <AccountFormElement form={form} label={t`Change your password`}>
      <ErrorSummary form={form} labels={labels} />
      <TextField form={form} field="currentPassword" label={labels.currentPassword} type="password" autoComplete="current-password" />
      <TextField
        form={form}
        field="newPassword"
        label={labels.newPassword}
        type="password"
        autoComplete="new-password"
        hint={<Trans>Use at least 8 characters with at least one letter and one number</Trans>}
      />
      <SubmitButton form={form} idle={t`Change password`} busy={t`Saving…`} />
    </AccountFormElement>
  );
}

/** `/account/password`. */
export default function ChangePasswordScreen() {
  useFeatureCatalog(accountMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Change your password` });
  return (
    <section className="account">
      <h1>
        <Trans>Change your password</Trans>
      </h1>
      <RequireSession>
        <ChangePasswordForm />
      </RequireSession>
      <Link href="/account">
        <Trans>Back to your account</Trans>
      </Link>
    </section>
  );
}
