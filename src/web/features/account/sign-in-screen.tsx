import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { SIGN_IN_FORM } from '../../../../machines/account/forms/sign-in.form.ts';
import type { SignIn } from '../../../contract/sign-in.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { AccountFormElement, ErrorSummary, SubmitButton, TextField, useAccountForm } from './form-parts.tsx';
import { useReturnTo, withReturnTo } from './return-to-query.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createSignInApi } from './sign-in-api.ts';

const GoogleButton = lazy(() => import('./google-button.tsx'));

/**
 * `/sign_in?return_to=…`: email and password, then back to `return_to` when it is ours (spec §2).
 * A first screen: its own messages are the storefront's (lingui.config.ts), and the account
 * feature's (the errors) load after it (form-parts.tsx).
 */
export default function SignInScreen() {
  const { t } = useLingui();
  useDocumentHead({ title: t`Sign in` });
  const api = useApi(createSignInApi);
  const returnTo = useReturnTo();
  const [, navigate] = useLocation();
  const form = useAccountForm({ form: SIGN_IN_FORM }, async (payload) => {
    // Where to land is judged by code the first screen does not carry: it loads beside the request
    // (should it fail to load, the shopper lands on `/`, as with a return_to that is not ours).
    const landing = import('./landing.ts').then(({ landingPath }) => landingPath(returnTo), () => '/');
    const user = await api.signIn(payload as SignIn);
    const path = await landing;
    sessionStore.changed();
    navigate(path);
    return user;
  });
  const labels = { email: t`Email`, password: t`Password` };

  return (
    <section className="account">
      <h1>
        <Trans>Sign in</Trans>
      </h1>
      <AccountFormElement form={form} label={t`Sign in`}>
        <ErrorSummary form={form} labels={labels} />
        <TextField form={form} field="email" label={labels.email} type="email" autoComplete="username" />
        <TextField form={form} field="password" label={labels.password} type="password" autoComplete="current-password" />
        <SubmitButton form={form} idle={t`Sign in`} busy={t`Signing in…`} />
      </AccountFormElement>
      <ul className="account-links">
        <li>
          <Link href="/forgot_password">
            <Trans>Forgot password?</Trans>
          </Link>
        </li>
        <li>
          <Link href={withReturnTo('/register', returnTo)}>
            <Trans>Create an account</Trans>
          </Link>
        </li>
      </ul>
      <Suspense fallback={null}>
        <GoogleButton returnTo={returnTo} />
      </Suspense>
    </section>
  );
}
