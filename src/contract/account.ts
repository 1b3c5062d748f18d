import * as v from 'valibot';
import { EMAIL_MAX, FIELD_MESSAGES, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './account-constants.ts';
import { COUNTRY_CODES } from '../config/countries.ts';
import { CurrentUserSchema } from './sign-in.ts';
import { TierNameSchema } from './loyalty.ts';

/**
 * Accounts (issue 4): registration, profile, password, beauty profile, password reset, Google
 * sign-in and the staff preview. The SPA and the server both validate with these schemas, so a
 * rule changes in one place.
 */

// What the sign-in first screen needs lives in modules without these schemas (size-report.ts).
export { ACCOUNT_ERROR_CODES, EMAIL_MAX, FIELD_MESSAGES, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './account-constants.ts';
export { GOOGLE_SIGN_IN_META_NAME, GoogleSignInMetaSchema, type GoogleSignInMeta } from './google-sign-in.ts';

export const EmailSchema = v.pipe(
  v.string(FIELD_MESSAGES.required),
  v.trim(),
  v.nonEmpty(FIELD_MESSAGES.required),
  v.maxLength(EMAIL_MAX, FIELD_MESSAGES.tooLong),
  v.email(FIELD_MESSAGES.email),
  v.toLowerCase(),
);

/** The strength rule stated on the form: length plus at least one letter and one digit (any script's letters count). */
export const NewPasswordSchema = v.pipe(
  v.string(FIELD_MESSAGES.required),
  v.nonEmpty(FIELD_MESSAGES.required),
  v.maxLength(PASSWORD_MAX, FIELD_MESSAGES.tooLong),
  v.minLength(PASSWORD_MIN, FIELD_MESSAGES.passwordRule),
  v.regex(/\p{L}/u, FIELD_MESSAGES.passwordRule),
  v.regex(/\p{Nd}/u, FIELD_MESSAGES.passwordRule),
);

export const PersonNameSchema = v.pipe(
  v.string(FIELD_MESSAGES.required),
  v.trim(),
  v.nonEmpty(FIELD_MESSAGES.required),
  v.maxLength(NAME_MAX, FIELD_MESSAGES.tooLong),
);

/** The four compulsory consents of spec §5, in the order the form shows them. */
export const COMPULSORY_CONSENTS = ['personalInformation', 'thirdPartyDisclosure', 'policy', 'over14'] as const;
export type CompulsoryConsent = (typeof COMPULSORY_CONSENTS)[number];
export const CONSENT_KINDS = [...COMPULSORY_CONSENTS, 'marketing', 'beautyPass'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

const mustAgree = v.literal(true, FIELD_MESSAGES.consentRequired);

// The object-level message is what valibot reports for a missing key, so an absent consent reads like an unticked one.
export const ConsentsSchema = v.object(
  {
    personalInformation: mustAgree,
    thirdPartyDisclosure: mustAgree,
    policy: mustAgree,
    over14: mustAgree,
    marketing: v.boolean(),
    beautyPass: v.boolean(),
  },
  FIELD_MESSAGES.consentRequired,
);
export type Consents = v.InferOutput<typeof ConsentsSchema>;

/**
 * `POST user`: create an account. With `consents.beautyPass` the form also sends the variant of
 * the country's Beauty Pass terms it showed (src/config/consents.ts); the server refuses an
 * outdated one. `googleIdToken` links a Google account that was not linked yet.
 */
export const RegisterSchema = v.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  country: v.picklist(COUNTRY_CODES, 'must be a supported country'),
  consents: ConsentsSchema,
  beautyPassTermsVariant: v.optional(v.pipe(v.string(), v.maxLength(64, FIELD_MESSAGES.tooLong))),
  googleIdToken: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(8192, FIELD_MESSAGES.tooLong))),
});
export type Register = v.InferInput<typeof RegisterSchema>;

/** `PATCH user`: the profile fields a member edits. */
export const ProfilePatchSchema = v.pipe(
  v.object({
    firstName: v.optional(PersonNameSchema),
    lastName: v.optional(PersonNameSchema),
    marketingConsent: v.optional(v.boolean()),
  }),
  v.check((patch) => Object.values(patch).some((value) => value !== undefined), 'must change at least one field'),
);
export type ProfilePatch = v.InferInput<typeof ProfilePatchSchema>;

/** `PUT user/password`. */
export const ChangePasswordSchema = v.object({
  currentPassword: v.pipe(v.string(FIELD_MESSAGES.required), v.nonEmpty(FIELD_MESSAGES.required), v.maxLength(1024, FIELD_MESSAGES.tooLong)),
  newPassword: NewPasswordSchema,
});
export type ChangePassword = v.InferInput<typeof ChangePasswordSchema>;

export const SKIN_TYPES = ['dry', 'oily', 'combination', 'normal', 'sensitive'] as const;
export const SKIN_CONCERNS = ['acne', 'dullness', 'pores', 'dark-spots', 'fine-lines', 'redness', 'dehydration', 'uneven-texture'] as const;
export const HAIR_TYPES = ['straight', 'wavy', 'curly', 'coily'] as const;
export const HAIR_CONCERNS = ['dryness', 'frizz', 'hair-loss', 'colour-treated', 'oily-scalp', 'dandruff'] as const;
export const EYE_COLOURS = ['brown', 'black', 'hazel', 'green', 'blue', 'grey'] as const;
export const SKIN_TONES = ['fair', 'light', 'medium', 'tan', 'deep'] as const;
export const UNDERTONES = ['cool', 'neutral', 'warm', 'olive'] as const;
export const FINISHES = ['matte', 'natural', 'dewy'] as const;

