import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { accountFormConnect } from '../../../../machines/account/account-form.connect.ts';
import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { FormTextField } from '../../shared/forms/form-text-field.tsx';
import { lookupFieldError, type LookupField } from '../../shared/forms/lookup-field-errors.ts';
import { useAccountForm } from '../../shared/forms/use-account-form.ts';
import type { BookingLookup } from '../../../contract/reservations.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { createBookingApi, type BookingLookupOutcome } from './booking-api.ts';
import { BOOKING_LOOKUP_FORM } from './booking-lookup.form.ts';
import { useView, viewNow } from '../../shared/hooks/use-view.ts';

const fieldId = (field: string) => `${BOOKING_LOOKUP_FORM.id}-${field}`;

/**
 * A guest without the booking's link (or with an old one) finds it by its number and email or phone: the
 * answer carries the booking's key, which `onFound` puts in the page's address.
 */
export function BookingLookup({ number, onFound }: { number: string; onFound: (key: string) => void }) {
  const { t, i18n } = useLingui();
  const api = useApi(createBookingApi);
  // The number of the page's address, as a start.
  const form = useAccountForm({ form: BOOKING_LOOKUP_FORM, values: { confirmationNumber: number, contact: '' } }, (body) => api.lookup(body as BookingLookup));
  const view = useView(form, accountFormConnect);
  const outcome = view.succeeded ? (view.result as BookingLookupOutcome) : null;
  const alert = useRef<HTMLParagraphElement>(null);
  const { country } = useSite();
  const errorText = (field: LookupField) => (code: FieldErrorCode) => i18n._(lookupFieldError(field, code, country));
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
        if (view.succeeded) view.change('contact', form.getSnapshot().context.values.contact ?? '');
        viewNow(form, accountFormConnect).submit();
      }}
    >
      <p className="panel">
        <Trans>We could not find this booking for you. If you booked without an account, enter its confirmation number and the email or phone number you booked with.</Trans>
      </p>
      {outcome && outcome.kind !== 'found' ? (
        <p ref={alert} tabIndex={-1} className="panel panel--error" role="alert">
          {outcome.kind === 'notFound' ? t`We could not find a booking with this number and email or phone number.` : t`Too many attempts. Please try again later.`}
        </p>
      ) : null}
      <FormTextField form={form} id={fieldId('confirmationNumber')} field="confirmationNumber" label={t`Confirmation number`} type="text" autoComplete="off" errorText={errorText('confirmationNumber')} />
      <FormTextField form={form} id={fieldId('contact')} field="contact" label={t`Email or phone number`} type="text" autoComplete="email" errorText={errorText('contact')} />
      <button type="submit" className="button" disabled={view.busy}>
        {view.busy ? t`Finding your booking…` : t`Find booking`}
      </button>
    </form>
  );
}
