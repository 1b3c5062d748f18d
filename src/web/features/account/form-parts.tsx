import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { AccountFailure } from '../../../../machines/account/account-form.failure.ts';
import { accountFieldConnect, accountFormConnect, type AccountFormApi } from '../../../../machines/account/account-form.connect.ts';
import type { AccountFormDefinition, FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import { createAccountFormMachine, type AccountFormInput, type AccountFormMachine, type SubmitInput } from '../../../../machines/account/account-form.machine.ts';
import { FAILURE_MESSAGES, FIELD_ERROR_MESSAGES } from '../../../../machines/account/messages.ts';
import { sameView } from '../../../../machines/shared/same-view.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { accountMessages } from './messages.ts';
import './account.css';

export type FormRef = ActorRefFrom<AccountFormMachine>;

/**
 * Runs the account form machine for `form` (its definition from `machines/account/forms/`) with
 * `submit` as its request. `submit` is read through a ref, so a new closure each render neither
 * restarts the machine nor sends with stale values; the form and its input are read once.
 */
export function useAccountForm({ form, ...input }: AccountFormInput & { form: AccountFormDefinition }, submit: (payload: unknown) => Promise<unknown>): FormRef {
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  const [machine] = useState(() =>
    createAccountFormMachine(form).provide({ actors: { submit: fromPromise<unknown, SubmitInput>(({ input: { payload } }) => submitRef.current(payload)) } }),
  );
  return useActorRef(machine, { input });
}

export const fieldId = (form: FormRef, field: string) => `${form.getSnapshot().context.form}-${field}`;
const errorId = (form: FormRef, field: string) => `${fieldId(form, field)}-error`;
const hintId = (form: FormRef, field: string) => `${fieldId(form, field)}-hint`;

const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** The form's view-model, narrowed to one field: typing in one field re-renders that field only. `error` is the code of its error. */
function useField(form: FormRef, field: string) {
  return useSelector(form, (snapshot) => accountFieldConnect(snapshot, form.send, field), sameView);
}

/** The whole form's view-model, re-rendering when anything it shows changes. */
export function useAccountFormView(form: FormRef): AccountFormApi {
  return useSelector(form, (snapshot) => accountFormConnect(snapshot, form.send), sameView);
}

/** One fact of the form's view-model (saved, the answer, the country chosen …), re-rendering only when it changes. */
export function useAccountFormFact<T extends string | boolean | null>(form: FormRef, pick: (view: AccountFormApi) => T): T {
  return useSelector(form, (snapshot) => pick(accountFormConnect(snapshot, form.send)));
}

function FieldErrorText({ id, error }: { id: string; error: FieldErrorCode }) {
  useFeatureCatalog(accountMessages);
  const { i18n } = useLingui();
  return (
    <p className="field__error" id={id}>
      {i18n._(FIELD_ERROR_MESSAGES[error])}
    </p>
  );
}

/**
 * An error's text is in the account feature's catalog, which the sign-in form (a first screen,
 * whose own messages are the storefront's) does not wait for: it loads after the page, and an
 * error shown before it arrives waits for it here, not the whole form.
 */
function FieldError({ id, error }: { id: string; error: FieldErrorCode | null }) {
  return error ? (
    <Suspense fallback={null}>
      <FieldErrorText id={id} error={error} />
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
      <FieldError id={errorId(form, field)} error={error} />
    </div>
  );
}

export function CheckboxField({ form, field, label, required = false }: { form: FormRef; field: string; label: ReactNode; required?: boolean }) {
  const { value, error, busy, change } = useField(form, field);
  const id = fieldId(form, field);
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        name={field}
        type="checkbox"
        checked={value === true}
        disabled={busy}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error ? errorId(form, field) : null)}
        onChange={(event) => change(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <FieldError id={errorId(form, field)} error={error} />
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({ form, field, label, options, emptyLabel }: { form: FormRef; field: string; label: string; options: readonly Option[]; emptyLabel?: string }) {
  const { value, error, busy, change } = useField(form, field);
  const id = fieldId(form, field);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={field}
        value={typeof value === 'string' ? value : ''}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error ? errorId(form, field) : null)}
        onChange={(event) => change(event.target.value)}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId(form, field)} error={error} />
    </div>
  );
}

