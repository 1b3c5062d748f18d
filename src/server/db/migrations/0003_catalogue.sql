CREATE TABLE "notification_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"user_id" integer,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_index_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"products" integer NOT NULL,
	"built_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"country" text NOT NULL,
	"query" text NOT NULL,
	"count" integer NOT NULL,
	"last_searched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_queries_country_query_pk" PRIMARY KEY("country","query")
);
--> statement-breakpoint
CREATE TABLE "search_suggestion_keys" (
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"complete" boolean NOT NULL,
	"key" text NOT NULL,
	"weight" integer NOT NULL,
	"suggestion_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_suggestions" (
	"id" integer PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"ref" text,
	"weight" integer NOT NULL,
	"products" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"id" integer PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"word" text NOT NULL,
	"weight" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
DROP INDEX "product_prices_country_sale_idx";--> statement-breakpoint
DROP INDEX "products_brand_featured_idx";--> statement-breakpoint
DROP INDEX "product_prices_country_amount_idx";--> statement-breakpoint
DROP INDEX "products_featured_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_terms" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_subscriptions_uq" ON "notification_subscriptions" USING btree ("product_id",coalesce("variant_id", 0),"email");--> statement-breakpoint
CREATE INDEX "notification_subscriptions_user_idx" ON "notification_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_uq" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_product_rating_idx" ON "reviews" USING btree ("product_id","rating","id");--> statement-breakpoint
CREATE INDEX "search_queries_country_count_idx" ON "search_queries" USING btree ("country","count" desc,"query");--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_language_word_uq" ON "search_words" USING btree ("language","word");--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "waitlist_entries_product_idx" ON "waitlist_entries" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_search_terms_idx" ON "products" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "product_prices_country_amount_idx" ON "product_prices" USING btree ("country_code","effective_minor","product_id","amount_minor","sale_amount_minor");--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("featured_rank","id","category_id","brand_id","badges");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating_avg" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id");