import { ChangePasswordSchema, PasswordResetRequestSchema, PasswordResetSchema } from '../../../src/contract/account.ts';
import { text, type AccountFormDefinition } from '../account-form.definition.ts';

/** Asks for a reset link. */
export const FORGOT_PASSWORD_FORM: AccountFormDefinition = {
  id: 'forgotPassword',
  fields: ['email'],
  defaults: { email: '' },
  toPayload: (values) => ({ email: text(values, 'email') }),
  schema: PasswordResetRequestSchema,
};

/** A new password through a reset link (the link's token goes in the path, not the body). */
export const RESET_PASSWORD_FORM: AccountFormDefinition = {
  id: 'resetPassword',
  fields: ['password'],
  defaults: { password: '' },
  toPayload: (values) => ({ password: text(values, 'password') }),
  schema: PasswordResetSchema,
};

/** A signed-in member's new password, with the current one. */
export const CHANGE_PASSWORD_FORM: AccountFormDefinition = {
  id: 'changePassword',
  fields: ['currentPassword', 'newPassword'],
  defaults: { currentPassword: '', newPassword: '' },
  toPayload: (values) => ({ currentPassword: text(values, 'currentPassword'), newPassword: text(values, 'newPassword') }),
  schema: ChangePasswordSchema,
};
