import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { LookupAlert, LookupForm, lookupFieldId, minutesToWait, useLookup, type Lookup } from '../../shared/forms/lookup-form.tsx';
import { lookupFieldError, type LookupField } from '../../shared/forms/lookup-field-errors.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { ORDER_LOOKUP_FORM } from './lookup.form.ts';
import { ordersMessages } from './messages.ts';
import { OrderDetail } from './order-detail.tsx';
import { createOrdersApi, type LookupOutcome, type OrderLookupBody } from './orders-api.ts';
import { ordersHref } from './paths.ts';
import './orders.css';

/** Why the lookup found nothing, or why it could not ask (shared/forms/lookup-form.tsx focuses it). */
function OrderLookupAlert({ lookup, labels }: { lookup: Lookup<LookupOutcome>; labels: Readonly<Record<string, string>> }) {
  const { t, i18n } = useLingui();
  const { country } = useSite();
  const { view } = lookup;
  return (
    <LookupAlert lookup={lookup} className="panel panel--error orders-alert">
      {({ miss, failure }) => {
        const minutes = miss?.kind === 'tooManyAttempts' ? minutesToWait(miss.retryAfterSeconds) : 0;
        const referenceId = failure && 'referenceId' in failure ? failure.referenceId : null;
        return (
          <>
            {miss?.kind === 'notFound' ? <p className="orders-alert__title">{t`We could not find an order with this number and email.`}</p> : null}
            {miss?.kind === 'tooManyAttempts' ? (
              <p className="orders-alert__title">
                <Plural value={minutes} one="Too many attempts. Try again in # minute." other="Too many attempts. Try again in # minutes." />
              </p>
            ) : null}
            {failure?.reason === 'invalid' ? (
              <>
                <p className="orders-alert__title">{t`Some details need your attention:`}</p>
                <ul className="orders-alert__list">
                  {(view.summary?.fields ?? []).map((field) => {
                    const code = view.fieldErrors[field];
                    const id = lookupFieldId(ORDER_LOOKUP_FORM, field);
                    return (
                      <li key={field}>
                        <a
                          href={`#${id}`}
                          onClick={(event) => {
                            // A fragment link scrolls but does not reliably focus the control.
                            event.preventDefault();
                            document.getElementById(id)?.focus();
                          }}
                        >
                          {labels[field] ?? field}: {code ? i18n._(lookupFieldError(field as LookupField, code, country)) : null}
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </>
            ) : null}
            {failure?.reason === 'offline' ? <p className="orders-alert__title">{t`We could not reach the store. Check your connection and try again.`}</p> : null}
            {failure && failure.reason !== 'invalid' && failure.reason !== 'offline' ? <p className="orders-alert__title">{t`Something went wrong. Please try again.`}</p> : null}
            {referenceId ? (
              <p>
                <Trans>
                  Reference ID: <strong>{referenceId}</strong>
                </Trans>
              </p>
            ) : null}
          </>
        );
      }}
    </LookupAlert>
  );
}

/** The form, and the order once found; "Find another order" starts a new form, focused on its first field. */
function OrderLookup({ onAnother, again }: { onAnother: () => void; again: boolean }) {
  const { t, i18n } = useLingui();
  const api = useApi(createOrdersApi);
  const lookup = useLookup<OrderLookupBody, LookupOutcome>(ORDER_LOOKUP_FORM, (body) => api.lookup(body));
  const { outcome } = lookup;
  const orderHeading = useRef<HTMLHeadingElement>(null);
  const { country } = useSite();
  useEffect(() => {
    if (outcome?.kind === 'found') orderHeading.current?.focus();
  }, [outcome]);

  if (outcome?.kind === 'found') {
    return (
      <>
        <OrderDetail order={outcome.order} level={2} points="whenEarned" headingRef={orderHeading} />
        <button type="button" className="button button--secondary" onClick={onAnother}>
          {t`Find another order`}
        </button>
      </>
    );
  }
  const labels = { number: t`Order number`, email: t`Email` };
  const errorText = (field: LookupField) => (code: FieldErrorCode) => i18n._(lookupFieldError(field, code, country));
  return (
    <LookupForm
      lookup={lookup}
      definition={ORDER_LOOKUP_FORM}
      className="orders-form"
      label={{ 'aria-label': t`Find your order` }}
      again={again}
      fields={[
        { field: 'number', label: labels.number, type: 'text', autoComplete: 'off', hint: t`As in your order confirmation email, for example SG1000123.`, errorText: errorText('number') },
        { field: 'email', label: labels.email, type: 'email', autoComplete: 'email', hint: t`The email you placed the order with.`, errorText: errorText('email') },
      ]}
      submit={{ label: t`Find order`, busyLabel: t`Finding your order…` }}
    >
      <OrderLookupAlert lookup={lookup} labels={labels} />
    </LookupForm>
  );
}

/** `/orders/lookup` (issue 13): a guest finds an order by its number and the email it was placed with. */
export default function OrderLookupScreen() {
  useFeatureCatalog(ordersMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Find your order` });
  const signedIn = useSignedIn();
  const [round, setRound] = useState(0);
  return (
    <section className="orders orders--lookup">
      <h1>{t`Find your order`}</h1>
      <p className="orders__intro">
        <Trans>Placed an order without an account? Enter its number and the email you placed it with to see its status and details.</Trans>
      </p>
      {signedIn ? (
        <p className="orders__intro">
          <Trans>
            Orders placed while signed in are in <Link href={ordersHref()}>My orders</Link>.
          </Trans>
        </p>
      ) : null}
      <OrderLookup key={round} again={round > 0} onAnother={() => setRound((count) => count + 1)} />
    </section>
  );
}
