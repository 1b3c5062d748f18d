-- Repeatable: applied at every start after the migrations, under the start-up lock
-- (src/server/db/functions.ts), so each statement is `create or replace` and the same text runs on
-- PGlite and PostgreSQL. Change a function here, never in a migration; a migration only drops a
-- function or changes its arguments or result type, which `create or replace` cannot
-- (docs/decisions/029-sql-functions-repeatable.md).
--
-- The catalogue's versions. Every write of what a card, a product page or a listing shows moves
-- catalogue_version on and stamps the rows it changes with the new version, in the writer's own
-- transaction: a server that reads version N re-reads the rows stamped above the version it holds
-- (src/server/catalog/summaries.ts, listing-index/prices.ts, the page cache). The row lock on
-- catalogue_version orders writers, so no row stamped N or lower can commit after N is visible. The
-- triggers that call these functions are in migrations 0005 and 0015.

-- The first version a transaction takes is remembered for the transaction (a local setting): a
-- product row stamped at or after it was written by this very transaction, which holds the version's
-- row lock until it commits, so it needs no second stamp. That keeps the seed (products, then their
-- variants and prices, in one transaction) from rewriting every product row it just wrote.
CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO moved;
  IF coalesce(current_setting('beauty_pass.catalogue_first_version', true), '') = '' THEN
    PERFORM set_config('beauty_pass.catalogue_first_version', moved::text, true);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "catalogue_stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."change_version" := (SELECT "version" FROM "catalogue_version" WHERE "id" = 1);
  RETURN NEW;
END
$$;

-- What the listing index reads only when it is built (which products and variants exist, what it
-- filters and sorts on, every price) moves catalogue_structure_version on: a snapshot of the index
-- taken at one version is good while the version stays (src/server/catalog/listing-snapshot.ts).
CREATE OR REPLACE FUNCTION "catalogue_structure_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_structure_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;

-- Stamps the products `ids` (their BEFORE UPDATE triggers move the version and write it into the
-- rows), leaving out those this transaction already stamped.
CREATE OR REPLACE FUNCTION "catalogue_stamp_products"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" SET "change_version" = "change_version"
  WHERE "id" = ANY("ids")
    AND "change_version" < coalesce(nullif(current_setting('beauty_pass.catalogue_first_version', true), '')::bigint, 9223372036854775807);
END
$$;

-- Prices: the statement takes the version first (the same lock order as every other catalogue
-- writer: the version row, then rows), then stamps the products whose prices it wrote.
CREATE OR REPLACE FUNCTION "product_prices_stamp_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "catalogue_stamp_products"(ARRAY(SELECT DISTINCT "product_id" FROM "new_prices"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "catalogue_stamp_products"(ARRAY(SELECT "product_id" FROM "new_prices" UNION SELECT "product_id" FROM "old_prices"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "catalogue_stamp_products"(ARRAY(SELECT DISTINCT "product_id" FROM "old_prices"));
  ELSE
    PERFORM "catalogue_stamp_products"(ARRAY(SELECT "id" FROM "products"));
  END IF;
  RETURN NULL;
END
$$;

-- A product's stock and variant count as its variants have them: only rows that differ are
-- written (and so stamped). The seed writes them right, so its variants rewrite nothing.
CREATE OR REPLACE FUNCTION "catalogue_product_totals"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" p SET "total_stock" = t."stock", "variant_count" = t."n"
  FROM (
    SELECT c."id", coalesce(sum(v."stock"), 0)::integer AS "stock", count(v."id")::smallint AS "n"
    FROM unnest("ids") AS c("id") LEFT JOIN "variants" v ON v."product_id" = c."id"
    GROUP BY c."id"
  ) t
  WHERE p."id" = t."id" AND (p."total_stock", p."variant_count") IS DISTINCT FROM (t."stock", t."n");
END
$$;

CREATE OR REPLACE FUNCTION "variants_product_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "catalogue_product_totals"(ARRAY(SELECT DISTINCT "product_id" FROM "new_variants"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "catalogue_product_totals"(ARRAY(SELECT "product_id" FROM "new_variants" UNION SELECT "product_id" FROM "old_variants"));
  ELSE
    PERFORM "catalogue_product_totals"(ARRAY(SELECT DISTINCT "product_id" FROM "old_variants"));
  END IF;
  RETURN NULL;
END
$$;
