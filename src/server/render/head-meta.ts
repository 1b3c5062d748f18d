import { GOOGLE_SIGN_IN_META_NAME, type GoogleSignInMeta } from '../../contract/account.ts';

export const SANDBOX_META = '<meta name="beauty-pass-sandbox" content="on">';

/** Puts meta tags into the head of index.html. */
export function withHeadMeta(html: string, meta: string): string {
  if (meta === '') return html;
  // `() => meta`: a replacement string would expand `$&` and the like found in the meta.
  if (html.includes('</head>')) return html.replace('</head>', () => `${meta}</head>`);
  // No head element written out: the parser puts a meta found before the body into the head anyway.
  const doctype = /^\s*<!doctype html>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

/** The SPA reads this meta before it builds its route table (src/web/sandbox/gate.ts). */
export function withSandboxMeta(html: string): string {
  return withHeadMeta(html, SANDBOX_META);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

export function escapeHtmlAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** `<meta name="bp-google-signin" content="{&quot;authorizationEndpoint&quot;:…}">`: JSON, escaped for the attribute. */
export function googleSignInMeta(config: GoogleSignInMeta): string {
  const json = JSON.stringify({ authorizationEndpoint: config.authorizationEndpoint, clientId: config.clientId });
  return `<meta name="${GOOGLE_SIGN_IN_META_NAME}" content="${escapeHtmlAttribute(json)}">`;
}

/** How often an unreachable issuer is asked again while pages are served without the Google button. */
const GOOGLE_RETRY_MS = 60_000;

export interface HeadMeta {
  tags: string;
  google: GoogleSignInMeta | null;
}

/**
 * The meta tags the server adds to every page: the sandbox flag, and where Google sign-in starts.
 * Discovery is asked once (it does not change while we run); a failure is retried at most once a
 * minute, so an unreachable issuer cannot slow every page.
 */
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
