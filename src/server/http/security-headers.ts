import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import * as v from 'valibot';
import { API_PREFIX } from '../../config/constants.ts';
import { ConfigError } from '../env.ts';

/** Hono exports the function but not its options' type. */
type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** One year; sent only on answers that came over HTTPS (a browser ignores it on plain HTTP anyway). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * `TAG_MANAGER_ORIGIN`: where the tag manager's script comes from (spec §5 and §7 name one, with a
 * GTM- or G- id), such as `https://www.googletagmanager.com`. An origin only: no path, and no
 * space, `;` or `,` that could write another directive into the policy.
 */
const TagManagerOriginSchema = v.optional(
  v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.regex(/^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i, 'TAG_MANAGER_ORIGIN must be an origin such as https://www.googletagmanager.com'))]),
);

export function loadTagManagerOrigin(env: NodeJS.ProcessEnv = process.env): string | null {
  const result = v.safeParse(TagManagerOriginSchema, env['TAG_MANAGER_ORIGIN']);
  if (!result.success) throw new ConfigError(`Invalid environment:\n  TAG_MANAGER_ORIGIN=${JSON.stringify(env['TAG_MANAGER_ORIGIN'] ?? '')}: ${result.issues[0]?.message ?? 'invalid'}`);
  return result.output ? result.output.toLowerCase() : null;
}

/**
 * The pages' policy. Scripts: our own files, and the one inline boot script of the rendered pages
 * by its hash (server-rendered state goes in `type="application/json"` blocks, which are not run). Styles: our
 * own sheets and the one inlined into the pages (by its hash), plus `style` attributes, which the
 * server-rendered markup of React's `style={{…}}` (toast speed, review bars, the notifications'
 * width) needs; any other `<style>` element stays refused.
 * Images: ours and `data:` (the search icon's CSS mask). Google sign-in is a link to the issuer,
 * a navigation that no directive governs. `frame-ancestors 'none'`: no page, sign-in above all,
 * can be framed.
 */
export function pagePolicy(tagManagerOrigin: string | null, styleHashes: readonly string[] = [], scriptHashes: readonly string[] = []): NonNullable<SecureHeadersOptions['contentSecurityPolicy']> {
  const tagManager = tagManagerOrigin ? [tagManagerOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    // The rendered pages' boot script (src/server/render/boot-script.ts), by its hash only.
    scriptSrc: ["'self'", ...scriptHashes, ...tagManager],
    connectSrc: ["'self'", ...tagManager],
    // The pages' own stylesheet inlined (src/server/render/inline-style.ts), by its hash only.
    styleSrc: ["'self'", ...styleHashes],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** API answers are data, never documents: nothing may load from one opened as a page, nor frame it. */
export const API_POLICY: NonNullable<SecureHeadersOptions['contentSecurityPolicy']> = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

const COMMON: Partial<SecureHeadersOptions> = {
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  // Set below, by the request's scheme.
  strictTransportSecurity: false,
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
};

/**
 * Came over HTTPS: TLS to this process (the URL's scheme), or, behind a proxy we trust
 * (`TRUST_PROXY=1`), a proxy that says so in `X-Forwarded-Proto`; a client's own header is not
 * believed otherwise.
 */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (c.req.url.startsWith('https:')) return true;
  return trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

export interface SecurityHeadersOptions {
  /** `TRUST_PROXY=1`: believe `X-Forwarded-Proto` for HSTS. */
  trustProxy?: boolean;
  /** Allowed in script-src and connect-src; default `TAG_MANAGER_ORIGIN`, none when unset. */
  tagManagerOrigin?: string | null;
  /** `'sha256-…'` of the `<style>` elements the pages carry (the inlined stylesheet). */
  styleHashes?: readonly string[];
  /** `'sha256-…'` of the inline `<script>` elements the pages carry (the boot script). */
  scriptHashes?: readonly string[];
}

/**
 * The headers a trusted store sends, on every answer (pages, files, API, errors) through Hono's
 * secure-headers: CSP, `X-Content-Type-Options: nosniff`, `Referrer-Policy`, `X-Frame-Options`,
 * cross-origin isolation of the window and resources, and HSTS over HTTPS.
 */
export function securityHeaders({ trustProxy = false, tagManagerOrigin = loadTagManagerOrigin(), styleHashes = [], scriptHashes = [] }: SecurityHeadersOptions = {}): MiddlewareHandler {
  const pages = secureHeaders({ ...COMMON, contentSecurityPolicy: pagePolicy(tagManagerOrigin, styleHashes, scriptHashes) });
  const api = secureHeaders({ ...COMMON, contentSecurityPolicy: API_POLICY });
  return async (c, next) => {
    const isApi = c.req.path === API_PREFIX || c.req.path.startsWith(`${API_PREFIX}/`);
    await (isApi ? api : pages)(c, next);
    if (isHttps(c, trustProxy)) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}
