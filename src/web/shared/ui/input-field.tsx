import type { InputHTMLAttributes, ReactNode } from 'react';

export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby' | 'children'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Whether the value is refused now: the input says so to assistive technology. */
  invalid: boolean;
  /** What is wrong, shown under the input (null: nothing to show yet, even while `invalid` waits for its text). */
  error: ReactNode;
  /** Classes besides `field`; `data-field` names the field for tests and styles. */
  className?: string;
  dataField?: string;
}

/**
 * One labelled text input with its hint and its error, wired for screen readers (the hint and the
 * error describe the input, `aria-invalid` while it is refused). Every form of the store draws its
 * text inputs with it; what each form adds (its machine, its error texts) stays with the form.
 */
export function InputField({ id, label, hint, value, onChange, invalid, error, className, dataField, ...input }: InputFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error !== null && error !== undefined && error !== false;
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'} data-field={dataField}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input {...input} id={id} value={value} aria-invalid={invalid ? true : undefined} aria-describedby={describedBy} onChange={(event) => onChange(event.target.value)} />
      {hasError ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
