-- Variants (stock, names) as products in migration 0005: every statement that updates variants
-- moves catalogue_version on and stamps the rows it changed, so a product page kept in memory is
-- read again once one of its variants changed.
CREATE FUNCTION "variants_stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."change_version" := (SELECT "version" FROM "catalogue_version" WHERE "id" = 1);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "variants_version_bump" BEFORE UPDATE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "variants_version_stamp" BEFORE UPDATE ON "variants" FOR EACH ROW EXECUTE FUNCTION "variants_stamp_change"();
