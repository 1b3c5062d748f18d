import { SignInSchema } from '../../../src/contract/sign-in.ts';
import { text, type AccountFormDefinition } from '../account-form.definition.ts';

/** Email and password: the sign-in first screen's form, the only one it loads. */
export const SIGN_IN_FORM: AccountFormDefinition = {
  id: 'signIn',
  fields: ['email', 'password'],
  defaults: { email: '', password: '' },
  toPayload: (values) => ({ email: text(values, 'email'), password: text(values, 'password') }),
  schema: SignInSchema,
};
