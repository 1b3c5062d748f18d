import type { ReactNode } from 'react';
import { describedBy, errorId, FieldError, fieldId, useField, type FormRef } from './form-parts.tsx';

/*
 * The choice fields of the account forms (registration, profile, beauty profile): apart from the
 * text fields of form-parts.tsx, which are all the sign-in form, a first screen, needs.
 */

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
      <FieldError id={errorId(form, field)} field={field} error={error} />
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
      <FieldError id={errorId(form, field)} field={field} error={error} />
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
      <FieldError id={errorId(form, field)} field={field} error={error} />
    </fieldset>
  );
}

