import { CurrentUserResponseSchema, type CurrentUser, type SignIn } from '../../../contract/sign-in.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { ACCOUNT_API_PATHS } from './account-api-paths.ts';

/**
 * Signing in, apart from the other account calls (`account-api.ts`): the sign-in page is a first
 * screen, and this way it loads one call and the schema of its answer, not every account schema.
 * A refusal arrives as the client's `ApiError`, which the account form machine turns into a reason.
 */
export interface SignInApi {
  signIn(body: SignIn): Promise<CurrentUser>;
}

export function createSignInApi({ request }: ApiClient): SignInApi {
  return {
    signIn: (body) => request('POST', ACCOUNT_API_PATHS.sessions, CurrentUserResponseSchema, { body }).then((r) => r.data),
  };
}
