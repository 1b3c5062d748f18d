import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { AccountFailure } from './account-form.failure.ts';
import type { FieldErrorCode, FieldErrors, FieldValue, FormValues } from './account-form.definition.ts';
import type { AccountFormMachine } from './account-form.machine.ts';

type Snapshot = SnapshotFrom<AccountFormMachine>;
type Send = (event: EventFromLogic<AccountFormMachine>) => void;

/** The error summary of the last failed submit: its reason, and the fields to fix in the form's order. */
export interface AccountFormSummary {
  failure: AccountFailure;
  fields: string[];
}

export interface AccountFormApi {
  /** The form's id, which names its elements. */
  form: string;
  /** The request runs: the fields are read-only and the submit waits. */
  busy: boolean;
  /** Saved, sent or signed in. */
  succeeded: boolean;
  /** What the submit answered, once it succeeded (the forgot-password form: the address). */
  result: unknown;
  values: FormValues;
  fieldErrors: FieldErrors;
  /** Null when there is nothing to say: no failure, or only invalid fields already fixed. */
  summary: AccountFormSummary | null;
  /** Refused and failed submits so far: each one moves the focus to the summary. */
  attempts: number;
  submitDisabledReason: 'busy' | null;
  change(field: string, value: FieldValue): void;
  submit(): void;
}

/** One field of the form: what a field component selects, so typing re-renders only that field. */
export interface AccountFieldApi {
  value: FieldValue | undefined;
  error: FieldErrorCode | null;
  busy: boolean;
  change(value: FieldValue): void;
}

function summaryOf(snapshot: Snapshot): AccountFormSummary | null {
  const { failure, fieldErrors } = snapshot.context;
  if (!snapshot.hasTag('failed') || !failure) return null;
  const fields = snapshot.context.fields.filter((field) => fieldErrors[field] !== undefined);
  return failure.reason === 'invalid' && fields.length === 0 ? null : { failure, fields };
}

export function accountFormConnect(snapshot: Snapshot, send: Send): AccountFormApi {
  const { form, values, fieldErrors, attempts, result } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const succeeded = snapshot.hasTag('succeeded');
  return {
    form,
    busy,
    succeeded,
    result: succeeded ? result : null,
    values,
    fieldErrors,
    summary: summaryOf(snapshot),
    attempts,
    submitDisabledReason: !snapshot.can({ type: 'form.submit' }) && busy ? 'busy' : null,
    change: (field, value) => send({ type: 'form.change', field, value }),
    submit: () => send({ type: 'form.submit' }),
  };
}

export function accountFieldConnect(snapshot: Snapshot, send: Send, field: string): AccountFieldApi {
  return {
    value: snapshot.context.values[field],
    error: snapshot.context.fieldErrors[field] ?? null,
    busy: snapshot.hasTag('busy'),
    change: (value) => send({ type: 'form.change', field, value }),
  };
}
