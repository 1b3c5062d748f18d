import * as v from 'valibot';

/*
 * How the page learns that Google sign-in is configured. Apart from the other account schemas,
 * since the sign-in first screen reads it.
 */

/** `<meta name="bp-google-signin" content="{json}">` in index.html when Google sign-in is configured (src/server/http/static.ts). */
export const GOOGLE_SIGN_IN_META_NAME = 'bp-google-signin';
/** The meta's JSON: where the browser starts the sign-in (OpenID Connect implicit flow, `response_type=id_token`) and as which client. */
export const GoogleSignInMetaSchema = v.object({
  authorizationEndpoint: v.pipe(v.string(), v.url()),
  clientId: v.pipe(v.string(), v.nonEmpty()),
});
export type GoogleSignInMeta = v.InferOutput<typeof GoogleSignInMetaSchema>;
