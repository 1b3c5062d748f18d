import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { restartIds } from '../query.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { brands, categories, countries, productPrices, products, reviews, variants } from '../schema.ts';
import { SearchIndexer } from '../../search/build.ts';
import { seedBeautyPassMembers } from './beauty-pass-members.ts';
import { seedContent } from './content.ts';
import { brandRows, categoryRows, countryRows, generateProducts, type PriceRow, type ProductRow, type VariantRow } from './generate.ts';
import { seedReviewers, type ReviewRow } from './reviews.ts';

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 bind parameters for every table. */
const PRODUCTS_PER_BATCH = 1_000;

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(countries);
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * One statement and one bind parameter per batch: PostgreSQL expands a JSON array into rows
 * (`jsonb_populate_recordset`), which is several times faster than thousands of bind parameters
 * through PGlite and works the same on node-postgres.
 */
async function insertJson(db: Db, table: PgTable, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  // Columns the rows leave out keep their defaults (an explicit column list would write NULL).
  const first = rows[0] as Record<string, unknown>;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const json = JSON.stringify(
    rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of columns) record[column.name] = (row as Record<string, unknown>)[key];
      return record;
    }),
  );
  const name = getTableName(table);
  const list = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  await db.execute(sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${sql.identifier(name)}, ${json}::jsonb)`);
}

/** Fills an empty database in one transaction, so a crash never leaves half a catalogue. */
export async function seedDatabase(db: Db, productCount: number): Promise<void> {
  await db.transaction(async (tx) => {
    await insertJson(tx, countries, countryRows());
    await insertJson(tx, brands, brandRows());
    await insertJson(tx, categories, categoryRows());
    await seedReviewers(tx);
    // Search terms are written with each product row (src/server/search/build.ts), the vocabulary at the end.
    const search = await SearchIndexer.create(tx);

    let productBatch: ProductRow[] = [];
    let variantBatch: VariantRow[] = [];
    let priceBatch: PriceRow[] = [];
    let reviewBatch: ReviewRow[] = [];
    const flush = async () => {
      if (productBatch.length === 0) return;
      await insertJson(tx, products, productBatch);
      await insertJson(tx, variants, variantBatch);
      await insertJson(tx, productPrices, priceBatch);
      await insertJson(tx, reviews, reviewBatch);
      productBatch = [];
      variantBatch = [];
      priceBatch = [];
      reviewBatch = [];
    };
    for (const bundle of generateProducts(productCount)) {
      productBatch.push(search.withTerms(bundle.product));
      variantBatch.push(...bundle.variants);
      priceBatch.push(...bundle.prices);
      reviewBatch.push(...bundle.reviews);
      if (productBatch.length >= PRODUCTS_PER_BATCH) await flush();
    }
    await flush();

    // Ids were given explicitly; move the sequences past them for rows created later.
    for (const table of ['brands', 'categories', 'products', 'variants']) {
      await restartIds(tx, table);
    }
    await seedContent(tx);
    // Beauty Pass accounts for QA and the e2e tests, dated from today (one per tier message).
    await seedBeautyPassMembers(tx);
    await search.finish(tx);
  });
  // PGlite runs no autovacuum: without statistics the planner picks plans 100× slower
  // (a sorted page of 100k products took 1.4 s instead of 14 ms).
  await db.execute(sql`vacuum analyze`);
}
