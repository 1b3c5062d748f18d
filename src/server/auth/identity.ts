/** What a verified OpenID Connect ID token says about its holder (the claims we use). */
export interface VerifiedIdentity {
  /** `iss`: the issuer the token was checked against. */
  issuer: string;
  /** `sub`: the holder's stable id at that issuer. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

/**
 * Checks an ID token (signature against the issuer's published keys, `iss`, `aud`, `exp`) and
 * returns its holder, or null when it is not genuine. `src/server/auth/oidc.ts` implements it;
 * the server has none when no issuer is configured, and then Google sign-in is off.
 */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity | null>;
}
