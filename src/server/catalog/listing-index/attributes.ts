/*
 * The products of a listing index by position (ascending id) and what listings narrow them by that
 * nothing in the store writes after the seed: category, brand, badges and the cover picture. Every
 * other part of the index keeps its typed arrays by these same positions.
 */

/** Positions grouped by a key (category or brand id), each list ascending. */
function postings(keys: Int32Array): Map<number, Int32Array> {
  const counts = new Map<number, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const lists = new Map<number, Int32Array>();
  const filled = new Map<number, number>();
  for (const [key, count] of counts) lists.set(key, new Int32Array(count));
  keys.forEach((key, position) => {
    const at = filled.get(key) ?? 0;
    const list = lists.get(key);
    if (list) list[at] = position;
    filled.set(key, at + 1);
  });
  return lists;
}

export class ProductAttributes {
  /** Product id by position (ascending). */
  readonly ids: Int32Array;
  readonly category: Int32Array;
  readonly brand: Int32Array;
  /** Bits of the `others` badges (./terms.ts `BADGE_BITS`). */
  readonly badges: Uint8Array;
  /** Id of the first variant (by position) by position: the product's picture; 0 when none. */
  readonly cover: Int32Array;
  /** Above every category and brand id of the index (lookup tables are this long). */
  readonly categoryBound: number;
  readonly brandBound: number;
  /** Positions by category and by brand id, each list ascending. */
  readonly byCategory: ReadonlyMap<number, Int32Array>;
  readonly byBrand: ReadonlyMap<number, Int32Array>;
  private readonly positionById: Int32Array;

  constructor(ids: Int32Array, category: Int32Array, brand: Int32Array, badges: Uint8Array) {
    this.ids = ids;
    this.category = category;
    this.brand = brand;
    this.badges = badges;
    this.cover = new Int32Array(ids.length);
    const maxId = ids.length === 0 ? 0 : (ids[ids.length - 1] ?? 0);
    this.positionById = new Int32Array(maxId + 1).fill(-1);
    ids.forEach((id, position) => (this.positionById[id] = position));
    this.byCategory = postings(category);
    this.byBrand = postings(brand);
    this.categoryBound = category.reduce((max, id) => Math.max(max, id), 0) + 1;
    this.brandBound = brand.reduce((max, id) => Math.max(max, id), 0) + 1;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Position of a product id; -1 when unknown. */
  positionOf(id: number): number {
    return id >= 0 && id < this.positionById.length ? (this.positionById[id] ?? -1) : -1;
  }

  /** Positions of `ids` in their order, unknown ids left out. */
  positionsOf(ids: Int32Array): Int32Array {
    const out = new Int32Array(ids.length);
    let n = 0;
    for (const id of ids) {
      const position = this.positionOf(id);
      if (position >= 0) out[n++] = position;
    }
    return n === ids.length ? out : out.slice(0, n);
  }
}