const choice = <const T extends readonly string[]>(options: T) => v.nullable(v.picklist(options, `must be one of ${options.join(', ')}`));
const choices = <const T extends readonly string[]>(options: T) =>
  v.pipe(v.array(v.picklist(options, `must be one of ${options.join(', ')}`)), v.maxLength(options.length), v.check((list) => new Set(list).size === list.length, 'must not repeat a choice'));

/** The beauty profile: every answer optional (null or empty), so it can be filled in bit by bit. */
export const BeautyProfileSchema = v.object({
  skinType: choice(SKIN_TYPES),
  skinConcerns: choices(SKIN_CONCERNS),
  hairType: choice(HAIR_TYPES),
  hairConcerns: choices(HAIR_CONCERNS),
  eyeColour: choice(EYE_COLOURS),
  skinTone: choice(SKIN_TONES),
  undertone: choice(UNDERTONES),
  finish: choice(FINISHES),
});
export type BeautyProfile = v.InferOutput<typeof BeautyProfileSchema>;

export const EMPTY_BEAUTY_PROFILE: BeautyProfile = {
  skinType: null,
  skinConcerns: [],
  hairType: null,
  hairConcerns: [],
  eyeColour: null,
  skinTone: null,
  undertone: null,
  finish: null,
};

/** Complete: every single choice answered and at least one skin or hair concern picked. */
export function isBeautyProfileComplete(profile: BeautyProfile): boolean {
  const single = [profile.skinType, profile.hairType, profile.eyeColour, profile.skinTone, profile.undertone, profile.finish];
  return single.every((answer) => answer !== null) && profile.skinConcerns.length + profile.hairConcerns.length > 0;
}

export const BeautyProfileResponseSchema = v.object({
  data: v.object({ profile: BeautyProfileSchema, completed: v.boolean(), updatedAt: v.nullable(v.string()) }),
});

/** `GET account`: the dashboard. */
export const AccountSchema = v.object({
  user: CurrentUserSchema,
  beautyPass: v.nullable(
    v.object({
      tier: TierNameSchema,
      points: v.number(),
      termsVariant: v.string(),
      joinedAt: v.string(),
    }),
  ),
  beautyProfileCompleted: v.boolean(),
  /** Devices signed in now (live refresh-token families). */
  activeSessions: v.number(),
  memberSince: v.string(),
  /** The optional marketing consent as it stands (the profile form edits it; CurrentUser does not carry it). */
  marketingConsent: v.boolean(),
});
export type Account = v.InferOutput<typeof AccountSchema>;
export const AccountResponseSchema = v.object({ data: AccountSchema });

/** `POST password-resets`: the answer is the same whether or not the email is on record. */
export const PasswordResetRequestSchema = v.object({ email: EmailSchema });
/** `GET password-resets/{token}`: the link works; the email is masked (`j***@example.com`), since whoever holds a link sees it. */
export const PasswordResetShowSchema = v.object({ data: v.object({ email: v.string(), expiresAt: v.string() }) });
/** `PUT password-resets/{token}`. */
export const PasswordResetSchema = v.object({ password: NewPasswordSchema });
/** The token in the reset link: 32 random bytes, base64url. */
export const ResetTokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'is not a reset link token'));

/** `POST auth/social`: an OpenID Connect ID token from the provider's button. */
export const SocialSignInSchema = v.object({
  provider: v.literal('google', 'must be google'),
  idToken: v.pipe(v.string(FIELD_MESSAGES.required), v.minLength(1, FIELD_MESSAGES.required), v.maxLength(8192, FIELD_MESSAGES.tooLong)),
});

/** What the provider told us about a Google account that has no store account yet: the register form starts from it. */
export const NotLinkedSchema = v.object({
  message: v.string(),
  status: v.literal(404),
  code: v.literal('social_not_linked'),
  email: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
});

/** Server messages of spec §8 (the SPA shows its own translations of the same sentences). */
export const ACCOUNT_MESSAGES = {
  rejected: 'The system has rejected the sign-in request',
  blocked: 'Account cannot be signed in; contact support quoting a Reference ID',
  notLinked: 'This Google account is not linked to an account yet: register to create one',
  resetRequested: 'If this email is on record, a reset link will be sent to it',
  resetLinkInvalid: 'This reset link has expired or was already used: ask for a new one',
  passwordChanged: 'Your password was changed successfully',
  emailTaken: 'An account with this email already exists',
  termsOutdated: 'The Beauty Pass terms have changed: read them again and agree to the new version',
  wrongPassword: 'The current password is not correct',
  previewForStaff: 'Preview is only for staff',
  identityLinked: 'This Google account is already linked to another account',
  googleNotConfigured: 'Google sign-in is not configured',
  googleInvalid: 'is not a valid Google sign-in',
} as const;

/** `GET sea-falcon/all-user-segments` (staff only). */
export const UserSegmentListSchema = v.object({ data: v.array(v.object({ key: v.string(), name: v.string() })) });

/** `GET sandbox/emails` (development and SANDBOX=1 only): the outbox, newest first. */
export const SandboxEmailListSchema = v.object({
  data: v.array(
    v.object({
      id: v.number(),
      kind: v.string(),
      to: v.string(),
      subject: v.string(),
      text: v.string(),
      createdAt: v.string(),
      sentAt: v.nullable(v.string()),
    }),
  ),
});
