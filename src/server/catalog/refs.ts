import { asc } from 'drizzle-orm';
import type { Brand } from '../../contract/catalog.ts';
import type { Db } from '../db/client.ts';
import { brands, categories } from '../db/schema.ts';

/** A row of `categories`, as the schema defines it. */
export type CategoryRef = typeof categories.$inferSelect;

/**
 * Brands and the category tree, held in memory: every listing needs them (slug → id, path → leaf
 * ids, names for facets and breadcrumbs), they are a few hundred rows, and nothing in the store
 * writes them. Re-read after the catalogue's 5-minute freshness all the same.
 */
export interface CatalogueRefs {
  brandsById: ReadonlyMap<number, Brand>;
  brandsBySlug: ReadonlyMap<string, Brand>;
  /** Sorted by name, as `GET brands` lists them. */
  brandList: readonly Brand[];
  categoriesById: ReadonlyMap<number, CategoryRef>;
  categoriesByPath: ReadonlyMap<string, CategoryRef>;
  /** Children in display order; key null: the top categories. */
  childrenOf: ReadonlyMap<number | null, readonly CategoryRef[]>;
  /** Ids of a category and all its descendants (products sit on leaves); empty for an unknown path. */
  idsUnder(path: string): readonly number[];
}

const REFS_TTL_MS = 300_000;
const refsCache = new WeakMap<Db, { at: number; refs: Promise<CatalogueRefs> }>();

export function catalogueRefs(db: Db): Promise<CatalogueRefs> {
  const hit = refsCache.get(db);
  if (hit && Date.now() - hit.at < REFS_TTL_MS) return hit.refs;
  const refs = loadRefs(db);
  refsCache.set(db, { at: Date.now(), refs });
  // A failed load must not stick for 5 minutes.
  refs.catch(() => {
    if (refsCache.get(db)?.refs === refs) refsCache.delete(db);
  });
  return refs;
}

async function loadRefs(db: Db): Promise<CatalogueRefs> {
  const [brandRows, categoryRows] = await Promise.all([
    db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands).orderBy(asc(brands.name)),
    db.select().from(categories).orderBy(asc(categories.level), asc(categories.position), asc(categories.id)),
  ]);
  const brandList: Brand[] = brandRows;
  const categoriesById = new Map<number, CategoryRef>();
  const categoriesByPath = new Map<string, CategoryRef>();
  const childrenOf = new Map<number | null, CategoryRef[]>();
  for (const ref of categoryRows) {
    categoriesById.set(ref.id, ref);
    categoriesByPath.set(ref.path, ref);
    const siblings = childrenOf.get(ref.parentId) ?? [];
    siblings.push(ref);
    childrenOf.set(ref.parentId, siblings);
  }
  const under = new Map<string, number[]>();
  const collect = (ref: CategoryRef): number[] => {
    const known = under.get(ref.path);
    if (known) return known;
    const ids = [ref.id, ...(childrenOf.get(ref.id) ?? []).flatMap(collect)];
    under.set(ref.path, ids);
    return ids;
  };
  for (const ref of categoriesById.values()) collect(ref);
  return {
    brandsById: new Map(brandList.map((b) => [b.id, b])),
    brandsBySlug: new Map(brandList.map((b) => [b.slug, b])),
    brandList,
    categoriesById,
    categoriesByPath,
    childrenOf,
    idsUnder: (path) => under.get(path) ?? [],
  };
}
