import * as v from 'valibot';
import { BEAUTY_PASS_TERMS } from '../../src/config/consents.ts';
import type { CountryCode } from '../../src/config/countries.ts';
import {
  BeautyProfileSchema,
  ChangePasswordSchema,
  COMPULSORY_CONSENTS,
  FIELD_MESSAGES,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  ProfilePatchSchema,
  RegisterSchema,
} from '../../src/contract/account.ts';
import { SignInSchema } from '../../src/contract/sign-in.ts';

/**
 * The account forms the `accountForm` machine runs: their fields, their starting values, the
 * request body the values make and the contract schema that body must pass. The same schemas
 * validate on the server, so a rule changes in one place.
 */

export type FieldValue = string | boolean | readonly string[];
export type FormValues = Readonly<Record<string, FieldValue>>;

export const ACCOUNT_FORMS = ['signIn', 'register', 'forgotPassword', 'resetPassword', 'changePassword', 'profile', 'beautyProfile', 'signOut'] as const;
export type AccountFormKind = (typeof ACCOUNT_FORMS)[number];

/** Why a field is refused: the SPA shows its own translation of each. */
export const FIELD_ERROR_CODES = ['required', 'tooLong', 'email', 'passwordRule', 'consentRequired', 'emailTaken', 'wrongPassword', 'termsOutdated', 'invalid'] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
export type FieldErrors = Readonly<Partial<Record<string, FieldErrorCode>>>;

/** What the screen knows beyond the fields: the reset link's token, a Google ID token to link. */
export type FormExtra = Readonly<Partial<Record<'token' | 'googleIdToken', string>>>;

interface FormSpec {
  /** In the order the form shows them: the error summary lists errors in this order. */
  fields: readonly string[];
  defaults: FormValues;
  toPayload(values: FormValues, extra: FormExtra): unknown;
  schema: v.GenericSchema;
}

const text = (values: FormValues, field: string): string => {
  const value = values[field];
  return typeof value === 'string' ? value : '';
};
const flag = (values: FormValues, field: string): boolean => values[field] === true;
const list = (values: FormValues, field: string): string[] => {
  const value = values[field];
  return Array.isArray(value) ? [...(value as readonly string[])] : [];
};
/** A select left on its empty option answers "not said" (null). */
const choice = (values: FormValues, field: string): string | null => text(values, field) || null;

const CONSENT_FIELDS = [...COMPULSORY_CONSENTS, 'marketing', 'beautyPass'] as const;

export const BEAUTY_PROFILE_FIELDS = ['skinType', 'skinConcerns', 'hairType', 'hairConcerns', 'eyeColour', 'skinTone', 'undertone', 'finish'] as const;
const BEAUTY_PROFILE_LISTS: readonly string[] = ['skinConcerns', 'hairConcerns'];

