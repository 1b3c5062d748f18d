import { Hono } from 'hono';
import type { Layout } from '../../contract/layouts.ts';
import type { AuthService } from '../auth/service.ts';
import { categoryTree } from '../catalog/categories.ts';
import type { Db } from '../db/client.ts';
import { cacheCatalogue, NO_STORE } from '../http/cache.ts';
import type { AppEnv } from '../http/site.ts';
import { headerAnnouncements, previewEcho, readPreview } from '../preview/preview.ts';
import { endpoint } from '../openapi/declare.ts';
import { LayoutSchema } from '../../contract/layouts.ts';

/** Paths the SPA's navigation guard lets through without a server round trip (spec §2). */
const SMART_LINK_EXEMPTED_PATHS: Layout['config']['smartLinkExemptedPaths'] = [
  { type: 'absolute', value: '/' },
  { type: 'startsWith', value: '/categories' },
  { type: 'startsWith', value: '/products' },
  { type: 'startsWith', value: '/brands' },
  { type: 'regex', value: '^/search(\\?.*)?$' },
];

const LEGAL: Layout['footer']['legal'] = [
  { kind: 'privacy', section: null },
  { kind: 'terms', section: null },
  { kind: 'terms', section: 'beauty-pass' },
  { kind: 'terms', section: 'sale' },
];

/**
 * `GET layouts`. With the preview options of spec §6 (staff only) it also shows drafts and the
 * chosen segments' announcements, in the preview's language and country, and is never cached.
 */
export function layoutRoutes(db: Db, auth: AuthService) {
  return new Hono<AppEnv>().get('/', endpoint({ id: 'layouts.index', operation: 'index', description: 'Header navigation, announcements, footer legal links and the navigation guard configuration. Staff preview (spec §6): X-Preview-Mode: true, Accept-Language locale-COUNTRY and ?user_segments=a,b add drafts and segment announcements, uncached; 401 without a session, 403 for a shopper.', status: 200, response: LayoutSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).', 403: 'Preview headers from an account that is not staff.' } }), async (c) => {
    const preview = await readPreview(c, db, auth);
    const language = preview?.language ?? c.get('language');
    const country = preview?.country ?? c.get('country');
    const tree = await categoryTree(db, language);
    const data: Layout = {
      header: {
        navigation: tree.map((top) => ({
          path: top.path,
          name: top.name,
          children: top.children.map((child) => ({ path: child.path, name: child.name })),
        })),
      },
      announcements: await headerAnnouncements(db, { country, language, preview }),
      ...(preview ? { preview: previewEcho(preview) } : {}),
      footer: { legal: LEGAL },
      config: { smartLinkExemptedPaths: SMART_LINK_EXEMPTED_PATHS },
    };
    if (preview) {
      c.header('Cache-Control', NO_STORE);
      return c.json({ data });
    }
    cacheCatalogue(c);
    // So a shared cache never answers a staff preview request with this public layout.
    c.header('Vary', 'Accept-Language, X-Site-Country, X-Preview-Mode');
    return c.json({ data });
  });
}
