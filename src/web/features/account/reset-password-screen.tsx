import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { Link, useSearch } from 'wouter';
import { RESET_PASSWORD_FORM } from '../../../../machines/account/forms/password.forms.ts';
import { ResetTokenSchema } from '../../../contract/account.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { accountMessages } from './messages.ts';
import { createAccountApi, type ResetLink } from './account-api.ts';
import { AccountFormElement, ErrorSummary, SubmitButton, TextField, useAccountForm, useAccountFormFact } from './form-parts.tsx';
import { Loaded } from '../../shared/ui/loaded.tsx';
import { useApi } from '../../shared/api/api-provider.tsx';

/** A dead link: expired, used, or not one of ours. */
function LinkInvalid() {
  return (
    <div role="alert" className="panel panel--error">
      <p className="error-summary__title">
        <Trans>This link has expired or was already used</Trans>
      </p>
      <Link href="/forgot_password">
        <Trans>Ask for a new reset link</Trans>
      </Link>
    </div>
  );
}

const isDeadLink = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 404 || status === 410;
};

function ResetForm({ token, link }: { token: string; link: ResetLink }) {
  const { t } = useLingui();
  const api = useApi(createAccountApi);
  const form = useAccountForm({ form: RESET_PASSWORD_FORM }, (payload) => api.resetPassword(token, (payload as { password: string }).password));
  const done = useAccountFormFact(form, (view) => view.succeeded);
  const email = link.email;
  if (done) {
    return (
      <div role="status">
        <p className="account-notice">
          <Trans>Your password was changed successfully</Trans>
        </p>
        <Link href="/sign_in" className="button">
          <Trans>Sign in</Trans>
        </Link>
      </div>
    );
  }
  return (
    <>
      <p>
        <Trans>Choose a new password for {email}.</Trans>
      </p>
      <AccountFormElement form={form} label={t`Choose a new password`}>
        <ErrorSummary
          form={form}
          labels={{ password: t`New password` }}
          actions={(failure) =>
            failure.reason === 'linkInvalid' ? (
              <Link href="/forgot_password">
                <Trans>Ask for a new reset link</Trans>
              </Link>
            ) : null
          }
        />
        <TextField
          form={form}
          field="password"
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          hint={<Trans>Use at least 8 characters with at least one letter and one number</Trans>}
        />
        <SubmitButton form={form} idle={t`Change password`} busy={t`Saving…`} />
      </AccountFormElement>
    </>
  );
}

function CheckedReset({ token }: { token: string }) {
  const api = useApi(createAccountApi);
  const { t } = useLingui();
  const check = useResource((signal) => api.checkResetLink(token, { signal }));
  if (check.status === 'notFound' || (check.status === 'failure' && isDeadLink(check.error))) return <LinkInvalid />;
  return (
    <Loaded resource={check} failure={t`We could not check your link. Please try again.`}>
      {(link) => <ResetForm token={token} link={link} />}
    </Loaded>
  );
}

/** `/reset_password?token=…`: the link is checked before the form is offered (spec §8). */
export default function ResetPasswordScreen() {
  useFeatureCatalog(accountMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Choose a new password` });
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return (
    <section className="account">
      <h1>
        <Trans>Choose a new password</Trans>
      </h1>
      {v.is(ResetTokenSchema, token) ? <CheckedReset token={token} /> : <LinkInvalid />}
    </section>
  );
}
