import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import type { ProductDetail, Variant } from '../../../contract/catalog.ts';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { notifyMeMachine } from '../../../../machines/product/notify-me.machine.ts';
import { waitlistToggleMachine } from '../../../../machines/product/waitlist-toggle.machine.ts';
import { useOptionalApi } from '../../shared/api/api-provider.tsx';
import { useSignedIn, useSignInHref } from '../../shared/session/session-store.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { createProductApi, type ProductApi } from './product-api.ts';
import { useMarkWaitlisted, useWaitlist } from '../../shared/session/waitlist-store.ts';
import './product.css';

export interface StockActionsProps {
  /** With live stock (the page's `GET variants`). */
  product: ProductDetail;
  /** The shade or size chosen, if any. */
  variant: Variant | null;
}

/**
 * The product page's answers to "I cannot buy this now": the waitlist when nothing of the product
 * can be bought (sold out or coming soon), and "Notify me" when what is chosen is out of stock.
 */
export default function StockActions({ product, variant }: StockActionsProps) {
  useFeatureCatalog();
  const api = useOptionalApi(createProductApi);
  const signedIn = useSignedIn();
  if (!api) return null;
  const waitlistable = !product.inStock || product.badges.includes('coming_soon');
  const outOfStock = variant ? variant.stock <= 0 : !product.inStock;
  // One of several shades or sizes is its own subscription; a single one is the product.
  const chosen = variant && product.variants.length > 1 ? variant : null;
  const name = chosen ? `${product.name} (${chosen.name})` : product.name;
  return (
    <div className="stock-actions">
      {waitlistable ? signedIn ? <WaitlistToggle api={api} slug={product.slug} /> : <WaitlistSignIn /> : null}
      {/* Keyed: another shade, or signing in or out, is another subscription. */}
      {outOfStock ? <NotifyMe key={`${chosen?.id ?? 'all'}-${String(signedIn)}`} api={api} guest={!signedIn} slug={product.slug} name={name} variantId={chosen?.id ?? null} /> : null}
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

function WaitlistToggle({ api, slug }: { api: ProductApi; slug: string }) {
  const { t } = useLingui();
  const markWaitlisted = useMarkWaitlisted();
  const [machine] = useState(() =>
    waitlistToggleMachine.provide({
      actors: { setWaitlisted: fromPromise<undefined, { waitlisted: boolean }>(({ input }) => api.setWaitlisted(slug, input.waitlisted).then(() => undefined)) },
      actions: { changed: (_, on: boolean) => markWaitlisted(slug, on) },
    }),
  );
  const actor = useActorRef(machine);
  // The member's waitlist arrives after the first paint (null until then).
  const waitlist = useWaitlist();
  const known = waitlist ? waitlist.has(slug) : null;
  useEffect(() => {
    if (known !== null) actor.send({ type: 'waitlist.sync', waitlisted: known });
  }, [actor, known]);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const on = state === 'waitlisted' || state === 'leaving';
  const busy = state === 'joining' || state === 'leaving' || state === 'unknown';
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
        disabled={busy}
        onClick={() => actor.send({ type: on ? 'waitlist.leave' : 'waitlist.join' })}
      >
        {on ? t`Waitlisted` : t`Waitlist me`}
      </button>
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
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const email = useSelector(actor, (snapshot) => snapshot.context.email);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const busy = state === 'subscribing';
  if (state === 'subscribed') {
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
        actor.send({ type: 'notify.submit' });
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
            aria-invalid={failure === 'invalidEmail'}
            aria-describedby={failure ? errorId : undefined}
            onChange={(event) => actor.send({ type: 'notify.email', email: event.target.value })}
          />
        </div>
      ) : null}
      <button type="submit" className="button button--secondary" disabled={busy} aria-busy={busy}>
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
