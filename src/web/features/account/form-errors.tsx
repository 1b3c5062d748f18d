import type { I18n, MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { accountFormConnect, type AccountFormApi } from '../../../../machines/account/account-form.connect.ts';
import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import type { AccountFailure } from '../../../../machines/account/account-form.failure.ts';
import { FAILURE_MESSAGES, FIELD_ERROR_MESSAGES, REQUIRED_FIELD_MESSAGES } from '../../../../machines/account/messages.ts';
import type { CountryCode } from '../../../config/countries.ts';
import { EMAIL_MAX, NAME_MAX } from '../../../contract/account-constants.ts';
import { contactFieldMessage } from '../../shared/forms/contact-field-messages.ts';
import { loadFeatureCatalog } from '../../shared/i18n/setup.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import type { FormRef } from './form-parts.tsx';
import { accountMessages } from './messages.ts';
import { useView } from '../../shared/hooks/use-view.ts';

/*
 * What a form shows once a submit has failed, with its texts in the account feature's catalog.
 * Loaded by form-parts.tsx after the form is shown, never before it: the sign-in form is a first
 * screen, whose own messages are the storefront's, and neither this code nor that catalog is part of it.
 */

/** Starts loading the account catalog in the active language, so the first error shows without waiting. */
export function prefetchErrorMessages(i18n: I18n): void {
  // A failed load is tried again by the text that needs it (useFeatureCatalog).
  loadFeatureCatalog(i18n, accountMessages).catch(() => undefined);
}

/**
 * One message per field, saying what to type: an empty field names what it wants, the email says
 * it in checkout's and booking's words (contact-field-messages.ts), a name too long says how long.
 */
function accountFieldMessage(field: string, code: FieldErrorCode, country: CountryCode): MessageDescriptor {
  if (field === 'email' && (code === 'required' || code === 'email' || code === 'tooLong')) {
    return contactFieldMessage('email', code === 'email' ? 'invalidEmail' : code, { country, max: EMAIL_MAX });
  }
  if (code === 'required') return REQUIRED_FIELD_MESSAGES[field] ?? FIELD_ERROR_MESSAGES.required;
  if (code === 'tooLong' && (field === 'firstName' || field === 'lastName')) return contactFieldMessage('fullName', 'tooLong', { country, max: NAME_MAX });
  return FIELD_ERROR_MESSAGES[code];
}

export function FieldErrorText({ id, field, error }: { id: string; field: string; error: FieldErrorCode }) {
  useFeatureCatalog(accountMessages);
  const { i18n } = useLingui();
  const { country } = useSite();
  return (
    <p className="field__error" id={id}>
      {i18n._(accountFieldMessage(field, error, country))}
    </p>
  );
}

export interface ErrorSummaryProps {
  form: FormRef;
  labels: Readonly<Record<string, string>>;
  /** What the shopper can do next (ask for a new link, sign in …). */
  actions?: ((failure: AccountFailure) => ReactNode) | undefined;
}

/**
 * What went wrong with the last submit (spec §8), as an alert that takes the focus at each failed
 * attempt (WCAG 3.3.1): fields in error are listed as links to them; a blocked sign-in shows its
 * reference id.
 */
export function ErrorSummary({ form, labels, actions }: ErrorSummaryProps) {
  const view = useView(form, accountFormConnect);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (view.attempts > 0) region.current?.focus();
  }, [view.attempts]);

  if (!view.summary) return null;
  // The texts wait for the account catalog in their own boundary: the alert and its focus do not.
  return (
    <div ref={region} className="panel panel--error error-summary" role="alert" tabIndex={-1} data-reason={view.summary.failure.reason}>
      <Suspense fallback={null}>
        <ErrorSummaryText view={view} labels={labels} actions={actions} />
      </Suspense>
    </div>
  );
}

function ErrorSummaryText({ view, labels, actions }: { view: AccountFormApi; labels: Readonly<Record<string, string>>; actions?: ((failure: AccountFailure) => ReactNode) | undefined }) {
  useFeatureCatalog(accountMessages);
  const { i18n } = useLingui();
  const { country } = useSite();
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
                  {labels[field] ?? field}: {code ? i18n._(accountFieldMessage(field, code, country)) : null}
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
