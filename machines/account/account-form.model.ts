import { msg } from '@lingui/core/macro';
import { ACCOUNT_ERROR_CODES, ACCOUNT_MESSAGES } from '../../src/contract/account.ts';
import { AUTH_MESSAGES } from '../../src/contract/auth.ts';
import { defineModel } from '../model/types.ts';
import { validateForm } from './account-form.definition.ts';
import { createAccountFormMachine, type AccountFormEvent } from './account-form.machine.ts';
import { SIGN_IN_FORM } from './forms/sign-in.form.ts';

type ModelEvent = AccountFormEvent | { type: 'xstate.done.actor.submit'; output: unknown } | { type: 'xstate.error.actor.submit'; error: unknown };

const httpFailure = (status: number, body: Record<string, unknown>) => ({ kind: 'http', status, body: { status, ...body } });

/** The answers the sign-in request can bring (errors shaped like the API client's `ApiError`). */
export const SIGN_IN_FAILURES = {
  authenticationFailed: httpFailure(401, { message: AUTH_MESSAGES.failed }),
  blocked: httpFailure(403, { message: ACCOUNT_MESSAGES.blocked, code: ACCOUNT_ERROR_CODES.signInBlocked, referenceId: 'ref-7f3a9c' }),
  rejected: httpFailure(403, { message: ACCOUNT_MESSAGES.rejected, code: ACCOUNT_ERROR_CODES.signInRejected }),
  invalid: httpFailure(400, { message: 'Invalid request', errors: [{ field: 'body.email', message: 'Character limit exceeded' }] }),
  offline: { kind: 'network', status: null, body: null },
  unknown: httpFailure(500, { message: 'Internal server error', referenceId: 'ref-500' }),
} as const;

export const ACCOUNT_FORM_EVENTS: readonly ModelEvent[] = [
  { type: 'form.change', field: 'email', value: 'ana@example.com' },
  { type: 'form.change', field: 'password', value: 'correct-horse-1' },
  { type: 'form.change', field: 'email', value: '' },
  // Refused: sign-in has no such field, and the password is text.
  { type: 'form.change', field: 'role', value: 'staff' },
  { type: 'form.change', field: 'password', value: true },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.submit', output: { id: 1, email: 'ana@example.com', firstName: 'Ana', lastName: 'Lim', country: 'SG', role: 'shopper' } },
  ...Object.values(SIGN_IN_FAILURES).map((error) => ({ type: 'xstate.error.actor.submit', error }) as const),
];

export const accountFormModel = defineModel({
  id: 'accountForm',
  title: msg`Account form`,
  description: msg`Sign-in, registration, password and profile forms: editing, submitting, then signed in or saved, or failed with a reason (authentication failed, blocked with a reference id, rejected, invalid fields, offline).`,
  // Explored as the sign-in form: every form runs the same states and transitions.
  machine: createAccountFormMachine(SIGN_IN_FORM),
  input: {},
  events: ACCOUNT_FORM_EVENTS,
  // The typed values matter only as far as they make the form valid; the attempts counter grows
  // without bound and only moves the focus.
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify([
      snapshot.value,
      context.values.email !== '',
      validateForm(SIGN_IN_FORM, context.values, context.extra).ok,
      context.failure?.reason ?? null,
      Object.keys(context.fieldErrors).sort(),
    ]);
  },
});
