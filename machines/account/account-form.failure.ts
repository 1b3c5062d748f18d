import { ACCOUNT_ERROR_CODES } from '../../src/contract/account-constants.ts';
import { fieldErrorCode, fieldOfPath, type FieldErrorCode, type FieldErrors } from './account-form.definition.ts';

/**
 * Why a submit failed, as the form tells the shopper (spec §8). Read from the error's shape only
 * (`kind`, `status`, `body.code` …, what the API client's `ApiError` carries), so this file needs
 * neither the client nor the network and a test can pass plain objects.
 */
export type AccountFailure =
  /** The shopper can fix it: the fields say what is wrong. */
  | { reason: 'invalid' }
  | { reason: 'authenticationFailed' }
  | { reason: 'blocked'; referenceId: string | null }
  | { reason: 'rejected' }
  | { reason: 'emailTaken' }
  | { reason: 'termsOutdated' }
  | { reason: 'wrongPassword' }
  | { reason: 'notLinked'; email: string | null; firstName: string | null; lastName: string | null }
  | { reason: 'linkInvalid' }
  /** The Google account already belongs to another store account. */
  | { reason: 'identityLinked' }
  | { reason: 'offline' }
  | { reason: 'unknown'; referenceId: string | null };

export type FailureReason = AccountFailure['reason'];

interface ErrorShape {
  kind?: unknown;
  status?: unknown;
  body?: { code?: unknown; referenceId?: unknown; errors?: unknown } | null;
  /** The raw body: the not-linked answer carries the provider's names beside the usual fields. */
  data?: unknown;
}

const asShape = (error: unknown): ErrorShape => (typeof error === 'object' && error !== null ? (error as ErrorShape) : {});
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function serverFieldErrors(fields: readonly string[], errors: unknown): Partial<Record<string, FieldErrorCode>> {
  const found: Partial<Record<string, FieldErrorCode>> = {};
  if (!Array.isArray(errors)) return found;
  for (const entry of errors as unknown[]) {
    const { field: path, message } = asShape(entry) as { field?: unknown; message?: unknown };
    if (typeof path !== 'string') continue;
    const field = fieldOfPath(fields, path);
    if (field !== null && found[field] === undefined) found[field] = fieldErrorCode(typeof message === 'string' ? message : '');
  }
  return found;
}

/** Which field a refusal is about, so the form marks it beside the summary. */
const FIELD_OF_REASON: Partial<Record<FailureReason, { field: string; code: FieldErrorCode }>> = {
  emailTaken: { field: 'email', code: 'emailTaken' },
  wrongPassword: { field: 'currentPassword', code: 'wrongPassword' },
  termsOutdated: { field: 'beautyPass', code: 'termsOutdated' },
};

/** The failure of a submit of a form with these `fields` and the field errors it brings (none without fields). */
export function classifyFailure(fields: readonly string[], error: unknown): { failure: AccountFailure; fieldErrors: FieldErrors } {
  const shape = asShape(error);
  const failure = failureOf(shape);
  const fieldErrors: Partial<Record<string, FieldErrorCode>> = failure.reason === 'invalid' ? serverFieldErrors(fields, shape.body?.errors) : {};
  const marked = FIELD_OF_REASON[failure.reason];
  if (marked && fieldOfPath(fields, marked.field) === marked.field) fieldErrors[marked.field] = marked.code;
  // A 400 that names no field of this form is nothing the shopper can fix.
  if (failure.reason === 'invalid' && Object.keys(fieldErrors).length === 0) return { failure: { reason: 'unknown', referenceId: null }, fieldErrors };
  return { failure, fieldErrors };
}

function failureOf(shape: ErrorShape): AccountFailure {
  if (shape.kind === 'network') return { reason: 'offline' };
  const code = shape.body?.code;
  const referenceId = stringOrNull(shape.body?.referenceId);
  switch (code) {
    case ACCOUNT_ERROR_CODES.signInBlocked:
      return { reason: 'blocked', referenceId };
    case ACCOUNT_ERROR_CODES.signInRejected:
      return { reason: 'rejected' };
    case ACCOUNT_ERROR_CODES.emailTaken:
      return { reason: 'emailTaken' };
    case ACCOUNT_ERROR_CODES.termsOutdated:
      return { reason: 'termsOutdated' };
    case ACCOUNT_ERROR_CODES.wrongPassword:
      return { reason: 'wrongPassword' };
    case ACCOUNT_ERROR_CODES.resetLinkInvalid:
      return { reason: 'linkInvalid' };
    case ACCOUNT_ERROR_CODES.identityLinked:
      return { reason: 'identityLinked' };
    case ACCOUNT_ERROR_CODES.socialNotLinked: {
      const data = asShape(shape.data) as { email?: unknown; firstName?: unknown; lastName?: unknown };
      return { reason: 'notLinked', email: stringOrNull(data.email), firstName: stringOrNull(data.firstName), lastName: stringOrNull(data.lastName) };
    }
    default:
      break;
  }
  if (shape.status === 400 && Array.isArray(shape.body?.errors)) return { reason: 'invalid' };
  if (shape.status === 401) return { reason: 'authenticationFailed' };
  if (shape.status === 410) return { reason: 'linkInvalid' };
  return { reason: 'unknown', referenceId };
}
