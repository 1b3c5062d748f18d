import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { classifyFailure, type AccountFailure } from './account-form.failure.ts';
import { fieldAccepts, initialValues, validateForm, type AccountFormDefinition, type FieldErrors, type FieldValue, type FormExtra, type FormValues } from './account-form.definition.ts';

export interface SubmitInput {
  /** The form's id (`AccountFormDefinition.id`). */
  form: string;
  /** The body the contract schema accepted. */
  payload: unknown;
}

/** The app provides the request (`machine.provide({ actors: { submit } })`); the default only says so. */
export const submitForm = fromPromise<unknown, SubmitInput>(async () => {
  throw new Error('accountForm: provide the `submit` actor');
});

export interface AccountFormInput {
  /** What the screen already knows (the member's names, the site's country, a Google account's email). */
  values?: FormValues;
  extra?: FormExtra;
}

export interface AccountFormContext {
  /** The form's id: names its elements (`signIn-email`). */
  form: string;
  /** The form's fields in the order it shows them (the error summary's order). */
  fields: readonly string[];
  values: FormValues;
  extra: FormExtra;
  fieldErrors: FieldErrors;
  /** Why the last submit did not succeed; null before any and after a success. */
  failure: AccountFailure | null;
  /** Refused and failed submits so far: the view moves the focus to the error summary on each. */
  attempts: number;
  /** Once a submit was refused, the fields are checked again as the shopper corrects them. */
  checked: boolean;
  payload: unknown;
  /** What the submit answered (the signed-in user, the saved profile …). */
  result: unknown;
}

export type AccountFormEvent = { type: 'form.change'; field: string; value: FieldValue } | { type: 'form.submit' };

type ChangeEvent = Extract<AccountFormEvent, { type: 'form.change' }>;
const changeOf = ({ event }: { event: ChangeEvent }) => ({ field: event.field, value: event.value });

/** What an open form accepts; `editing` and `failed` (whose summary stays until the next submit) share it. */
const editable = {
  'form.change': { guard: { type: 'changeFits', params: changeOf }, actions: { type: 'change', params: changeOf } },
  'form.submit': [
    { guard: 'valid', target: 'submitting', actions: 'startSubmit' },
    { target: 'failed', actions: 'refuse' },
  ],
} as const;

/**
 * One account form (sign-in, register, forgot and reset password, change password, profile,
 * beauty profile, sign-out; `forms/`): editing → submitting → succeeded, or failed with a typed
 * reason (spec §8). A submit the contract schema refuses never leaves the browser: it fails as
 * `invalid` with the fields marked. A failed or succeeded form can be edited and sent again.
 *
 * The same machine for every form, made for one definition: the form's rules are closed over
 * rather than kept in the context, which stays plain data (the QA visualizer shows it as JSON),
 * and a screen imports only its own form's definition.
 */
export function createAccountFormMachine(definition: AccountFormDefinition) {
    return setup({
    types: {
      context: {} as AccountFormContext,
      events: {} as AccountFormEvent,
      input: {} as AccountFormInput,
      tags: {} as 'form' | 'busy' | 'failed' | 'succeeded',
    },
    actors: { submit: submitForm },
    guards: {
      changeFits: (_, change: { field: string; value: FieldValue }) => fieldAccepts(definition, change.field, change.value),
      valid: ({ context }) => validateForm(definition, context.values, context.extra).ok,
    },
    actions: {
      change: assign(({ context }, change: { field: string; value: FieldValue }) => {
        const values = { ...context.values, [change.field]: change.value };
        // The field's old error (the server's or ours) no longer describes it; ours is checked again.
        const fieldErrors: Partial<Record<string, FieldErrors[string]>> = Object.fromEntries(
          Object.entries(context.fieldErrors).filter(([field]) => field !== change.field),
        );
        if (context.checked) {
          const validation = validateForm(definition, values, context.extra);
          if (!validation.ok && validation.errors[change.field]) fieldErrors[change.field] = validation.errors[change.field];
        }
        return { values, fieldErrors };
      }),
      refuse: assign(({ context }) => {
        const validation = validateForm(definition, context.values, context.extra);
        return {
          fieldErrors: validation.ok ? {} : validation.errors,
          failure: { reason: 'invalid' } as const,
          attempts: context.attempts + 1,
          checked: true,
        };
      }),
      startSubmit: assign(({ context }) => {
        const validation = validateForm(definition, context.values, context.extra);
        return { payload: validation.ok ? validation.payload : null, fieldErrors: {}, failure: null, result: null };
      }),
      succeed: assign((_, output: unknown) => ({ result: output, failure: null, payload: null })),
      fail: assign(({ context }, error: unknown) => {
        const { failure, fieldErrors } = classifyFailure(definition.fields, error);
        return { failure, fieldErrors, attempts: context.attempts + 1, payload: null };
      }),
    },
  }).createMachine({
    id: 'accountForm',
    context: ({ input }) => ({
      form: definition.id,
      fields: definition.fields,
      values: initialValues(definition, input.values),
      extra: input.extra ?? {},
      fieldErrors: {},
      failure: null,
      attempts: 0,
      checked: false,
      payload: null,
      result: null,
    }),
    initial: 'editing',
    states: {
      editing: { tags: ['form'], on: editable },
      submitting: {
        tags: ['form', 'busy'],
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({ form: context.form, payload: context.payload }),
          onDone: { target: 'succeeded', actions: { type: 'succeed', params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output } },
          onError: { target: 'failed', actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        },
      },
      /** The summary stays until the next submit, so a reference id can still be copied while typing. */
      failed: { tags: ['form', 'failed'], on: editable },
      /** Saved (or signed in): the profile forms stay open for another change. */
      succeeded: {
        tags: ['succeeded'],
        on: {
          'form.change': { guard: { type: 'changeFits', params: changeOf }, target: 'editing', actions: { type: 'change', params: changeOf } },
        },
      },
    },
  });
}

export type AccountFormMachine = ReturnType<typeof createAccountFormMachine>;
