CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"slug" text NOT NULL,
	"path" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"languages" text[] NOT NULL,
	"default_language" text NOT NULL,
	"free_shipping_threshold_minor" integer NOT NULL,
	"threshold_assumed" boolean DEFAULT false NOT NULL,
	"bnpl_providers" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"body_hash" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"sale_amount_minor" integer,
	"effective_minor" integer NOT NULL,
	CONSTRAINT "product_prices_product_id_country_code_pk" PRIMARY KEY("product_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"ingredients" jsonb NOT NULL,
	"how_to_use" jsonb NOT NULL,
	"shape" text NOT NULL,
	"badges" text[] NOT NULL,
	"rating_avg" numeric(2, 1) NOT NULL,
	"rating_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"featured_rank" integer NOT NULL,
	"total_stock" integer NOT NULL,
	"variant_count" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"color_hex" text,
	"stock" integer NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_path_uq" ON "categories" USING btree ("path");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "categories_path_prefix_idx" ON "categories" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_prices_country_amount_idx" ON "product_prices" USING btree ("country_code","effective_minor","product_id");--> statement-breakpoint
CREATE INDEX "product_prices_country_sale_idx" ON "product_prices" USING btree ("country_code","product_id") WHERE "product_prices"."sale_amount_minor" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_uq" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_category_featured_idx" ON "products" USING btree ("category_id","featured_rank","id");--> statement-breakpoint
CREATE INDEX "products_brand_featured_idx" ON "products" USING btree ("brand_id","featured_rank","id");--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("featured_rank","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating_avg","rating_count","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_users_email_uq" ON "sandbox_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "variants_sku_uq" ON "variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "variants_product_idx" ON "variants" USING btree ("product_id","position");