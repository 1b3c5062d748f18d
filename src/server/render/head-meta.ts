import type { GoogleSignInMeta } from '../../contract/account.ts';
import { googleSignInMeta, SANDBOX_META } from '../http/static.ts';

/** How often an unreachable issuer is asked again while pages are served without the Google button. */
const GOOGLE_RETRY_MS = 60_000;

/**
 * The meta tags the server adds to every page: the sandbox flag, and where Google sign-in starts.
 * Discovery is asked once (it does not change while we run); a failure is retried at most once a
 * minute, so an unreachable issuer cannot slow every page.
 */
export interface HeadMeta {
  tags: string;
  google: GoogleSignInMeta | null;
}

export function createHeadMeta({ sandbox, googleSignIn }: { sandbox: boolean; googleSignIn: (() => Promise<GoogleSignInMeta | null>) | null }): () => Promise<HeadMeta> {
  let found: GoogleSignInMeta | null = null;
  let triedAt = Number.NEGATIVE_INFINITY;
  const google = async (): Promise<GoogleSignInMeta | null> => {
    if (found !== null || !googleSignIn) return found;
    if (Date.now() - triedAt < GOOGLE_RETRY_MS) return null;
    triedAt = Date.now();
    found = await googleSignIn().catch(() => null);
    return found;
  };
  return async () => {
    const config = await google();
    return { tags: (sandbox ? SANDBOX_META : '') + (config ? googleSignInMeta(config) : ''), google: config };
  };
}
