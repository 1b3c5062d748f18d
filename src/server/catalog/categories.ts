import { asc } from 'drizzle-orm';
import type { LanguageCode } from '../../config/countries.ts';
import type { CategoryNode } from '../../contract/catalog.ts';
import type { Db } from '../db/client.ts';
import { categories } from '../db/schema.ts';

/** The whole tree, localized, children in their display order. */
export async function categoryTree(db: Db, language: LanguageCode): Promise<CategoryNode[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.level), asc(categories.position), asc(categories.id));
  const nodes = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node: CategoryNode = { id: row.id, slug: row.slug, path: row.path, name: row.name[language], level: row.level, children: [] };
    nodes.set(row.id, node);
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
