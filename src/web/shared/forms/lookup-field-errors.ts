import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';

/*
 * What a field of a guest's lookup (a booking's, an order's) says when it is refused: the same
 * words as every form of the store. lingui.config.ts lists this file under the booking and orders
 * catalogs, so its messages load with those screens and stay out of the first screen's catalog.
 */
export const LOOKUP_FIELD_ERRORS: Readonly<Record<FieldErrorCode, MessageDescriptor>> = {
  required: msg`Required field`,
  tooLong: msg`Character limit exceeded`,
  email: msg`Invalid email`,
  passwordRule: msg`Check this value`,
  consentRequired: msg`Check this value`,
  emailTaken: msg`Check this value`,
  wrongPassword: msg`Check this value`,
  termsOutdated: msg`Check this value`,
  invalid: msg`Check this value`,
};
