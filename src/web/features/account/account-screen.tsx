import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { SIGN_OUT_FORM } from '../../../../machines/account/forms/sign-out.form.ts';
import { TIER_LABELS } from '../../../../machines/loyalty/tier.messages.ts';
import type { Account } from '../../../contract/account.ts';
import { MY_BOOKINGS_HREF } from '../../shared/happening-links.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { accountMessages } from './messages.ts';
import { useNotify } from '../../shared/notifications/notify.ts';
import { formatDate } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { AccountFormElement, ErrorSummary, SubmitButton, useAccountForm } from './form-parts.tsx';
import { Loaded } from '../../shared/ui/loaded.tsx';
import { RequireSession } from './require-session.tsx';
import { sessionStore } from '../../shared/session/session-store.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createAccountApi } from './account-api.ts';

/** "Sign out" and "Sign out of all devices"; both say 'Signed out successfully' (spec §8) and go home. */
function SignOutActions({ onLeave }: { onLeave: () => void }) {
  const { t } = useLingui();
  const api = useApi(createAccountApi);
  const notify = useNotify();
  const [, navigate] = useLocation();
  const leave = () => {
    onLeave();
    sessionStore.changed();
    notify({ text: t`Signed out successfully`, type: 'success' });
    navigate('/');
  };
  const here = useAccountForm({ form: SIGN_OUT_FORM }, async () => {
    await api.signOut();
    leave();
  });
  const everywhere = useAccountForm({ form: SIGN_OUT_FORM }, async () => {
    await api.signOutEverywhere();
    leave();
  });
  return (
    <div className="account-actions">
      <AccountFormElement form={here} label={t`Sign out`}>
        <ErrorSummary form={here} labels={{}} />
        <SubmitButton form={here} idle={t`Sign out`} busy={t`Signing out…`} />
      </AccountFormElement>
      <AccountFormElement form={everywhere} label={t`Sign out of all devices`}>
        <ErrorSummary form={everywhere} labels={{}} />
        <SubmitButton form={everywhere} idle={t`Sign out of all devices`} busy={t`Signing out…`} />
      </AccountFormElement>
    </div>
  );
}

function Dashboard({ account }: { account: Account }) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const { user, beautyPass, beautyProfileCompleted, activeSessions } = account;
  const firstName = user.firstName;
  const since = formatDate(account.memberSince, site, { dateStyle: 'long' });
  const points = beautyPass?.points ?? 0;
  return (
    <>
      <p className="account-greeting">
        <Trans>Hello, {firstName}</Trans>
      </p>
      <dl className="account-summary">
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>
          {user.firstName} {user.lastName}
        </dd>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd>{user.email}</dd>
        <dt>
          <Trans>Beauty Pass</Trans>
        </dt>
        <dd data-testid="beauty-pass">
          {beautyPass ? (
            <>
              <span className="tier-badge" data-tier={beautyPass.tier}>
                {i18n._(TIER_LABELS[beautyPass.tier])}
              </span>{' '}
              <Plural value={points} one="# point" other="# points" />
            </>
          ) : (
            <Trans>
              You are not a Beauty Pass member yet. Join to earn points, birthday perks and early access to sales: <Link href="/terms?section=beauty-pass">see the Beauty Pass terms</Link>.
            </Trans>
          )}
        </dd>
        <dt>
          <Trans>Beauty profile</Trans>
        </dt>
        <dd>{beautyProfileCompleted ? <Trans>Completed</Trans> : <Trans>Not completed yet</Trans>}</dd>
        <dt>
          <Trans>Signed in on</Trans>
        </dt>
        <dd>
          <Plural value={activeSessions} one="# device" other="# devices" />
        </dd>
        <dt>
          <Trans>Member since</Trans>
        </dt>
        <dd>{since}</dd>
      </dl>
      <nav aria-label={t`Account settings`}>
        <ul className="account-links">
          <li>
            <Link href="/account/orders">
              <Trans>My orders</Trans>
            </Link>
          </li>
          <li>
            <Link href={MY_BOOKINGS_HREF}>
              <Trans>My bookings</Trans>
            </Link>
          </li>
          <li>
            <Link href="/account/profile">
              <Trans>Edit your profile</Trans>
            </Link>
          </li>
          <li>
            <Link href="/account/password">
              <Trans>Change your password</Trans>
            </Link>
          </li>
          <li>
            <Link href="/account/beauty-profile">{beautyProfileCompleted ? <Trans>Edit your beauty profile</Trans> : <Trans>Complete your beauty profile</Trans>}</Link>
          </li>
        </ul>
      </nav>
    </>
  );
}

function AccountLoader() {
  const api = useApi(createAccountApi);
  const { t } = useLingui();
  const account = useResource((signal) => api.account({ signal }));
  return (
    <Loaded resource={account} failure={t`Your account could not be loaded.`}>
      {(data) => <Dashboard account={data} />}
    </Loaded>
  );
}

/**
 * `/account`: the dashboard (spec §2), for a signed-in shopper. `beautyPass` is the loyalty
 * feature's section, which the shell hands in (app/account-dashboard-screen.tsx): features never
 * import each other.
 */
export default function AccountScreen({ beautyPass = null }: { beautyPass?: ReactNode }) {
  useFeatureCatalog(accountMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Your account` });
  const [leaving, setLeaving] = useState(false);
  return (
    <section className="account account--wide">
      <h1>
        <Trans>Your account</Trans>
      </h1>
      <RequireSession redirect={!leaving}>
        <AccountLoader />
        {beautyPass}
        <SignOutActions onLeave={() => setLeaving(true)} />
      </RequireSession>
    </section>
  );
}
