import { BEAUTY_PASS_TERMS } from '../../../src/config/consents.ts';
import type { CountryCode } from '../../../src/config/countries.ts';
import { CONSENT_KINDS, RegisterSchema } from '../../../src/contract/account.ts';
import { flag, text, type AccountFormDefinition } from '../account-form.definition.ts';

/** A new account: who, where, and the consents of spec §5 (the Beauty Pass one with its terms' variant). */
export const REGISTER_FORM: AccountFormDefinition = {
  id: 'register',
  fields: ['email', 'password', 'firstName', 'lastName', 'country', ...CONSENT_KINDS],
  defaults: {
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    country: '',
    ...Object.fromEntries(CONSENT_KINDS.map((consent) => [consent, false])),
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
      consents: Object.fromEntries(CONSENT_KINDS.map((consent) => [consent, flag(values, consent)])),
      // The variant of the terms text the form showed: the server refuses an outdated one.
      ...(joins && terms ? { beautyPassTermsVariant: terms.variant } : {}),
      ...(extra.googleIdToken ? { googleIdToken: extra.googleIdToken } : {}),
    };
  },
  schema: RegisterSchema,
};