/** A multi-select as checkboxes in a fieldset: each choice is its own labelled control. */
export function CheckboxGroup({ form, field, legend, options }: { form: FormRef; field: string; legend: string; options: readonly Option[] }) {
  const { value, error, busy, change } = useField(form, field);
  const chosen = Array.isArray(value) ? (value as readonly string[]) : [];
  const id = fieldId(form, field);
  const toggle = (option: string, on: boolean) => change(on ? [...chosen, option] : chosen.filter((item) => item !== option));
  return (
    <fieldset className="field field--group" id={id} tabIndex={-1} aria-describedby={describedBy(error ? errorId(form, field) : null)}>
      <legend>{legend}</legend>
      <ul className="choice-list">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <li key={option.value}>
              <input id={optionId} type="checkbox" name={field} value={option.value} checked={chosen.includes(option.value)} disabled={busy} onChange={(event) => toggle(option.value, event.target.checked)} />
              <label htmlFor={optionId}>{option.label}</label>
            </li>
          );
        })}
      </ul>
      <FieldError id={errorId(form, field)} error={error} />
    </fieldset>
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
  return (
    <form
      className="account-form"
      noValidate
      aria-label={label}
      aria-busy={submitting}
      onSubmit={(event) => {
        event.preventDefault();
        accountFormConnect(form.getSnapshot(), form.send).submit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * What went wrong with the last submit (spec §8), as an alert that takes the focus at each failed
 * attempt (WCAG 3.3.1): fields in error are listed as links to them; a blocked sign-in shows its
 * reference id. `actions` adds what the shopper can do next (ask for a new link, sign in …).
 */
export function ErrorSummary({ form, labels, actions }: { form: FormRef; labels: Readonly<Record<string, string>>; actions?: (failure: AccountFailure) => ReactNode }) {
  const view = useAccountFormView(form);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (view.attempts > 0) region.current?.focus();
  }, [view.attempts]);

  if (!view.summary) return null;
  // The texts wait for the account catalog in their own boundary (see FieldError): the alert and its focus do not.
  return (
    <div ref={region} className="panel panel--error error-summary" role="alert" tabIndex={-1} data-reason={view.summary.failure.reason}>
      <Suspense fallback={null}>
        <ErrorSummaryText view={view} labels={labels} {...(actions ? { actions } : {})} />
      </Suspense>
    </div>
  );
}

function ErrorSummaryText({ view, labels, actions }: { view: AccountFormApi; labels: Readonly<Record<string, string>>; actions?: (failure: AccountFailure) => ReactNode }) {
  useFeatureCatalog(accountMessages);
  const { i18n } = useLingui();
  const { summary, fieldErrors, form: kind } = view;
  if (!summary) return null;
  const { failure, fields: inError } = summary;
  const referenceId = failure.reason === 'blocked' || failure.reason === 'unknown' ? failure.referenceId : null;
  return (
    <>
      <p className="error-summary__title">{i18n._(FAILURE_MESSAGES[failure.reason])}</p>
      {referenceId ? (
        <p className="error-summary__reference">
          <Trans>
            Reference ID: <strong data-testid="reference-id">{referenceId}</strong>
          </Trans>
        </p>
      ) : null}
      {failure.reason === 'invalid' ? (
        <ul className="error-summary__list">
          {inError.map((field) => {
            const code = fieldErrors[field];
            return (
              <li key={field}>
                <a
                  href={`#${kind}-${field}`}
                  onClick={(event) => {
                    // A fragment link scrolls but does not reliably focus the control.
                    event.preventDefault();
                    document.getElementById(`${kind}-${field}`)?.focus();
                  }}
                >
                  {labels[field] ?? field}: {code ? i18n._(FIELD_ERROR_MESSAGES[code]) : null}
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
      {actions?.(failure)}
    </>
  );
}
