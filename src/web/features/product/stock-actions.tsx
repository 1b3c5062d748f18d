import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useView, viewNow } from '../../shared/hooks/use-view.ts';
import { useEffect, useId, useState } from 'react';
import type { ProductDetail, Variant } from '../../../contract/catalog.ts';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { notifyMeMachine } from '../../../../machines/product/notify-me.machine.ts';
import { waitlistToggleMachine } from '../../../../machines/product/waitlist-toggle.machine.ts';
import { useOptionalApi } from '../../shared/api/api-provider.tsx';
import { useSignedIn, useSignInHref } from '../../shared/session/session-store.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { productMessages } from './messages.ts';
import { createProductApi, type ProductApi } from './product-api.ts';
import { useMarkWaitlisted, useWaitlist } from '../../shared/session/waitlist-store.ts';
import { notifyMeConnect } from '../../../../machines/product/notify-me.connect.ts';
import { notifyTarget } from '../../../../machines/product/notify-me.rules.ts';
import { waitlistToggleConnect, type WaitlistDisabledReason } from '../../../../machines/product/waitlist-toggle.connect.ts';
import type { WaitlistProduct } from '../../../../machines/product/waitlist-toggle.rules.ts';
import type { ReturnOffer } from '../../../../machines/product/return-offer.rules.ts';
import './product.css';

export interface StockActionsProps {
  /** With live stock (the page's `GET variants`). */
  product: ProductDetail;
  /** The shade or size chosen, if any. */
  variant: Variant | null;
  /** The one way offered to hear of it again (`returnOffer`, decided by the live part). */
  offer: ReturnOffer;
}

/**
 * The product page's answer to "I cannot buy this now", one at a time (`returnOffer`, beside the
 * machines): a member's waitlist, "Notify me" (one click for a member, an address for a guest), or
 * for a guest the sign-in to the waitlist. The rules live beside their machines (the waitlist's is
 * the server's, from the contract); this view only reads them.
 */
export default function StockActions({ product, variant, offer }: StockActionsProps) {
  useFeatureCatalog(productMessages);
  const api = useOptionalApi(createProductApi);
  const signedIn = useSignedIn();
  if (!api) return null;
  const notify = notifyTarget(product, variant);
  const chosen = notify?.variant ?? null;
  const name = chosen ? `${product.name} (${chosen.name})` : product.name;
  return (
    <div className="stock-actions" data-offer={offer}>
      {offer === 'waitlist' ? <WaitlistToggle api={api} slug={product.slug} product={product} /> : null}
      {offer === 'waitlistSignIn' ? <WaitlistSignIn /> : null}
      {/* Keyed: another shade, or signing in or out, is another subscription. */}
      {offer === 'notify' ? <NotifyMe key={`${chosen?.id ?? 'all'}-${String(signedIn)}`} api={api} guest={!signedIn} slug={product.slug} name={name} variantId={chosen?.id ?? null} /> : null}
    </div>
  );
}

function WaitlistSignIn() {
  const href = useSignInHref();
  return (
    <div className="stock-actions__waitlist" data-state="signed-out">
      <Link href={href} className="button">
        <Trans>Waitlist me</Trans>
      </Link>
      <p className="stock-actions__hint">
        <Trans>Sign in to join the waitlist.</Trans>
      </p>
    </div>
  );
}

