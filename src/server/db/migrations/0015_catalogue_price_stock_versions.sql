-- Every write of what a card, a product page or a listing shows moves catalogue_version on, as
-- updates of products and variants already did (migration 0005): prices (insert, update, delete,
-- truncate), variants added or removed, products added or removed. A price written by hand in SQL,
-- by the seed or by any staff tool is then seen by every server process on its next request,
-- since the caches (src/server/catalog/summaries.ts, listing-index/prices.ts, the page cache) are
-- keyed by or catch up from this version.
--
-- A price row names its product: the products whose prices changed are stamped (change_version),
-- so a cache re-reads exactly those. A product's stock and variant count follow its variants
-- (products.total_stock was written by the seed only: a sold-out product kept showing "in stock").
--
-- The first version a transaction takes is remembered for the transaction (a local setting):
-- a product row stamped at or after it was written by this very transaction, which holds the
-- version's row lock until it commits, so it needs no second stamp. That keeps the seed (products,
-- then their variants and prices, in one transaction) from rewriting every product row it just wrote.
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
--> statement-breakpoint
-- Stamps the products `ids` (their BEFORE UPDATE triggers move the version and write it into the
-- rows), leaving out those this transaction already stamped.
CREATE FUNCTION "catalogue_stamp_products"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" SET "change_version" = "change_version"
  WHERE "id" = ANY("ids")
    AND "change_version" < coalesce(nullif(current_setting('beauty_pass.catalogue_first_version', true), '')::bigint, 9223372036854775807);
END
$$;
--> statement-breakpoint
-- Prices: the statement takes the version first (the same lock order as every other catalogue
-- writer: the version row, then rows), then stamps the products whose prices it wrote.
CREATE FUNCTION "product_prices_stamp_products"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER "product_prices_version_bump" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_prices" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_prices_insert_stamp" AFTER INSERT ON "product_prices" REFERENCING NEW TABLE AS "new_prices" FOR EACH STATEMENT EXECUTE FUNCTION "product_prices_stamp_products"();
--> statement-breakpoint
CREATE TRIGGER "product_prices_update_stamp" AFTER UPDATE ON "product_prices" REFERENCING OLD TABLE AS "old_prices" NEW TABLE AS "new_prices" FOR EACH STATEMENT EXECUTE FUNCTION "product_prices_stamp_products"();
--> statement-breakpoint
CREATE TRIGGER "product_prices_delete_stamp" AFTER DELETE ON "product_prices" REFERENCING OLD TABLE AS "old_prices" FOR EACH STATEMENT EXECUTE FUNCTION "product_prices_stamp_products"();
--> statement-breakpoint
CREATE TRIGGER "product_prices_truncate_stamp" AFTER TRUNCATE ON "product_prices" FOR EACH STATEMENT EXECUTE FUNCTION "product_prices_stamp_products"();
--> statement-breakpoint
-- A product's stock and variant count as its variants have them: only rows that differ are
-- written (and so stamped). The seed writes them right, so its variants rewrite nothing.
CREATE FUNCTION "catalogue_product_totals"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE FUNCTION "variants_product_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- Variants added or removed move the version too (updates already did); a new row is stamped.
CREATE TRIGGER "variants_version_bump_write" BEFORE INSERT OR DELETE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "variants_version_stamp_insert" BEFORE INSERT ON "variants" FOR EACH ROW EXECUTE FUNCTION "catalogue_stamp_change"();
--> statement-breakpoint
CREATE TRIGGER "variants_insert_totals" AFTER INSERT ON "variants" REFERENCING NEW TABLE AS "new_variants" FOR EACH STATEMENT EXECUTE FUNCTION "variants_product_totals"();
--> statement-breakpoint
-- Not FOR UPDATE OF "stock": PostgreSQL refuses a column list on a trigger with transition tables.
CREATE TRIGGER "variants_update_totals" AFTER UPDATE ON "variants" REFERENCING OLD TABLE AS "old_variants" NEW TABLE AS "new_variants" FOR EACH STATEMENT EXECUTE FUNCTION "variants_product_totals"();
--> statement-breakpoint
CREATE TRIGGER "variants_delete_totals" AFTER DELETE ON "variants" REFERENCING OLD TABLE AS "old_variants" FOR EACH STATEMENT EXECUTE FUNCTION "variants_product_totals"();
--> statement-breakpoint
-- Products added or removed move the version; a new row is stamped.
CREATE TRIGGER "products_version_bump_write" BEFORE INSERT OR DELETE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_version_stamp_insert" BEFORE INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION "catalogue_stamp_change"();
