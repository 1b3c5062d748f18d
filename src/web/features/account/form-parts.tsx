import { useLingui } from '@lingui/react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { accountFormConnect } from '../../../../machines/account/account-form.connect.ts';
import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import { formFieldId, useAccountFormFact, useField, type FormRef } from '../../shared/forms/use-account-form.ts';
import type * as ErrorTextsModule from './form-errors.tsx';
import type { ErrorSummaryProps } from './form-errors.tsx';
import './account.css';
import { viewNow } from '../../shared/hooks/use-view.ts';

export { useAccountForm, useAccountFormFact, useField, type FormRef } from '../../shared/forms/use-account-form.ts';

export const fieldId = formFieldId;
export const errorId = (form: FormRef, field: string) => `${fieldId(form, field)}-error`;
const hintId = (form: FormRef, field: string) => `${fieldId(form, field)}-hint`;

export const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

type ErrorTexts = typeof ErrorTextsModule;
let errorTexts: ErrorTexts | null = null;
let loadingErrorTexts: Promise<ErrorTexts> | null = null;

/**
 * What only a failure shows (the error summary and the fields' errors, form-errors.tsx) and its
 * catalog (the account feature's), which the sign-in form, a first screen whose own messages are
 * the storefront's, does not wait for: they load once a form is shown, and an error shown before
 * they arrive waits for them alone, not the whole form.
 */
function loadErrorTexts(): Promise<ErrorTexts> {
  loadingErrorTexts ??= import('./form-errors.tsx').then(
    (texts) => (errorTexts = texts),
    (error: unknown) => {
      // A failed chunk is tried again by the next form rather than kept as failed.
      loadingErrorTexts = null;
      throw error;
    },
  );
  return loadingErrorTexts;
}

/** The texts' module once loaded (at once for a form shown after it), null until then. */
function useErrorTexts(): ErrorTexts | null {
  const [texts, setTexts] = useState(errorTexts);
  const { i18n } = useLingui();
  useEffect(() => {
    if (texts) return;
    let live = true;
    loadErrorTexts().then(
      (loaded) => {
        loaded.prefetchErrorMessages(i18n);
        if (live) setTexts(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [texts, i18n]);
  return texts;
}

export function FieldError({ id, field, error }: { id: string; field: string; error: FieldErrorCode | null }) {
  const texts = useErrorTexts();
  // The texts wait for their catalog in their own boundary: the field does not.
  return error && texts ? (
    <Suspense fallback={null}>
      <texts.FieldErrorText id={id} field={field} error={error} />
    </Suspense>
  ) : null;
}

export function TextField({
  form,
  field,
  label,
  type = 'text',
  autoComplete,
  hint,
}: {
  form: FormRef;
  field: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  hint?: ReactNode;
}) {
  const { value, error, busy, change } = useField(form, field);
  const id = fieldId(form, field);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={hintId(form, field)}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={field}
        type={type}
        autoComplete={autoComplete}
        value={typeof value === 'string' ? value : ''}
        readOnly={busy}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId(form, field) : null, error ? errorId(form, field) : null)}
        onChange={(event) => change(event.target.value)}
      />
      <FieldError id={errorId(form, field)} field={field} error={error} />
    </div>
  );
}

/** Disabled only while the request runs, which its busy label says. */
export function SubmitButton({ form, idle, busy }: { form: FormRef; idle: string; busy: string }) {
  const submitting = useAccountFormFact(form, (view) => view.submitDisabledReason === 'busy');
  return (
    <button type="submit" className="button" disabled={submitting} aria-disabled={submitting}>
      {submitting ? busy : idle}
    </button>
  );
}

/** The `<form>`: sends the submit to the machine, and is busy while the request runs. */
export function AccountFormElement({ form, children, label }: { form: FormRef; children: ReactNode; label?: string }) {
  const submitting = useAccountFormFact(form, (view) => view.busy);
  // Once the form is shown its errors' texts load, so the first error shows without waiting.
  useErrorTexts();
  return (
    <form
      className="account-form"
      noValidate
      aria-label={label}
      aria-busy={submitting}
      onSubmit={(event) => {
        event.preventDefault();
        viewNow(form, accountFormConnect).submit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * What went wrong with the last submit (spec §8): form-errors.tsx, which loads once the form is
 * shown (useErrorTexts); until it has, nothing has failed yet.
 */
export function ErrorSummary(props: ErrorSummaryProps) {
  const texts = useErrorTexts();
  return texts ? <texts.ErrorSummary {...props} /> : null;
}