function WaitlistToggle({ api, slug, product }: { api: ProductApi; slug: string; product: WaitlistProduct }) {
  const { t } = useLingui();
  const reasonId = useId();
  const markWaitlisted = useMarkWaitlisted();
  const [machine] = useState(() =>
    waitlistToggleMachine.provide({
      actors: { setWaitlisted: fromPromise<undefined, { waitlisted: boolean }>(({ input }) => api.setWaitlisted(slug, input.waitlisted).then(() => undefined)) },
      actions: { changed: (_, on: boolean) => markWaitlisted(slug, on) },
    }),
  );
  const actor = useActorRef(machine, { input: { product: { inStock: product.inStock, badges: product.badges } } });
  const view = useView(actor, waitlistToggleConnect);
  // The member's waitlist arrives after the first paint (null until then), live stock may change.
  const waitlist = useWaitlist();
  const known = waitlist ? waitlist.has(slug) : null;
  useEffect(() => {
    if (known !== null) viewNow(actor, waitlistToggleConnect).sync(known);
  }, [actor, known]);
  const { inStock, badges } = product;
  useEffect(() => {
    viewNow(actor, waitlistToggleConnect).describe({ inStock, badges });
  }, [actor, inStock, badges]);
  if (!view.offered) return null;
  const { waitlisted: on, busy, failure, disabledReason } = view;
  const reasons: Record<WaitlistDisabledReason, string> = {
    loading: t`Loading…`,
    saving: t`Please wait: your last change is still being saved.`,
    notWaitlistable: t`This product can be bought now, so it has no waitlist.`,
  };
  const message =
    failure === 'notWaitlistable'
      ? t`This product can be bought now, so it has no waitlist.`
      : failure === 'signedOut'
        ? t`Your session has ended. Sign in again to change your waitlist.`
        : failure === 'failed'
          ? t`Your waitlist could not be changed. Please try again.`
          : null;
  return (
    <div className="stock-actions__waitlist" data-state={on ? 'waitlisted' : 'not-waitlisted'}>
      <button
        type="button"
        className={on ? 'button button--secondary' : 'button'}
        aria-pressed={on}
        aria-busy={busy}
        disabled={disabledReason !== null}
        aria-describedby={disabledReason ? reasonId : undefined}
        onClick={view.toggle}
      >
        {on ? t`Waitlisted` : t`Waitlist me`}
      </button>
      {disabledReason ? (
        <span id={reasonId} className="visually-hidden">
          {reasons[disabledReason]}
        </span>
      ) : null}
      <p className="stock-actions__hint" role="status">
        {on ? t`We will let you know when it can be bought. Select “Waitlisted” again to leave the waitlist.` : ''}
      </p>
      {message ? (
        <p className="stock-actions__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function NotifyMe({ api, guest, slug, name, variantId }: { api: ProductApi; guest: boolean; slug: string; name: string; variantId: number | null }) {
  const { t } = useLingui();
  const emailId = useId();
  const errorId = useId();
  const [machine] = useState(() =>
    notifyMeMachine.provide({
      actors: {
        subscribe: fromPromise<undefined, { email: string | null }>(async ({ input }) => {
          if (input.email === null) await api.subscribe(slug, variantId);
          else await api.subscribeGuest(slug, variantId, input.email);
          return undefined;
        }),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { guest } });
  const view = useView(actor, notifyMeConnect);
  const { email, failure, busy } = view;
  if (!view.showsForm) {
    return (
      <div className="stock-actions__notify" data-state="subscribed">
        <p className="stock-actions__success" role="status">
          {t`Done. We will email you once when ${name} is back in stock.`}
        </p>
      </div>
    );
  }
  const message =
    failure === 'invalidEmail'
      ? t`Enter your email address, like name@example.com.`
      : failure === 'signedOut'
        ? t`Your session has ended. Sign in again, then select “Notify me”.`
        : failure === 'notFound'
          ? t`This product is no longer available.`
          : failure === 'failed'
            ? t`We could not sign you up. Please try again.`
            : null;
  return (
    <form
      className="stock-actions__notify"
      data-state={failure ? 'failed' : 'idle'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        view.submit();
      }}
    >
      <p className="stock-actions__hint">{t`Get one email when ${name} is back in stock.`}</p>
      {email !== null ? (
        <div className="field">
          <label htmlFor={emailId}>{t`Email address`}</label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={view.emailInvalid}
            aria-describedby={failure ? errorId : undefined}
            onChange={(event) => view.setEmail(event.target.value)}
          />
        </div>
      ) : null}
      {/* Disabled only while busy, which its label says. */}
      <button type="submit" className="button button--secondary" disabled={view.submitDisabledReason !== null} aria-busy={busy}>
        {busy ? t`Signing you up…` : t`Notify me`}
      </button>
      {message ? (
        <p className="stock-actions__error" id={errorId} role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}
