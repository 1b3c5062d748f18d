import { Hono } from 'hono';
import type { Layout } from '../../contract/layouts.ts';
import { categoryTree } from '../catalog/categories.ts';
import type { Db } from '../db/client.ts';
import { cacheCatalogue } from '../http/cache.ts';
import type { AppEnv } from '../http/site.ts';

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

export function layoutRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const tree = await categoryTree(db, c.get('language'));
    const data: Layout = {
      header: {
        navigation: tree.map((top) => ({
          path: top.path,
          name: top.name,
          children: top.children.map((child) => ({ path: child.path, name: child.name })),
        })),
      },
      footer: { legal: LEGAL },
      config: { smartLinkExemptedPaths: SMART_LINK_EXEMPTED_PATHS },
    };
    cacheCatalogue(c);
    return c.json({ data });
  });
}
