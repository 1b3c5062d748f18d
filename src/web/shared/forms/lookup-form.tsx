import { useEffect, useRef, type ReactNode } from 'react';
import { accountFormConnect, type AccountFormApi } from '../../../../machines/account/account-form.connect.ts';
import type { AccountFormDefinition, FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import type { AccountFailure } from '../../../../machines/account/account-form.failure.ts';
import { useView, viewNow } from '../hooks/use-view.ts';
import { FormTextField, type FormTextFieldProps } from './form-text-field.tsx';
import { useAccountForm, type FormRef } from './use-account-form.ts';

/*
 * A guest's lookup, written once: an identifier and what proves it is theirs (an order's number and
 * email, a booking's number and email or phone, a gift card's code and PIN) → one request, whose
 * answer is found or a miss. The form machine checks the fields (machines/account/forms); this
 * module renders them, the submit and its busy state, and the alert that takes the focus. Each
 * feature keeps its fields' meaning, its request and its words: no text is written here, so each
 * stays in its feature's catalog (lingui.config.ts).
 */

/** What a lookup answers: found, or a miss the shopper is told (not found, too many attempts). */
export interface LookupOutcome {
  kind: string;
}

export interface Lookup<TOutcome extends LookupOutcome> {
  form: FormRef;
  view: AccountFormApi;
  /** The answer once the request succeeded, a miss included: the form stays open with its values after a miss. */
  outcome: TOutcome | null;
  /** A miss: the answer, when it found nothing. */
  miss: Exclude<TOutcome, { kind: 'found' }> | null;
}

/** Runs the form machine for a lookup's definition with `request` as its call (`values`: what the form starts with). */
export function useLookup<TBody, TOutcome extends LookupOutcome>(definition: AccountFormDefinition, request: (body: TBody) => Promise<TOutcome>, values?: Record<string, string>): Lookup<TOutcome> {
  // The form machine checks the body against the definition's contract schema before it is sent.
  const form = useAccountForm({ form: definition, ...(values ? { values } : {}) }, (body) => request(body as TBody));
  const view = useView(form, accountFormConnect);
  const outcome = view.succeeded ? (view.result as TOutcome) : null;
  const miss = outcome && outcome.kind !== 'found' ? (outcome as Exclude<TOutcome, { kind: 'found' }>) : null;
  return { form, view, outcome, miss };
}

/** The input's id of a lookup's field: the form's id and the field's name (an alert's link points at it). */
export const lookupFieldId = (definition: AccountFormDefinition, field: string) => `${definition.id}-${field}`;

export type LookupFieldProps = Omit<FormTextFieldProps, 'form' | 'id' | 'errorText'> & { errorText: (code: FieldErrorCode) => string };

export interface LookupFormProps {
  lookup: Lookup<LookupOutcome>;
  definition: AccountFormDefinition;
  className: string;
  /** The form's name: its own words, or the heading that names it. */
  label: { 'aria-label': string } | { 'aria-labelledby': string };
  /** In the form's order; the first one takes the focus when the form starts again ("Find another order"). */
  fields: readonly LookupFieldProps[];
  submit: { label: string; busyLabel: string };
  /** Focus the first field at once: the form was opened again after an answer. */
  again?: boolean;
  /** Above the fields: the feature's intro and its alert. */
  children?: ReactNode;
}

/** The lookup's form: its fields, the submit (disabled and relabelled while the request is out) and what is above them. */
export function LookupForm({ lookup, definition, className, label, fields, submit, again = false, children }: LookupFormProps) {
  const { form, view } = lookup;
  const first = fields[0]?.field ?? '';
  useEffect(() => {
    if (again) document.getElementById(lookupFieldId(definition, first))?.focus();
  }, [again, definition, first]);
  return (
    <form
      className={className}
      noValidate
      {...label}
      aria-busy={view.busy}
      onSubmit={(event) => {
        event.preventDefault();
        // After a miss the form holds the answer (the machine's `succeeded`), which takes a change
        // before another submit: the same values are sent again (a lookup paused for too many
        // attempts is tried again as it was, once the pause is over).
        if (view.succeeded) view.change(first, String(form.getSnapshot().context.values[first] ?? ''));
        viewNow(form, accountFormConnect).submit();
      }}
    >
      {children}
      {fields.map(({ field, ...props }) => (
        <FormTextField key={field} form={form} id={lookupFieldId(definition, field)} field={field} {...props} />
      ))}
      <button type="submit" className="button" disabled={view.busy} aria-disabled={view.busy}>
        {view.busy ? submit.busyLabel : submit.label}
      </button>
    </form>
  );
}

/** Why a lookup found nothing or could not ask, as its alert tells it: a miss, or the submit's failure. */
export type LookupAlertReason<TOutcome extends LookupOutcome> = { miss: Exclude<TOutcome, { kind: 'found' }>; failure: null } | { miss: null; failure: AccountFailure };

/**
 * The lookup's one alert, focused at each refused or failed submit and at each miss (WCAG 3.3.1):
 * a miss is told until the shopper changes a field (the form is open again), a failure until the
 * next submit. `children` says it in the feature's words.
 */
export function LookupAlert<TOutcome extends LookupOutcome>({
  lookup,
  className,
  children,
}: {
  lookup: Lookup<TOutcome>;
  className: string;
  children: (reason: LookupAlertReason<TOutcome>) => ReactNode;
}) {
  const region = useRef<HTMLDivElement>(null);
  const { miss, view } = lookup;
  const attempt = view.attempts;
  // Each answer is a new object: a miss told again (the same values sent twice) takes the focus again.
  useEffect(() => {
    if (attempt > 0 || miss) region.current?.focus();
  }, [attempt, miss]);
  const failure = miss ? null : (view.summary?.failure ?? null);
  if (!miss && !failure) return null;
  return (
    <div ref={region} className={className} role="alert" tabIndex={-1} data-reason={miss?.kind ?? failure?.reason}>
      {children(miss ? { miss, failure: null } : { miss: null, failure: failure as AccountFailure })}
    </div>
  );
}

/** Whole minutes to wait before trying again, at least one. */
export const minutesToWait = (retryAfterSeconds: number) => Math.max(1, Math.ceil(retryAfterSeconds / 60));
