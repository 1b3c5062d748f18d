import { useId, type ReactNode } from 'react';
import { InputField } from '../../shared/ui/input-field.tsx';

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

/** A labelled text input with its hint and error read out with it (the store's InputField). */
export function TextField({ label, value, onChange, error, hint = null, type = 'text', autoComplete, inputMode, maxLength, required = false, name }: TextFieldProps) {
  const id = useId();
  return (
    <InputField
      id={id}
      className="checkout-field"
      dataField={name}
      name={name}
      type={type}
      label={label}
      // One message per field: the error says what to type (with the example the hint gave), so it takes the hint's place.
      hint={error === null ? hint : null}
      value={value}
      onChange={onChange}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      required={required}
      invalid={error !== null}
      error={error}
    />
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
