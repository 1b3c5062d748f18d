CREATE TABLE "catalogue_structure_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "change_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "change_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_change_version_idx" ON "products" USING btree ("change_version");--> statement-breakpoint
CREATE INDEX "variants_change_version_idx" ON "variants" USING btree ("change_version");