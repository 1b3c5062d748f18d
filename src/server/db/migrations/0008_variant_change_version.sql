ALTER TABLE "variants" ADD COLUMN "change_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "variants_change_version_idx" ON "variants" USING btree ("change_version");