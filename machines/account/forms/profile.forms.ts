import { BeautyProfileSchema, ProfilePatchSchema } from '../../../src/contract/account.ts';
import { choice, flag, list, text, type AccountFormDefinition } from '../account-form.definition.ts';

/** Names and the marketing consent. The screen starts the form from `GET account`, so the marketing box shows the consent as it stands. */
export const PROFILE_FORM: AccountFormDefinition = {
  id: 'profile',
  fields: ['firstName', 'lastName', 'marketingConsent'],
  defaults: { firstName: '', lastName: '', marketingConsent: false },
  toPayload: (values) => ({ firstName: text(values, 'firstName'), lastName: text(values, 'lastName'), marketingConsent: flag(values, 'marketingConsent') }),
  schema: ProfilePatchSchema,
};

const BEAUTY_PROFILE_FIELDS = ['skinType', 'skinConcerns', 'hairType', 'hairConcerns', 'eyeColour', 'skinTone', 'undertone', 'finish'] as const;
const BEAUTY_PROFILE_LISTS: readonly string[] = ['skinConcerns', 'hairConcerns'];

/** The beauty profile: single choices (a select, empty for "not said") and two multi-selects. */
export const BEAUTY_PROFILE_FORM: AccountFormDefinition = {
  id: 'beautyProfile',
  fields: BEAUTY_PROFILE_FIELDS,
  defaults: Object.fromEntries(BEAUTY_PROFILE_FIELDS.map((field) => [field, BEAUTY_PROFILE_LISTS.includes(field) ? [] : ''])),
  toPayload: (values) =>
    Object.fromEntries(BEAUTY_PROFILE_FIELDS.map((field) => [field, BEAUTY_PROFILE_LISTS.includes(field) ? list(values, field) : choice(values, field)])),
  schema: BeautyProfileSchema,
};
