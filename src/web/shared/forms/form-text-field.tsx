import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import { InputField } from '../ui/input-field.tsx';
import { useField, type FormRef } from './use-account-form.ts';

export interface FormTextFieldProps {
  form: FormRef;
  /** The input's id: a form's error summary links to it. */
  id: string;
  field: string;
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  hint?: string;
  inputMode?: 'text' | 'numeric';
  /** False for a secret that must never reach a URL: without a `name`, a submit before hydration (the browser's own GET) leaves it out. */
  named?: boolean;
  /** The words of a refusal: each form keeps its own, so that they stay in its feature's catalog. */
  errorText: (code: FieldErrorCode) => string;
}

/** One required text field of a form on the account form machine: its value, its busy state and its refusal. */
export function FormTextField({ form, id, field, label, type, autoComplete, hint, inputMode, named = true, errorText }: FormTextFieldProps) {
  const view = useField(form, field);
  return (
    <InputField
      id={id}
      name={named ? field : undefined}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      spellCheck={false}
      label={label}
      hint={hint}
      value={typeof view.value === 'string' ? view.value : ''}
      onChange={view.change}
      readOnly={view.busy}
      aria-required="true"
      invalid={view.error !== null}
      error={view.error ? errorText(view.error) : null}
    />
  );
}
