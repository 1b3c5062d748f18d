/*
 * The account rules and codes the sign-in form needs on its first screen, without valibot and
 * without the other account schemas: `account.ts` re-exports them for the server and the other forms.
 */

export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
/** Capped so a huge password cannot stall scrypt. */
export const PASSWORD_MAX = 128;

/** Field messages; the SPA translates them by these exact texts (spec §5 wording where it has one). */
export const FIELD_MESSAGES = {
  required: 'Required field',
  tooLong: 'Character limit exceeded',
  email: 'Invalid email',
  passwordRule: 'Use at least 8 characters with at least one letter and one number',
  consentRequired: 'This consent is required',
} as const;

/** Machine-readable `code` of the account errors, beside the developer `message`. */
export const ACCOUNT_ERROR_CODES = {
  signInBlocked: 'sign_in_blocked',
  signInRejected: 'sign_in_rejected',
  socialNotLinked: 'social_not_linked',
  resetLinkInvalid: 'reset_link_invalid',
  emailTaken: 'email_taken',
  termsOutdated: 'terms_outdated',
  wrongPassword: 'wrong_password',
  identityLinked: 'identity_linked',
} as const;
