import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FailureReason } from './account-form.failure.ts';
import type { FieldErrorCode } from './account-form.definition.ts';

/** What the form says under a field in error (spec §5 wording where the spec has one). */
export const FIELD_ERROR_MESSAGES: Readonly<Record<FieldErrorCode, MessageDescriptor>> = {
  required: msg`Fill in this field.`,
  tooLong: msg`This is too long: shorten it.`,
  email: msg`Enter an email address like name@example.com.`,
  passwordRule: msg`Use at least 8 characters with at least one letter and one number`,
  consentRequired: msg`This consent is required`,
  emailTaken: msg`An account with this email already exists`,
  wrongPassword: msg`The current password is not correct`,
  termsOutdated: msg`The Beauty Pass terms have changed: read them again and agree to the new version`,
  invalid: msg`Check this value`,
};

/**
 * What an empty required field asks for, per field: one message that says what to type, instead
 * of "Required field". The email says it in checkout's and booking's words (the view reads
 * src/web/shared/forms/contact-field-messages.ts for it); a consent says FIELD_ERROR_MESSAGES.consentRequired.
 */
export const REQUIRED_FIELD_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  password: msg`Enter your password.`,
  currentPassword: msg`Enter your current password.`,
  newPassword: msg`Enter a new password: at least 8 characters, with a letter and a number.`,
  firstName: msg`Enter your first name.`,
  lastName: msg`Enter your last name.`,
  country: msg`Choose the country you shop in.`,
};

/** The error summary's sentence per failure (spec §8). */
export const FAILURE_MESSAGES: Readonly<Record<FailureReason, MessageDescriptor>> = {
  invalid: msg`Some details need your attention:`,
  authenticationFailed: msg`Authentication failed`,
  blocked: msg`Account cannot be signed in; contact support quoting a Reference ID`,
  rejected: msg`The system has rejected the sign-in request`,
  emailTaken: msg`An account with this email already exists`,
  termsOutdated: msg`The Beauty Pass terms have changed: read them again and agree to the new version`,
  wrongPassword: msg`The current password is not correct`,
  notLinked: msg`This Google account is not linked yet: create your account to continue`,
  linkInvalid: msg`This link has expired or was already used`,
  identityLinked: msg`This Google account is already linked to another account`,
  offline: msg`We could not reach the store. Check your connection and try again.`,
  unknown: msg`Something went wrong. Please try again.`,
};
