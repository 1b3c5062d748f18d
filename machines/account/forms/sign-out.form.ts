import * as v from 'valibot';
import type { AccountFormDefinition } from '../account-form.definition.ts';

/** No fields: signing out (here or everywhere) is a submit that can fail like any other. */
export const SIGN_OUT_FORM: AccountFormDefinition = {
  id: 'signOut',
  fields: [],
  defaults: {},
  toPayload: () => ({}),
  schema: v.object({}),
};
