import { describe, expect, test } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { accountFieldConnect, accountFormConnect } from '../../machines/account/account-form.connect.ts';
import type { AccountFormDefinition } from '../../machines/account/account-form.definition.ts';
import { createAccountFormMachine, type AccountFormInput, type SubmitInput } from '../../machines/account/account-form.machine.ts';
import { FORGOT_PASSWORD_FORM } from '../../machines/account/forms/password.forms.ts';
import { SIGN_IN_FORM } from '../../machines/account/forms/sign-in.form.ts';
import { connectActor } from './connect-helpers.ts';

function start({ form, ...input }: AccountFormInput & { form: AccountFormDefinition }, answer: () => Promise<unknown>) {
  const machine = createAccountFormMachine(form).provide({ actors: { submit: fromPromise<unknown, SubmitInput>(answer) } });
  const { actor, send, sent } = connectActor(machine, input);
  return { actor, sent, view: () => accountFormConnect(actor.getSnapshot(), send), field: (name: string) => accountFieldConnect(actor.getSnapshot(), send, name) };
}

describe('accountFormConnect', () => {
  test('an empty submit is refused: the summary lists the fields in the form’s order, and fixing them empties it', () => {
    const { view, field, sent } = start({ form: SIGN_IN_FORM }, async () => 'ok');
    expect(view()).toMatchObject({ form: 'signIn', busy: false, succeeded: false, summary: null, attempts: 0, submitDisabledReason: null });
    view().submit();
    expect(view().summary).toEqual({ failure: { reason: 'invalid' }, fields: ['email', 'password'] });
    expect(view().attempts).toBe(1);
    expect(field('email')).toMatchObject({ value: '', error: 'required', busy: false });
    field('email').change('mei@example.com');
    view().change('password', 'sunrise2026');
    expect(sent).toEqual([{ type: 'form.submit' }, { type: 'form.change', field: 'email', value: 'mei@example.com' }, { type: 'form.change', field: 'password', value: 'sunrise2026' }]);
    expect(field('email').error).toBeNull();
    // Only fixed invalid fields: nothing left to say.
    expect(view().summary).toBeNull();
  });

  test('while the request runs the form is busy and the submit says so; then it succeeded with the answer', async () => {
    const { view, field, actor } = start({ form: FORGOT_PASSWORD_FORM, values: { email: 'mei@example.com' } }, async () => 'mei@example.com');
    view().submit();
    expect(view()).toMatchObject({ busy: true, submitDisabledReason: 'busy', succeeded: false, result: null });
    expect(field('email').busy).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('succeeded'));
    expect(view()).toMatchObject({ busy: false, succeeded: true, result: 'mei@example.com', submitDisabledReason: null, summary: null });
  });

  test('a failed request keeps its reason in the summary, with no field to fix', async () => {
    const { view, actor } = start({ form: SIGN_IN_FORM, values: { email: 'mei@example.com', password: 'wrong-one' } }, () =>
      Promise.reject(Object.assign(new Error('401'), { kind: 'http', status: 401, body: {} })),
    );
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(view().summary).toEqual({ failure: { reason: 'authenticationFailed' }, fields: [] });
    expect(view().attempts).toBe(1);
  });
});
