import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/query.ts';
import { REWARD_SEEDS, rewardRows } from '../../src/server/db/seed/rewards.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * A product's picture shows what the product is: a nail care bottle, a curler, a sheet mask — not
 * a perfume bottle for a nail care, a powder compact for an eyelash curler. What each kind of
 * product looks like is written here on its own, from what the products are, so a wrong mapping in
 * the seed (src/server/db/seed/categories.ts) fails; the picture served says what it drew in
 * `data-shape`.
 */
const LOOKS: Readonly<Record<string, readonly string[]>> = {
  foundation: ['bottle', 'pump', 'dropper', 'tube'],
  concealer: ['tube', 'wand', 'stick'],
  powder: ['compact'],
  blush: ['compact', 'stick'],
  primer: ['tube', 'pump'],
  highlighter: ['compact', 'stick'],
  'eyeshadow-palette': ['palette'],
  mascara: ['wand'],
  eyeliner: ['pencil', 'wand'],
  'brow-pencil': ['pencil'],
  lipstick: ['stick'],
  'lip-gloss': ['wand', 'tube'],
  'lip-liner': ['pencil'],
  'lip-balm': ['stick', 'tube', 'jar'],
  'nail-polish': ['nail_bottle'],
  'nail-care': ['nail_bottle'],
  'face-wash': ['tube', 'pump'],
  'cleansing-oil': ['pump', 'bottle'],
  'micellar-water': ['bottle'],
  'face-cream': ['jar'],
  'night-cream': ['jar'],
  'gel-moisturiser': ['jar', 'tube'],
  serum: ['dropper'],
  'face-oil': ['dropper'],
  exfoliator: ['tube', 'jar'],
  'sheet-mask': ['sheet_mask'],
  'clay-mask': ['jar', 'tube'],
  'eye-cream': ['jar', 'tube'],
  'eye-serum': ['dropper'],
  sunscreen: ['tube', 'pump'],
  'after-sun': ['spray', 'pump', 'tube'],
  shampoo: ['pump', 'bottle'],
  conditioner: ['pump', 'bottle'],
  'hair-mask': ['jar'],
  'hair-oil': ['dropper'],
  'hair-spray': ['spray'],
  'styling-cream': ['tube', 'jar'],
  'eau-de-parfum': ['perfume'],
  'eau-de-toilette': ['perfume'],
  cologne: ['perfume'],
  aftershave: ['bottle', 'perfume'],
  candles: ['candle'],
  diffusers: ['diffuser'],
  'body-wash': ['pump', 'bottle'],
  'body-scrub': ['jar'],
  'body-lotion': ['pump', 'bottle'],
  'hand-cream': ['tube'],
  deodorant: ['stick', 'spray'],
  'face-brush': ['brush'],
  'eye-brush': ['brush'],
  'makeup-sponge': ['sponge'],
  'eyelash-curler': ['curler'],
  'makeup-bag': ['pouch'],
  mirror: ['mirror'],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 400 });
});
afterAll(async () => {
  await t?.close();
});

interface Seeded {
  id: number;
  name: string;
  leaf: string;
  shape: string;
  variant: number;
}

const seeded = async (): Promise<Seeded[]> =>
  rowsOf<Seeded>(
    await t.db.execute(sql`select p.id, p.name ->> 'en' as name, c.slug as leaf, p.shape, min(v.id) as variant
    from products p join categories c on c.id = p.category_id join variants v on v.product_id = p.id
    group by p.id, c.slug order by p.id`),
  );

describe('product pictures', () => {
  it('every seeded product is drawn as its kind of product', async () => {
    const rows = await seeded();
    expect(rows.length).toBe(400);
    const wrong = rows.filter((row) => !(LOOKS[row.leaf] ?? []).includes(row.shape)).map((row) => `${row.name} (${row.leaf}) drawn as ${row.shape}`);
    expect(wrong).toEqual([]);
    // Every sub-category of the seed is described above: a new one needs its look stated.
    expect([...new Set(rows.map((row) => row.leaf))].filter((leaf) => !(leaf in LOOKS))).toEqual([]);
  });

  it('serves each kind’s picture: a nail care is a nail bottle, an eyelash curler a curler, a sheet mask a sheet mask', async () => {
    const rows = await seeded();
    const byLeaf = new Map<string, Seeded>();
    for (const row of rows) if (!byLeaf.has(row.leaf)) byLeaf.set(row.leaf, row);
    for (const [leaf, shape] of [
      ['nail-care', 'nail_bottle'],
      ['eyelash-curler', 'curler'],
      ['sheet-mask', 'sheet_mask'],
      ['serum', 'dropper'],
      ['eau-de-parfum', 'perfume'],
    ] as const) {
      const row = byLeaf.get(leaf);
      expect(row, `the 400-product seed has a ${leaf}`).toBeDefined();
      const response = await t.api(`/media/products/${row?.id}/${row?.variant}.svg`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`data-shape="${shape}"`);
    }
  });

  it('rewards have pictures of their own: each drawn as what it is, none a product’s', () => {
    const pictures = new Map(rewardRows().map((row) => [row.slug, decodeURIComponent(row.imageUrl.replace(/^data:image\/svg\+xml,/, ''))]));
    const kindOf = (slug: string) => /data-picture="([a-z]+)"/.exec(pictures.get(slug) ?? '')?.[1];
    expect(kindOf('deluxe-serum-sample')).toBe('serum');
    expect(kindOf('lip-trio-minis')).toBe('lipsticks');
    expect(kindOf('travel-pouch')).toBe('pouch');
    expect(kindOf('fragrance-discovery-set')).toBe('vials');
    expect(kindOf('makeup-service-voucher')).toBe('voucher');
    // Eight rewards, eight different pictures (a gift box for all of them was the old way).
    expect(new Set(REWARD_SEEDS.map((seed) => kindOf(seed.slug))).size).toBe(REWARD_SEEDS.length);
    for (const svg of pictures.values()) expect(svg).not.toContain('data-shape');
  });
});