export const FORMS: Readonly<Record<AccountFormKind, FormSpec>> = {
  signIn: {
    fields: ['email', 'password'],
    defaults: { email: '', password: '' },
    toPayload: (values) => ({ email: text(values, 'email'), password: text(values, 'password') }),
    schema: SignInSchema,
  },
  register: {
    fields: ['email', 'password', 'firstName', 'lastName', 'country', ...CONSENT_FIELDS],
    defaults: {
      email: '',
      password: '',
      firstName: '',
      lastName: '',
      country: '',
      ...Object.fromEntries(CONSENT_FIELDS.map((consent) => [consent, false])),
    },
    toPayload(values, extra) {
      const country = text(values, 'country');
      const joins = flag(values, 'beautyPass');
      const terms = BEAUTY_PASS_TERMS[country as CountryCode] as (typeof BEAUTY_PASS_TERMS)[CountryCode] | undefined;
      return {
        email: text(values, 'email'),
        password: text(values, 'password'),
        firstName: text(values, 'firstName'),
        lastName: text(values, 'lastName'),
        country,
        consents: Object.fromEntries(CONSENT_FIELDS.map((consent) => [consent, flag(values, consent)])),
        // The variant of the terms text the form showed: the server refuses an outdated one.
        ...(joins && terms ? { beautyPassTermsVariant: terms.variant } : {}),
        ...(extra.googleIdToken ? { googleIdToken: extra.googleIdToken } : {}),
      };
    },
    schema: RegisterSchema,
  },
  forgotPassword: {
    fields: ['email'],
    defaults: { email: '' },
    toPayload: (values) => ({ email: text(values, 'email') }),
    schema: PasswordResetRequestSchema,
  },
  resetPassword: {
    fields: ['password'],
    defaults: { password: '' },
    toPayload: (values) => ({ password: text(values, 'password') }),
    schema: PasswordResetSchema,
  },
  changePassword: {
    fields: ['currentPassword', 'newPassword'],
    defaults: { currentPassword: '', newPassword: '' },
    toPayload: (values) => ({ currentPassword: text(values, 'currentPassword'), newPassword: text(values, 'newPassword') }),
    schema: ChangePasswordSchema,
  },
  // The screen starts the form from `GET account`, so the marketing box shows the consent as it stands.
  profile: {
    fields: ['firstName', 'lastName', 'marketingConsent'],
    defaults: { firstName: '', lastName: '', marketingConsent: false },
    toPayload: (values) => ({ firstName: text(values, 'firstName'), lastName: text(values, 'lastName'), marketingConsent: flag(values, 'marketingConsent') }),
    schema: ProfilePatchSchema,
  },
  beautyProfile: {
    fields: BEAUTY_PROFILE_FIELDS,
    defaults: Object.fromEntries(BEAUTY_PROFILE_FIELDS.map((field) => [field, BEAUTY_PROFILE_LISTS.includes(field) ? [] : ''])),
    toPayload: (values) =>
      Object.fromEntries(BEAUTY_PROFILE_FIELDS.map((field) => [field, BEAUTY_PROFILE_LISTS.includes(field) ? list(values, field) : choice(values, field)])),
    schema: BeautyProfileSchema,
  },
  /** No fields: signing out (here or everywhere) is a submit that can fail like any other. */
  signOut: {
    fields: [],
    defaults: {},
    toPayload: () => ({}),
    schema: v.object({}),
  },
};

const MESSAGE_CODES: ReadonlyMap<string, FieldErrorCode> = new Map(
  (Object.entries(FIELD_MESSAGES) as [keyof typeof FIELD_MESSAGES, string][]).map(([code, message]) => [message, code]),
);

/** A contract message (`FIELD_MESSAGES`, from either side) as a code; any other text is "invalid". */
export function fieldErrorCode(message: string): FieldErrorCode {
  return MESSAGE_CODES.get(message) ?? 'invalid';
}

/**
 * The form's field for a dotted path of the body (`email`, `consents.over14`; the server adds
 * `body.`), or null when the path names no field of the form.
 */
export function fieldOfPath(kind: AccountFormKind, path: string): string | null {
  const fields = FORMS[kind].fields;
  const inBody = path.startsWith('body.') ? path.slice('body.'.length) : path;
  if (fields.includes(inBody)) return inBody;
  const last = inBody.split('.').at(-1) ?? '';
  return fields.includes(last) ? last : null;
}

/** A value the field can hold: a text field takes text, a checkbox a boolean, a multi-select a list. */
export function fieldAccepts(kind: AccountFormKind, field: string, value: FieldValue): boolean {
  const initial = FORMS[kind].defaults[field];
  if (initial === undefined) return false;
  if (Array.isArray(initial)) return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return typeof value === typeof initial;
}

export type Validation = { ok: true; payload: unknown } | { ok: false; errors: FieldErrors };

/** The body the values make, or the first problem of each field in error. */
export function validateForm(kind: AccountFormKind, values: FormValues, extra: FormExtra): Validation {
  const spec = FORMS[kind];
  const payload = spec.toPayload(values, extra);
  const result = v.safeParse(spec.schema, payload);
  if (result.success) return { ok: true, payload: result.output };
  const errors: Partial<Record<string, FieldErrorCode>> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue);
    const field = path === null ? null : fieldOfPath(kind, path);
    // An issue about no field (a whole-body check) cannot be fixed by the shopper: the form never sends such a body.
    if (field !== null && errors[field] === undefined) errors[field] = fieldErrorCode(issue.message);
  }
  return { ok: false, errors };
}

/** The form's starting values: the defaults, with what the screen already knows laid over them. */
export function initialValues(kind: AccountFormKind, known: FormValues = {}): FormValues {
  const values: Record<string, FieldValue> = { ...FORMS[kind].defaults };
  for (const [field, value] of Object.entries(known)) if (fieldAccepts(kind, field, value)) values[field] = value;
  return values;
}
