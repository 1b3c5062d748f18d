import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { PREVIEW_MAX_SEGMENTS } from '../../config/api-limits.ts';
import { isCountryCode, languageFor, type Site } from '../../config/countries.ts';
import { ACCOUNT_MESSAGES } from '../../contract/account.ts';
import type { Announcement, PreviewEcho } from '../../contract/layouts.ts';
import { accessToken, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { announcements, userSegments } from '../db/schema.ts';
import { ApiError, invalidRequest } from '../http/errors.ts';
import { requestedLanguage, type AppEnv } from '../http/site.ts';

/** The segment every shopper is in; not a preview choice, always part of what is shown. */
export const EVERYONE_SEGMENT = 'all';
const SEGMENT_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;

const staffOnly = () => new ApiError(403, ACCOUNT_MESSAGES.previewForStaff);

/** After `requireAccess`: 403 unless the token's holder is staff. */
export const requireStaff: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (c.var.auth.role !== 'staff') throw staffOnly();
  await next();
};

/** A staff preview: the chosen segments, in the site of its `Accept-Language` locale. */
export interface Preview extends Site {
  segments: string[];
}

/**
 * Spec §6 preview: `X-Preview-Mode: true`, `Accept-Language: locale-COUNTRY`, `?user_segments=a,b`.
 * Either signal asks for a preview (a shopper cannot get segment content by sending only the
 * query), and any value of the header but `false` counts, so no spelling slips through as public.
 */
export function previewRequested(c: Context): boolean {
  const mode = c.req.header('x-preview-mode');
  return (mode !== undefined && mode.trim().toLowerCase() !== 'false') || c.req.query('user_segments') !== undefined;
}

/** The preview a request asks for, or null for a public request; 401 anonymous, 403 not staff, 400 unknown segments. */
export async function readPreview(c: Context<AppEnv>, db: Db, auth: AuthService): Promise<Preview | null> {
  if (!previewRequested(c)) return null;
  const token = accessToken(c);
  const claims = token ? await auth.verify(token) : null;
  if (!claims) throw unauthorized();
  if (claims.role !== 'staff') throw staffOnly();

  const listed = (c.req.queries('user_segments') ?? []).flatMap((value) => value.split(','));
  const segments = [...new Set(listed.map((key) => key.trim()).filter((key) => key !== ''))];
  if (segments.length > PREVIEW_MAX_SEGMENTS) throw invalidRequest([{ field: 'query.user_segments', message: `must list at most ${PREVIEW_MAX_SEGMENTS} segments` }]);
  const malformed = segments.find((key) => !SEGMENT_KEY.test(key));
  if (malformed !== undefined) throw invalidRequest([{ field: 'query.user_segments', message: `${JSON.stringify(malformed.slice(0, 64))} is not a segment key` }]);
  if (segments.length > 0) {
    const known = new Set((await db.select({ key: userSegments.key }).from(userSegments).where(inArray(userSegments.key, segments))).map((row) => row.key));
    const unknown = segments.filter((key) => !known.has(key) && key !== EVERYONE_SEGMENT);
    if (unknown.length > 0) throw invalidRequest([{ field: 'query.user_segments', message: `unknown segments: ${unknown.join(', ')}` }]);
  }

  const header = c.req.header('accept-language');
  const region = header?.split(',')[0]?.split(';')[0]?.trim().split('-')[1]?.toUpperCase();
  const country = region && isCountryCode(region) ? region : c.get('country');
  return { segments, language: languageFor(country, requestedLanguage(header)), country };
}

export function previewEcho(preview: Preview): PreviewEcho {
  return { segments: preview.segments, locale: preview.language, country: preview.country };
}

/**
 * Announcements of the header. Public: published and for everyone only. A preview adds the
 * chosen segments and the drafts, each marked with its status and segment.
 */
export async function headerAnnouncements(
  db: Db,
  { country, language, preview }: Site & { preview: Preview | null },
): Promise<Announcement[]> {
  const segments = preview ? [EVERYONE_SEGMENT, ...preview.segments] : [EVERYONE_SEGMENT];
  const rows = await db
    .select()
    .from(announcements)
    .where(
      and(
        inArray(announcements.segmentKey, segments),
        preview ? undefined : eq(announcements.status, 'published'),
        or(isNull(announcements.countries), sql`${country} = any(${announcements.countries})`),
      ),
    )
    .orderBy(asc(announcements.id));
  return rows.map((row) => ({
    id: row.id,
    text: row.text[language] ?? row.text.en,
    ...(preview ? { status: row.status, segment: row.segmentKey } : {}),
  }));
}
