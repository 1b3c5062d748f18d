import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { classifyFailure } from '../../../../machines/account/account-form.failure.ts';
import { FAILURE_MESSAGES } from '../../../../machines/account/messages.ts';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { accountMessages } from './messages.ts';
import { forgetGoogleAttempt, GOOGLE_CALLBACK_PATH, GOOGLE_LINK_PARAM, readGoogleCallback, savePendingLink } from './google.ts';
import { withReturnTo } from './return-to-query.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createAccountApi } from './account-api.ts';

function Problem({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="panel panel--error">
      <p className="error-summary__title">{children}</p>
      <Link href="/sign_in">
        <Trans>Back to sign in</Trans>
      </Link>
    </div>
  );
}

/** The provider's answer is checked; the ID token goes to the server, which signs in or says the account is not linked. */
function SocialSignIn({ idToken, returnTo }: { idToken: string; returnTo: string }) {
  const { i18n } = useLingui();
  const api = useApi(createAccountApi);
  const [, navigate] = useLocation();
  // Not linked is an answer, not a failure: the register form takes over from it.
  const answer = useResource(() =>
    api.socialSignIn(idToken).then(
      () => ({ notLinked: null }),
      (error: unknown) => {
        const { failure } = classifyFailure([], error);
        if (failure.reason === 'notLinked') return { notLinked: failure };
        throw error;
      },
    ),
  );
  const notLinked = answer.status === 'success' ? answer.data.notLinked : null;

  useEffect(() => {
    if (answer.status !== 'success') return;
    forgetGoogleAttempt();
    if (notLinked) {
      savePendingLink({ idToken, email: notLinked.email, firstName: notLinked.firstName, lastName: notLinked.lastName });
      navigate(withReturnTo('/register', returnTo, { [GOOGLE_LINK_PARAM]: 'link' }), { replace: true });
    } else {
      sessionStore.changed();
      navigate(returnTo, { replace: true });
    }
  }, [answer.status, notLinked, idToken, navigate, returnTo]);

  if (answer.status === 'loading' || answer.status === 'success') return <PageSkeleton />;
  const reason = answer.status === 'failure' ? classifyFailure([], answer.error).failure.reason : 'unknown';
  return <Problem>{i18n._(FAILURE_MESSAGES[reason])}</Problem>;
}

/** `/sign_in/google#id_token=…&state=…`: where the provider sends the shopper back. */
export default function GoogleCallbackScreen() {
  useFeatureCatalog(accountMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Sign in with Google` });
  const [callback] = useState(() => readGoogleCallback(window.location.hash));
  useEffect(() => {
    // The ID token must not stay in the address bar or the history.
    if (window.location.hash) window.history.replaceState(window.history.state, '', GOOGLE_CALLBACK_PATH);
    if (!callback.ok) forgetGoogleAttempt();
  }, [callback.ok]);
  return (
    <section className="account">
      <h1>
        <Trans>Sign in with Google</Trans>
      </h1>
      {callback.ok ? (
        <SocialSignIn idToken={callback.idToken} returnTo={callback.returnTo} />
      ) : callback.reason === 'denied' ? (
        <Problem>
          <Trans>Google sign-in was cancelled.</Trans>
        </Problem>
      ) : (
        <Problem>
          <Trans>This Google sign-in could not be verified. Please try again.</Trans>
        </Problem>
      )}
    </section>
  );
}
