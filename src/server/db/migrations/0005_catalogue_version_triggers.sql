-- Product cards and pages are kept in server memory (src/server/catalog/summaries.ts). Every
-- statement that updates products or variants moves catalogue_version on, and stamps the rows it
-- changes with the new version, in the writer's own transaction: a server that reads version N
-- re-reads the rows stamped above the version it holds. The row lock on catalogue_version orders
-- writers, so no row stamped N or lower can commit after N is visible.
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."change_version" := (SELECT "version" FROM "catalogue_version" WHERE "id" = 1);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_version_bump" BEFORE UPDATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_version_stamp" BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "catalogue_stamp_change"();
--> statement-breakpoint
CREATE TRIGGER "variants_version_bump" BEFORE UPDATE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "variants_version_stamp" BEFORE UPDATE ON "variants" FOR EACH ROW EXECUTE FUNCTION "catalogue_stamp_change"();
--> statement-breakpoint
-- What the listing index reads only when it is built (which products and variants exist, what it
-- filters and sorts on, every price) moves catalogue_structure_version on: a snapshot of the index
-- taken at one version is good while the version stays (src/server/catalog/listing-snapshot.ts).
INSERT INTO "catalogue_structure_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "catalogue_structure_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_structure_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_structure_bump" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_structure_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_structure_update" AFTER UPDATE OF "category_id", "brand_id", "badges", "featured_rank", "created_at", "search_terms" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_structure_bump"();
--> statement-breakpoint
CREATE TRIGGER "variants_structure_bump" AFTER INSERT OR DELETE OR TRUNCATE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_structure_bump"();
--> statement-breakpoint
CREATE TRIGGER "variants_structure_update" AFTER UPDATE OF "product_id", "position" ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_structure_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_prices_structure_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_prices" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_structure_bump"();
