import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { accountFieldConnect, accountFormConnect } from '../../../../machines/account/account-form.connect.ts';
import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import { sameView } from '../../../../machines/shared/same-view.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useAccountForm, type FormRef } from '../../shared/forms/use-account-form.ts';
import { InputField } from '../../shared/ui/input-field.tsx';
import { createBookingApi, type BookingLookupOutcome } from './booking-api.ts';
import { BOOKING_LOOKUP_FORM } from './booking-lookup.form.ts';

const FIELD_ERRORS: Readonly<Record<FieldErrorCode, MessageDescriptor>> = {
  required: msg`Required field`,
  tooLong: msg`Character limit exceeded`,
  email: msg`Invalid email`,
  passwordRule: msg`Check this value`,
  consentRequired: msg`Check this value`,
  emailTaken: msg`Check this value`,
  wrongPassword: msg`Check this value`,
  termsOutdated: msg`Check this value`,
  invalid: msg`Check this value`,
};

function LookupField({ form, field, label, type }: { form: FormRef; field: string; label: string; type: 'text' | 'email' }) {
  const { i18n } = useLingui();
  const view = useSelector(form, (snapshot) => accountFieldConnect(snapshot, form.send, field), sameView);
  return (
    <InputField
      id={`${BOOKING_LOOKUP_FORM.id}-${field}`}
      name={field}
      type={type}
      autoComplete={type === 'email' ? 'email' : 'off'}
      spellCheck={false}
      label={label}
      value={typeof view.value === 'string' ? view.value : ''}
      onChange={view.change}
      readOnly={view.busy}
      aria-required="true"
      invalid={view.error !== null}
      error={view.error ? i18n._(FIELD_ERRORS[view.error]) : null}
    />
  );
}

/**
 * A guest without the booking's link (or with an old one) finds it by its number and email: the
 * answer carries the booking's key, which `onFound` puts in the page's address.
 */
export function BookingLookup({ number, onFound }: { number: string; onFound: (key: string) => void }) {
  const { t } = useLingui();
  const api = useApi(createBookingApi);
  // The number of the page's address, as a start.
  const form = useAccountForm({ form: BOOKING_LOOKUP_FORM, values: { confirmationNumber: number, email: '' } }, (body) => api.lookup(body as { confirmationNumber: string; email: string }));
  const view = useSelector(form, (snapshot) => accountFormConnect(snapshot, form.send), sameView);
  const outcome = view.succeeded ? (view.result as BookingLookupOutcome) : null;
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome?.kind === 'found' && outcome.booking.manageKey) onFound(outcome.booking.manageKey);
    else if (outcome) alert.current?.focus();
  }, [outcome, onFound]);
  return (
    <form
      className="orders-form booking-lookup"
      noValidate
      aria-label={t`Find your booking`}
      aria-busy={view.busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (view.succeeded) view.change('email', form.getSnapshot().context.values.email ?? '');
        accountFormConnect(form.getSnapshot(), form.send).submit();
      }}
    >
      <p className="panel">
        <Trans>We could not find this booking for you. If you booked without an account, enter its confirmation number and the email you booked with.</Trans>
      </p>
      {outcome && outcome.kind !== 'found' ? (
        <p ref={alert} tabIndex={-1} className="panel panel--error" role="alert">
          {outcome.kind === 'notFound' ? t`We could not find a booking with this number and email.` : t`Too many attempts. Please try again later.`}
        </p>
      ) : null}
      <LookupField form={form} field="confirmationNumber" label={t`Confirmation number`} type="text" />
      <LookupField form={form} field="email" label={t`Email`} type="email" />
      <button type="submit" className="button" disabled={view.busy}>
        {view.busy ? t`Finding your booking…` : t`Find booking`}
      </button>
    </form>
  );
}
