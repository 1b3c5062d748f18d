import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { accountFormConnect, type AccountFormApi } from '../../../../machines/account/account-form.connect.ts';
import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { FormTextField } from '../../shared/forms/form-text-field.tsx';
import { lookupFieldError, type LookupField } from '../../shared/forms/lookup-field-errors.ts';
import { useAccountForm } from '../../shared/forms/use-account-form.ts';
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
import { useView, viewNow } from '../../shared/hooks/use-view.ts';

const fieldId = (field: string) => `${ORDER_LOOKUP_FORM.id}-${field}`;

/**
 * Why the lookup found nothing, or why it could not ask: one alert, focused at each refused or
 * failed submit (`attempt`) and at each miss (WCAG 3.3.1). A miss is told until the shopper
 * changes a field (the form is open again), a failure until the next submit.
 */
function LookupAlert({ view, outcome, attempt, labels }: { view: AccountFormApi; outcome: LookupOutcome | null; attempt: number; labels: Readonly<Record<string, string>> }) {
  const { t, i18n } = useLingui();
  const { country } = useSite();
  const region = useRef<HTMLDivElement>(null);
  const miss = outcome && outcome.kind !== 'found' ? outcome : null;
  // Each answer is a new object: a miss told again (the same values sent twice) takes the focus again.
  useEffect(() => {
    if (attempt > 0 || miss) region.current?.focus();
  }, [attempt, miss]);
  const failure = miss ? null : (view.summary?.failure ?? null);
  if (!miss && !failure) return null;
  const minutes = miss?.kind === 'tooManyAttempts' ? Math.max(1, Math.ceil(miss.retryAfterSeconds / 60)) : 0;
  const referenceId = failure && 'referenceId' in failure ? failure.referenceId : null;
  return (
    <div ref={region} className="panel panel--error orders-alert" role="alert" tabIndex={-1} data-reason={miss?.kind ?? failure?.reason}>
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
              return (
                <li key={field}>
                  <a
                    href={`#${fieldId(field)}`}
                    onClick={(event) => {
                      // A fragment link scrolls but does not reliably focus the control.
                      event.preventDefault();
                      document.getElementById(fieldId(field))?.focus();
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
    </div>
  );
}

/** The form, and the order once found; "Find another order" starts a new form, focused on its first field. */
function OrderLookup({ onAnother, again }: { onAnother: () => void; again: boolean }) {
  const { t, i18n } = useLingui();
  const api = useApi(createOrdersApi);
  // The lookup answers what was found, a miss included (orders-api.ts): the form stays open with the shopper's values after a miss.
  const form = useAccountForm({ form: ORDER_LOOKUP_FORM }, (body) => api.lookup(body as OrderLookupBody));
  const view = useView(form, accountFormConnect);
  const outcome = view.succeeded ? (view.result as LookupOutcome) : null;
  const orderHeading = useRef<HTMLHeadingElement>(null);
  const { country } = useSite();
  useEffect(() => {
    if (outcome?.kind === 'found') orderHeading.current?.focus();
  }, [outcome]);
  useEffect(() => {
    if (again) document.getElementById(fieldId('number'))?.focus();
  }, [again]);

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
    <form
      className="orders-form"
      noValidate
      aria-label={t`Find your order`}
      aria-busy={view.busy}
      onSubmit={(event) => {
        event.preventDefault();
        // After a miss the form holds the answer (the machine's `succeeded`), which takes a change
        // before another submit: the same values are sent again (a lookup paused for too many
        // attempts is tried again as it was, once the pause is over).
        if (view.succeeded) view.change('number', form.getSnapshot().context.values.number ?? '');
        viewNow(form, accountFormConnect).submit();
      }}
    >
      <LookupAlert view={view} outcome={outcome} attempt={view.attempts} labels={labels} />
      <FormTextField form={form} id={fieldId('number')} field="number" label={labels.number} type="text" autoComplete="off" hint={t`As in your order confirmation email, for example SG1000123.`} errorText={errorText('number')} />
      <FormTextField form={form} id={fieldId('email')} field="email" label={labels.email} type="email" autoComplete="email" hint={t`The email you placed the order with.`} errorText={errorText('email')} />
      <button type="submit" className="button" disabled={view.busy} aria-disabled={view.busy}>
        {view.busy ? t`Finding your order…` : t`Find order`}
      </button>
    </form>
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
