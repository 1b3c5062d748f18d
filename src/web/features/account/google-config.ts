import * as v from 'valibot';
import { GOOGLE_SIGN_IN_META_NAME, GoogleSignInMetaSchema, type GoogleSignInMeta } from '../../../contract/google-sign-in.ts';

/*
 * Whether the button shows, apart from the attempt it starts (`google.ts`): the sign-in page, a
 * first screen, reads this as it renders and loads the rest when the shopper goes for the button.
 */

export type GoogleConfig = GoogleSignInMeta;

/** The provider the server configured (`<meta name="bp-google-signin" content='{…}'>`), or null. */
export function googleConfig(doc: Document = document): GoogleConfig | null {
  const content = doc.querySelector(`meta[name="${GOOGLE_SIGN_IN_META_NAME}"]`)?.getAttribute('content');
  if (!content) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  const result = v.safeParse(GoogleSignInMetaSchema, parsed);
  // Only a web address: a `javascript:` endpoint must never become the button's link.
  if (!result.success || !/^https?:\/\//i.test(result.output.authorizationEndpoint)) return null;
  return result.output;
}
