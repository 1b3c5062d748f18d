import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import type { BookingLookup as BookingLookupBody } from '../../../contract/reservations.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { LookupForm, useLookup } from '../../shared/forms/lookup-form.tsx';
import { lookupFieldError, type LookupField } from '../../shared/forms/lookup-field-errors.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { createBookingApi, type BookingLookupOutcome } from './booking-api.ts';
import { BOOKING_LOOKUP_FORM } from './booking-lookup.form.ts';

/**
 * A guest without the booking's link (or with an old one) finds it by its number and email or phone: the
 * answer carries the booking's key, which `onFound` puts in the page's address.
 */
export function BookingLookup({ number, onFound }: { number: string; onFound: (key: string) => void }) {
  const { t, i18n } = useLingui();
  const api = useApi(createBookingApi);
  // The number of the page's address, as a start.
  const lookup = useLookup<BookingLookupBody, BookingLookupOutcome>(BOOKING_LOOKUP_FORM, (body) => api.lookup(body), { confirmationNumber: number, contact: '' });
  const { outcome, miss } = lookup;
  const alert = useRef<HTMLParagraphElement>(null);
  const { country } = useSite();
  const errorText = (field: LookupField) => (code: FieldErrorCode) => i18n._(lookupFieldError(field, code, country));
  useEffect(() => {
    if (outcome?.kind === 'found' && outcome.booking.manageKey) onFound(outcome.booking.manageKey);
    else if (outcome) alert.current?.focus();
  }, [outcome, onFound]);
  return (
    <LookupForm
      lookup={lookup}
      definition={BOOKING_LOOKUP_FORM}
      className="orders-form booking-lookup"
      label={{ 'aria-label': t`Find your booking` }}
      fields={[
        { field: 'confirmationNumber', label: t`Confirmation number`, type: 'text', autoComplete: 'off', errorText: errorText('confirmationNumber') },
        { field: 'contact', label: t`Email or phone number`, type: 'text', autoComplete: 'email', errorText: errorText('contact') },
      ]}
      submit={{ label: t`Find booking`, busyLabel: t`Finding your booking…` }}
    >
      <p className="panel">
        <Trans>We could not find this booking for you. If you booked without an account, enter its confirmation number and the email or phone number you booked with.</Trans>
      </p>
      {miss ? (
        <p ref={alert} tabIndex={-1} className="panel panel--error" role="alert">
          {miss.kind === 'notFound' ? t`We could not find a booking with this number and email or phone number.` : t`Too many attempts. Please try again later.`}
        </p>
      ) : null}
    </LookupForm>
  );
}
