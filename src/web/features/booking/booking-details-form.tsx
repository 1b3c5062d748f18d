import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { BookingBusyReason, BookingFlowApi, QuestionField } from '../../../../machines/booking/booking-flow.connect.ts';
import { BOOKING_ANSWER_ERROR_MESSAGES, BOOKING_FIELD_ERROR_MESSAGES } from '../../../../machines/booking/messages.ts';
import { BOOKING_CHECKBOX_FIELDS, BOOKING_LIMITS, BOOKING_TEXT_FIELDS, type BookingField } from '../../../contract/booking.ts';
import { contactFieldMessage } from '../../shared/forms/contact-field-messages.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { bookingMessages } from './messages.ts';
import './booking.css';

type TextField = (typeof BOOKING_TEXT_FIELDS)[number];
type CheckboxField = (typeof BOOKING_CHECKBOX_FIELDS)[number];

const fieldId = (field: BookingField) => `booking-${field}`;
const isTextField = (field: BookingField): field is TextField => (BOOKING_TEXT_FIELDS as readonly string[]).includes(field);
const errorId = (field: BookingField) => `booking-${field}-error`;
const questionId = (id: string) => `booking-question-${id}`;
const CONTACT_HINT_ID = 'booking-contact-hint';

/** The details step: every rule lives in the contract's schema, applied by the machine. */
export function BookingDetailsForm({ view }: { view: BookingFlowApi }) {
  useFeatureCatalog(bookingMessages);
  const { t, i18n } = useLingui();
  const { details, errors, questions, submitAttempts, submitError, submitting } = view;
  const form = useRef<HTMLFormElement>(null);
  const backReasonId = useId();
  const submitReasonId = useId();

  // After a refused submit, the first field in error takes the focus (WCAG 3.3.1).
  useEffect(() => {
    if (submitAttempts === 0) return;
    // The form's order: the text fields, the activity's questions, the boxes.
    const ids = [
      ...BOOKING_TEXT_FIELDS.filter((field) => errors[field] !== undefined).map(fieldId),
      ...questions.filter((field) => field.error !== null).map((field) => questionId(field.question.id)),
      ...BOOKING_CHECKBOX_FIELDS.filter((field) => errors[field] !== undefined).map(fieldId),
    ];
    const first = ids[0];
    if (first) form.current?.querySelector<HTMLElement>(`#${first}`)?.focus();
    // Only a new attempt moves the focus; corrections while typing must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitAttempts]);

  const { country } = useSite();
  const errorText = (field: BookingField) => {
    const code = errors[field];
    if (!code) return null;
    // Name, email, phone and notes say what checkout's fields say (shared/forms/contact-field-messages.ts); a required box says to
    // tick it; the booking's own rule that a guest leaves an email or a phone keeps the booking's message.
    if (isTextField(field) && code !== 'contactRequired') return i18n._(contactFieldMessage(field, code, { country, max: BOOKING_LIMITS[field] }));
    return code === 'required' ? t`Tick this box to book.` : i18n._(BOOKING_FIELD_ERROR_MESSAGES[code]);
  };
  const change = view.change;

  const textField = (field: TextField, label: string, options: { optional?: boolean; multiline?: boolean; type?: string; autoComplete?: string; hintId?: string } = {}) => {
    const error = errorText(field);
    const value = details[field];
    const limit = BOOKING_LIMITS[field];
    const count = value.length;
    const describedBy = [error ? errorId(field) : null, options.hintId ?? null].filter((id) => id !== null).join(' ');
    const common = {
      id: fieldId(field),
      name: field,
      value,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy === '' ? undefined : describedBy,
      'aria-required': options.optional ? undefined : true,
      disabled: submitting,
    };
    return (
      <div className="field">
        <label htmlFor={fieldId(field)}>
          {label}
          {options.optional ? (
            <span className="field__hint">
              {' '}
              <Trans>(optional)</Trans>
            </span>
          ) : null}
        </label>
        {options.multiline ? (
          <textarea {...common} rows={3} onChange={(event) => change(field, event.target.value)} />
        ) : (
          <input {...common} type={options.type ?? 'text'} autoComplete={options.autoComplete} onChange={(event) => change(field, event.target.value)} />
        )}
        {/* One message under the notes: the counter, or the error that replaces it while the field is in error. */}
        {field === 'notes' && !error ? (
          <span className="field__hint">
            <Trans>
              {count} of {limit} characters
            </Trans>
          </span>
        ) : null}
        <FieldError id={errorId(field)} error={error} />
      </div>
    );
  };

  const checkbox = (field: CheckboxField, label: ReactNode) => {
    const error = errorText(field);
    return (
      <div className="field field--checkbox">
        <input
          id={fieldId(field)}
          type="checkbox"
          name={field}
          checked={details[field]}
          disabled={submitting}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(field) : undefined}
          onChange={(event) => change(field, event.target.checked)}
        />
        <label htmlFor={fieldId(field)}>{label}</label>
        <FieldError id={errorId(field)} error={error} />
      </div>
    );
  };

  return (
    <form
      ref={form}
      className="booking-form"
      noValidate
      aria-busy={submitting}
      onSubmit={(event) => {
        event.preventDefault();
        view.submit();
      }}
    >
      {submitError ? (
        <p className="panel panel--error" role="alert">
          {i18n._(submitError)}
        </p>
      ) : null}
      {textField('fullName', t`Full Name`, { autoComplete: 'name' })}
      {textField('email', t`Email`, { optional: true, type: 'email', autoComplete: 'email', hintId: CONTACT_HINT_ID })}
      {textField('phone', t`Phone number`, { optional: true, type: 'tel', autoComplete: 'tel', hintId: CONTACT_HINT_ID })}
      <p id={CONTACT_HINT_ID} className="field__hint booking-contact-hint">
        <Trans>Give an email or a phone number, or both: you find and change your booking with it, and the store can reach you.</Trans>
      </p>
      {textField('notes', t`Notes for the artist`, { optional: true, multiline: true })}
      {questions.map((field) => (
        <QuestionInput key={field.question.id} field={field} disabled={submitting} onChange={(value) => view.answer(field.question.id, value)} />
      ))}
      {checkbox('acknowledgement', <Trans>I understand that the booking is held for me only until the appointment time and that late arrivals may be shortened.</Trans>)}
      <fieldset className="booking-consents">
        <legend>
          <Trans>Consents</Trans>
        </legend>
        {checkbox('consentPersonalInfo', <Trans>I consent to the collection and use of my personal information.</Trans>)}
        {checkbox('consentThirdParty', <Trans>I consent to the disclosure of my personal information to third parties.</Trans>)}
        {checkbox('consentPolicy', <Trans>I agree to the privacy policy.</Trans>)}
        {checkbox('consentAge', <Trans>I am over 14 years old.</Trans>)}
        {checkbox('marketing', <Trans>Send me news and offers (optional).</Trans>)}
      </fieldset>
      <div className="booking-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!view.canBack}
          aria-describedby={view.backDisabledReason ? backReasonId : undefined}
          onClick={view.back}
        >
          <Trans>Back</Trans>
        </button>
        <button type="submit" className="button" disabled={view.submitDisabledReason !== null} aria-describedby={view.submitDisabledReason ? submitReasonId : undefined}>
          {submitting ? <Trans>Booking…</Trans> : <Trans>Confirm booking</Trans>}
        </button>
        <BusyReason id={backReasonId} reason={view.backDisabledReason} />
        <BusyReason id={submitReasonId} reason={view.submitDisabledReason} />
      </div>
    </form>
  );
}

/** One of the activity's questions: free text, or one of its options (yes or no). */
function QuestionInput({ field, disabled, onChange }: { field: QuestionField; disabled: boolean; onChange: (value: string) => void }) {
  const { t, i18n } = useLingui();
  const { question, value, error } = field;
  const id = questionId(question.id);
  // What to do, one message: answer it, pick an option, or shorten it to the question's own limit.
  const most = question.maxLength ?? BOOKING_LIMITS.answer;
  const errorText =
    error === 'required' ? (question.kind === 'text' ? t`Answer this question.` : i18n._(BOOKING_ANSWER_ERROR_MESSAGES.notAnOption)) : error === 'tooLong' ? t`Use at most ${most} characters.` : error ? i18n._(BOOKING_ANSWER_ERROR_MESSAGES[error]) : null;
  const common = {
    id,
    name: id,
    value,
    disabled,
    'aria-invalid': errorText ? true : undefined,
    'aria-describedby': errorText ? `${id}-error` : undefined,
    'aria-required': question.required ? true : undefined,
  };
  const options = question.kind === 'yesNo' ? [{ value: 'yes', label: t`Yes` }, { value: 'no', label: t`No` }] : question.options;
  return (
    <div className="field">
      <label htmlFor={id}>
        {question.label}
        {question.required ? null : (
          <span className="field__hint">
            {' '}
            <Trans>(optional)</Trans>
          </span>
        )}
      </label>
      {question.kind === 'text' ? (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      ) : (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t`Choose…`}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
      <FieldError id={`${id}-error`} error={errorText} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: ReactNode }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}

/** Why a control of the flow waits (the time is being held, the booking is being sent), for its `aria-describedby`. */
export function BusyReason({ id, reason }: { id: string; reason: BookingBusyReason | null }) {
  return reason ? (
    <span id={id} className="visually-hidden">
      <Trans>Please wait: your last change is still being saved.</Trans>
    </span>
  ) : null;
}
