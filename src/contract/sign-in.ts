import * as v from 'valibot';
import { EMAIL_MAX, FIELD_MESSAGES } from './account-constants.ts';

/*
 * What signing in sends and answers: the sign-in first screen validates and parses with these
 * alone, so they live apart from the token schemas of `auth.ts` (which re-exports them).
 */

/**
 * Body of `POST sessions` (sign-in). The form asks only for something in both fields: whether they
 * match is the server's answer. Lengths are capped so a huge password cannot stall scrypt.
 */
export const SignInSchema = v.object({
  email: v.pipe(v.string(FIELD_MESSAGES.required), v.trim(), v.nonEmpty(FIELD_MESSAGES.required), v.maxLength(EMAIL_MAX, FIELD_MESSAGES.tooLong)),
  password: v.pipe(v.string(FIELD_MESSAGES.required), v.nonEmpty(FIELD_MESSAGES.required), v.maxLength(1024, FIELD_MESSAGES.tooLong)),
});
export type SignIn = v.InferOutput<typeof SignInSchema>;

export const ROLES = ['shopper', 'staff'] as const;

export const CurrentUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  country: v.string(),
  role: v.picklist(ROLES),
});
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;

export const CurrentUserResponseSchema = v.object({ data: CurrentUserSchema });
