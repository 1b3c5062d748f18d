-- Summaries of products are kept in server memory (src/server/catalog/summaries.ts). Every statement
-- that updates products moves catalogue_version on, and stamps the rows it changes with the new
-- version, in the writer's own transaction: a server that reads version N re-reads the rows stamped
-- above the version it holds. The row lock on catalogue_version orders writers, so no row stamped N
-- or lower can commit after N is visible.
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "products_stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."change_version" := (SELECT "version" FROM "catalogue_version" WHERE "id" = 1);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_version_bump" BEFORE UPDATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_version_stamp" BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_stamp_change"();
