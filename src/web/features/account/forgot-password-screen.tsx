import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { FORGOT_PASSWORD_FORM } from '../../../../machines/account/forms/password.forms.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { accountMessages } from './messages.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { AccountFormElement, ErrorSummary, SubmitButton, TextField, useAccountForm, useAccountFormFact } from './form-parts.tsx';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createAccountApi } from './account-api.ts';

/**
 * `/forgot_password`: the answer is the same whether or not the email is on record (spec §8), so
 * the page says the same thing whatever the server answered; only a request that never reached it
 * is reported, so the shopper can try again.
 */
export default function ForgotPasswordScreen() {
  useFeatureCatalog(accountMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Forgot password` });
  const api = useApi(createAccountApi);
  const form = useAccountForm({ form: FORGOT_PASSWORD_FORM }, async (payload) => {
    const { email } = payload as { email: string };
    try {
      await api.requestPasswordReset(email);
    } catch (error) {
      if (!isApiError(error) || error.kind === 'network' || error.kind === 'aborted') throw error;
    }
    return email;
  });
  const email = useAccountFormFact(form, (view) => (view.succeeded ? String(view.result) : null));

  return (
    <section className="account">
      <h1>
        <Trans>Forgot your password?</Trans>
      </h1>
      {email !== null ? (
        <div role="status">
          <p className="account-notice">
            <Trans>A reset link will be sent to your email {email}</Trans>
          </p>
          <p>
            <Trans>If it does not arrive in a few minutes, check your spam folder or ask for another link.</Trans>
          </p>
          <Link href="/sign_in">
            <Trans>Back to sign in</Trans>
          </Link>
        </div>
      ) : (
        <>
          <p>
            <Trans>Enter the email of your account and we will send you a link to choose a new password.</Trans>
          </p>
          <AccountFormElement form={form} label={t`Forgot your password?`}>
            <ErrorSummary form={form} labels={{ email: t`Email` }} />
            <TextField form={form} field="email" label={t`Email`} type="email" autoComplete="email" />
            <SubmitButton form={form} idle={t`Send reset link`} busy={t`Sending…`} />
          </AccountFormElement>
          <Link href="/sign_in">
            <Trans>Back to sign in</Trans>
          </Link>
        </>
      )}
    </section>
  );
}
