import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { classifyFailure } from '../../machines/account/account-form.failure.ts';
import { validateForm, type AccountFormDefinition, type FormValues } from '../../machines/account/account-form.definition.ts';
import { createAccountFormMachine, type AccountFormInput, type SubmitInput } from '../../machines/account/account-form.machine.ts';
import { CHANGE_PASSWORD_FORM, RESET_PASSWORD_FORM } from '../../machines/account/forms/password.forms.ts';
import { BEAUTY_PROFILE_FORM, PROFILE_FORM } from '../../machines/account/forms/profile.forms.ts';
import { REGISTER_FORM } from '../../machines/account/forms/register.form.ts';
import { SIGN_IN_FORM } from '../../machines/account/forms/sign-in.form.ts';
import { SIGN_IN_FAILURES } from '../../machines/account/account-form.model.ts';
import { ACCOUNT_ERROR_CODES } from '../../src/contract/account.ts';

/** The machine of `form` with a submit that records its inputs and answers with `answer`. */
function start({ form, ...input }: AccountFormInput & { form: AccountFormDefinition }, answer: (submit: SubmitInput) => Promise<unknown> = async () => 'ok') {
  const sent: SubmitInput[] = [];
  const machine = createAccountFormMachine(form).provide({
    actors: {
      submit: fromPromise<unknown, SubmitInput>(({ input: submit }) => {
        sent.push(submit);
        return answer(submit);
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, sent };
}

const REGISTER_VALUES: FormValues = {
  email: ' Siti@Example.com ',
  password: 'sunrise2026',
  firstName: 'Siti',
  lastName: 'Rahma',
  country: 'ID',
  personalInformation: true,
  thirdPartyDisclosure: true,
  policy: true,
  over14: true,
  marketing: false,
  beautyPass: true,
};

describe('accountForm machine', () => {
  test('an empty sign-in is refused without a request: failed/invalid with 2 required fields, attempts 1', () => {
    const { actor, sent } = start({ form: SIGN_IN_FORM });
    actor.send({ type: 'form.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.failure).toEqual({ reason: 'invalid' });
    expect(snapshot.context.fieldErrors).toEqual({ email: 'required', password: 'required' });
    expect(snapshot.context.attempts).toBe(1);
    expect(sent).toEqual([]);
  });

  test('after a refusal each change re-checks its own field only (1 error left of 2)', () => {
    const { actor } = start({ form: SIGN_IN_FORM });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.change', field: 'email', value: 'ana@example.com' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'required' });
    actor.send({ type: 'form.change', field: 'email', value: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'required', email: 'required' });
  });

  test('a valid submit sends the trimmed, lower-cased register body with the country\'s terms variant and the Google token', async () => {
    const { actor, sent } = start({ form: REGISTER_FORM, values: REGISTER_VALUES, extra: { googleIdToken: 'id-token-1' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('succeeded'));
    expect(sent).toEqual([
      {
        form: 'register',
        payload: {
          email: 'siti@example.com',
          password: 'sunrise2026',
          firstName: 'Siti',
          lastName: 'Rahma',
          country: 'ID',
          consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: false, beautyPass: true },
          beautyPassTermsVariant: 'bp-terms-id-2026-07',
          googleIdToken: 'id-token-1',
        },
      },
    ]);
    expect(actor.getSnapshot().context.result).toBe('ok');
  });

  test.each([
    ['authenticationFailed', SIGN_IN_FAILURES.authenticationFailed, { reason: 'authenticationFailed' }],
    ['blocked', SIGN_IN_FAILURES.blocked, { reason: 'blocked', referenceId: 'ref-7f3a9c' }],
    ['rejected', SIGN_IN_FAILURES.rejected, { reason: 'rejected' }],
    ['offline', SIGN_IN_FAILURES.offline, { reason: 'offline' }],
    ['unknown', SIGN_IN_FAILURES.unknown, { reason: 'unknown', referenceId: 'ref-500' }],
  ])('a sign-in answered %s fails with that reason and moves the focus (attempts 1)', async (_name, error, failure) => {
    const { actor } = start({ form: SIGN_IN_FORM, values: { email: 'ana@example.com', password: 'x' } }, async () => {
      throw error;
    });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (state) => state.matches('failed'));
    expect(snapshot.context.failure).toEqual(failure);
    expect(snapshot.context.attempts).toBe(1);
  });

  test('a failed form keeps its summary while edited, and submits again from failed', async () => {
    let calls = 0;
    const { actor } = start({ form: SIGN_IN_FORM, values: { email: 'ana@example.com', password: 'x' } }, async () => {
      calls += 1;
      if (calls === 1) throw SIGN_IN_FAILURES.authenticationFailed;
      return 'signed in';
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('failed'));
    actor.send({ type: 'form.change', field: 'password', value: 'correct-horse-1' });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure?.reason).toBe('authenticationFailed');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('succeeded'));
    expect(calls).toBe(2);
  });

  test('a saved form goes back to editing at the next change (profile saved twice)', async () => {
    const { actor, sent } = start({ form: PROFILE_FORM, values: { firstName: 'Ana', lastName: 'Lim', marketingConsent: true } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('succeeded'));
    actor.send({ type: 'form.change', field: 'firstName', value: 'Anna' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('succeeded'));
    expect(sent.map((submit) => submit.payload)).toEqual([
      { firstName: 'Ana', lastName: 'Lim', marketingConsent: true },
      { firstName: 'Anna', lastName: 'Lim', marketingConsent: true },
    ]);
  });

  test('changes of unknown fields or the wrong type are refused (3 tries, values unchanged)', () => {
    const { actor } = start({ form: BEAUTY_PROFILE_FORM });
    const before = actor.getSnapshot().context.values;
    actor.send({ type: 'form.change', field: 'role', value: 'staff' });
    actor.send({ type: 'form.change', field: 'skinConcerns', value: 'acne' });
    actor.send({ type: 'form.change', field: 'skinType', value: ['dry'] });
    expect(actor.getSnapshot().context.values).toBe(before);
  });

  test('a beauty profile refuses a value outside the contract (skin type "scaly") in the browser', () => {
    const { actor, sent } = start({ form: BEAUTY_PROFILE_FORM });
    actor.send({ type: 'form.change', field: 'skinType', value: 'scaly' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ skinType: 'invalid' });
    expect(sent).toEqual([]);
  });
});

describe('failure classification', () => {
  test("the server's 400 errors[] land on the form's fields (body.consents.over14 → over14); other paths are dropped", () => {
    const error = { kind: 'http', status: 400, body: { errors: [{ field: 'body.consents.over14', message: 'This consent is required' }, { field: 'body.email', message: 'Invalid email' }, { field: 'header.x-site-country', message: 'bad' }] } };
    expect(classifyFailure(REGISTER_FORM.fields, error)).toEqual({ failure: { reason: 'invalid' }, fieldErrors: { over14: 'consentRequired', email: 'email' } });
  });

  test('a 400 naming no field of the form is an unknown failure (nothing the shopper can fix)', () => {
    expect(classifyFailure(SIGN_IN_FORM.fields, { kind: 'http', status: 400, body: { errors: [{ field: 'header.x-site-country', message: 'bad' }] } }).failure).toEqual({ reason: 'unknown', referenceId: null });
  });

  test.each([
    [ACCOUNT_ERROR_CODES.emailTaken, REGISTER_FORM.id, REGISTER_FORM.fields, { reason: 'emailTaken' }, { email: 'emailTaken' }],
    [ACCOUNT_ERROR_CODES.termsOutdated, REGISTER_FORM.id, REGISTER_FORM.fields, { reason: 'termsOutdated' }, { beautyPass: 'termsOutdated' }],
    [ACCOUNT_ERROR_CODES.wrongPassword, CHANGE_PASSWORD_FORM.id, CHANGE_PASSWORD_FORM.fields, { reason: 'wrongPassword' }, { currentPassword: 'wrongPassword' }],
    [ACCOUNT_ERROR_CODES.resetLinkInvalid, RESET_PASSWORD_FORM.id, RESET_PASSWORD_FORM.fields, { reason: 'linkInvalid' }, {}],
    [ACCOUNT_ERROR_CODES.identityLinked, REGISTER_FORM.id, REGISTER_FORM.fields, { reason: 'identityLinked' }, {}],
  ] as const)('code %s on %s → %j, marking %j', (code, _form, fields, failure, fieldErrors) => {
    expect(classifyFailure(fields, { kind: 'http', status: 409, body: { code } })).toEqual({ failure, fieldErrors });
  });

  test('404 social_not_linked keeps the names Google gave (from the raw body)', () => {
    const error = { kind: 'http', status: 404, body: { code: ACCOUNT_ERROR_CODES.socialNotLinked }, data: { code: 'social_not_linked', email: 'nia@example.com', firstName: 'Nia', lastName: null } };
    expect(classifyFailure(SIGN_IN_FORM.fields, error).failure).toEqual({ reason: 'notLinked', email: 'nia@example.com', firstName: 'Nia', lastName: null });
  });

  test('410 without a code is a dead link; anything that is not an object is unknown', () => {
    expect(classifyFailure(RESET_PASSWORD_FORM.fields, { kind: 'http', status: 410, body: null }).failure).toEqual({ reason: 'linkInvalid' });
    expect(classifyFailure(SIGN_IN_FORM.fields, 'boom').failure).toEqual({ reason: 'unknown', referenceId: null });
  });
});

describe('form rules', () => {
  test('register without the Beauty Pass consent sends no terms variant', () => {
    const result = validateForm(REGISTER_FORM, { ...REGISTER_VALUES, beautyPass: false }, {});
    expect(result.ok && result.payload).not.toHaveProperty('beautyPassTermsVariant');
  });

  test.each([
    ['abcdefgh', 'passwordRule'],
    ['12345678', 'passwordRule'],
    ['abc1', 'passwordRule'],
    ['', 'required'],
    ['pässwörd9', null],
    ['รหัสผ่าน12', null],
  ])('new password %j → %s', (password, code) => {
    const result = validateForm(RESET_PASSWORD_FORM, { password }, {});
    expect(result.ok ? null : result.errors.password).toBe(code);
  });
});
