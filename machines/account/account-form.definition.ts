import * as v from 'valibot';
import { FIELD_MESSAGES } from '../../src/contract/account-constants.ts';

/**
 * What an account form is to the `accountForm` machine: its fields, their starting values, the
 * request body the values make and the contract schema that body must pass (the same schemas
 * validate on the server, so a rule changes in one place). Each form is defined in its own module
 * (`forms/*.form.ts`) and given to `createAccountFormMachine`, so a screen loads its own form's
 * schema and no other: the sign-in first screen does not carry registration's rules.
 */
export interface AccountFormDefinition {
  /** Names the form's elements (`signIn-email`) and its submits. */
  id: string;
  /** In the order the form shows them: the error summary lists errors in this order. */
  fields: readonly string[];
  defaults: FormValues;
  toPayload(values: FormValues, extra: FormExtra): unknown;
  schema: v.GenericSchema;
}

export type FieldValue = string | boolean | readonly string[];
export type FormValues = Readonly<Record<string, FieldValue>>;

/** Why a field is refused: the SPA shows its own translation of each. */
export const FIELD_ERROR_CODES = ['required', 'tooLong', 'email', 'passwordRule', 'consentRequired', 'emailTaken', 'wrongPassword', 'termsOutdated', 'invalid'] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
export type FieldErrors = Readonly<Partial<Record<string, FieldErrorCode>>>;

/** What the screen knows beyond the fields: the reset link's token, a Google ID token to link. */
export type FormExtra = Readonly<Partial<Record<'token' | 'googleIdToken', string>>>;

/** A text field's value ('' when it holds something else). */
export const text = (values: FormValues, field: string): string => {
  const value = values[field];
  return typeof value === 'string' ? value : '';
};
/** A checkbox's value. */
export const flag = (values: FormValues, field: string): boolean => values[field] === true;
/** A multi-select's value. */
export const list = (values: FormValues, field: string): string[] => {
  const value = values[field];
  return Array.isArray(value) ? [...(value as readonly string[])] : [];
};
/** A select left on its empty option answers "not said" (null). */
export const choice = (values: FormValues, field: string): string | null => text(values, field) || null;

const MESSAGE_CODES: ReadonlyMap<string, FieldErrorCode> = new Map(
  (Object.entries(FIELD_MESSAGES) as [keyof typeof FIELD_MESSAGES, string][]).map(([code, message]) => [message, code]),
);

/** A contract message (`FIELD_MESSAGES`, from either side) as a code; any other text is "invalid". */
export function fieldErrorCode(message: string): FieldErrorCode {
  return MESSAGE_CODES.get(message) ?? 'invalid';
}

/**
 * The field among `fields` for a dotted path of the body (`email`, `consents.over14`; the server
 * adds `body.`), or null when the path names none of them.
 */
export function fieldOfPath(fields: readonly string[], path: string): string | null {
  const inBody = path.startsWith('body.') ? path.slice('body.'.length) : path;
  if (fields.includes(inBody)) return inBody;
  const last = inBody.split('.').at(-1) ?? '';
  return fields.includes(last) ? last : null;
}

/** A value the field can hold: a text field takes text, a checkbox a boolean, a multi-select a list. */
export function fieldAccepts(form: AccountFormDefinition, field: string, value: FieldValue): boolean {
  const initial = form.defaults[field];
  if (initial === undefined) return false;
  if (Array.isArray(initial)) return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return typeof value === typeof initial;
}

export type Validation = { ok: true; payload: unknown } | { ok: false; errors: FieldErrors };

/** The body the values make, or the first problem of each field in error. */
export function validateForm(form: AccountFormDefinition, values: FormValues, extra: FormExtra): Validation {
  const payload = form.toPayload(values, extra);
  const result = v.safeParse(form.schema, payload);
  if (result.success) return { ok: true, payload: result.output };
  const errors: Partial<Record<string, FieldErrorCode>> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue);
    const field = path === null ? null : fieldOfPath(form.fields, path);
    // An issue about no field (a whole-body check) cannot be fixed by the shopper: the form never sends such a body.
    if (field !== null && errors[field] === undefined) errors[field] = fieldErrorCode(issue.message);
  }
  return { ok: false, errors };
}

/** The form's starting values: the defaults, with what the screen already knows laid over them. */
export function initialValues(form: AccountFormDefinition, known: FormValues = {}): FormValues {
  const values: Record<string, FieldValue> = { ...form.defaults };
  for (const [field, value] of Object.entries(known)) if (fieldAccepts(form, field, value)) values[field] = value;
  return values;
}
