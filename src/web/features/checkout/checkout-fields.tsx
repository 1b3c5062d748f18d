import { useId, type ReactNode } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field, tied to it for screen readers; null: valid (or not shown yet). */
  error: string | null;
  hint?: string | null;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  maxLength?: number;
  required?: boolean;
  name: string;
}

/** A labelled text input with its hint and error read out with it (aria-describedby, aria-invalid). */
export function TextField({ label, value, onChange, error, hint = null, type = 'text', autoComplete, inputMode, maxLength, required = false, name }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field checkout-field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={required}
        aria-invalid={error !== null}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  name: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, value, onChange, error, name, placeholder, options }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field checkout-field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} aria-invalid={error !== null} aria-describedby={error ? errorId : undefined} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface ChoiceProps {
  /** The group's radios share it. */
  group: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  /** The choice's name, and what else a screen reader reads with it (a fee, why it is disabled). */
  title: ReactNode;
  details?: ReactNode;
  value: string;
}

/** One radio of a choice group, its label holding the details (the whole row is the target). */
export function Choice({ group, checked, disabled = false, onSelect, title, details, value }: ChoiceProps) {
  const id = useId();
  const detailsId = `${id}-details`;
  return (
    <div className="checkout-choice" data-state={checked ? 'checked' : 'unchecked'} data-value={value} aria-disabled={disabled || undefined}>
      <input id={id} type="radio" name={group} value={value} checked={checked} disabled={disabled} aria-describedby={details ? detailsId : undefined} onChange={onSelect} />
      <label htmlFor={id}>
        <span className="checkout-choice__title">{title}</span>
        {details ? (
          <span className="checkout-choice__details" id={detailsId}>
            {details}
          </span>
        ) : null}
      </label>
    </div>
  );
}
