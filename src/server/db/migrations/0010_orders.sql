CREATE TABLE "checkout_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_key" text NOT NULL,
	"cart_id" integer NOT NULL,
	"payment_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"address" jsonb NOT NULL,
	"address_hash" text NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"redeemed_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"variant_id" integer,
	"product_slug" text NOT NULL,
	"product_name" text NOT NULL,
	"brand_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"variant_kind" text NOT NULL,
	"color_hex" text,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_minor" integer NOT NULL,
	"line_minor" integer NOT NULL,
	"image_url" text NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" between 1 and 10 and "order_lines"."line_minor" = "order_lines"."unit_minor" * "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"intent_key" text NOT NULL,
	"country_code" text NOT NULL,
	"language" text NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"promo_code" text,
	"tax_label" text,
	"tax_percent" integer,
	"tax_minor" integer,
	"delivery_method" text NOT NULL,
	"shipping_minor" integer NOT NULL,
	"store_id" text,
	"gift_card_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"payment_method" text NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_id" text,
	"card_brand" text,
	"card_last4" text,
	"paid_minor" integer NOT NULL,
	"address" jsonb NOT NULL,
	"samples" jsonb NOT NULL,
	"points_earned" integer DEFAULT 0 NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('placed', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_minor" >= 0 and "orders"."discount_minor" >= 0 and "orders"."shipping_minor" >= 0 and "orders"."gift_card_minor" >= 0 and "orders"."paid_minor" >= 0 and "orders"."total_minor" = "orders"."paid_minor" + "orders"."gift_card_minor")
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"cause" text NOT NULL,
	"order_id" integer,
	"reference" text,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_source_check" CHECK ("points_ledger"."source" in ('manual_points_adjustment', 'level_redemption', 'expired_points', 'survey_points', 'used_points', 'beauty_pass_registration', 'loyalty_points', 'online_review', 'published_review', 'completed_beauty_profile', 'downloaded_mobile_app', 'referred_mobile_app', 'bonus_points', 'purchase_points', 'purchase_points_with_order_number', 'product_review_with_name')),
	CONSTRAINT "points_ledger_amount_check" CHECK ("points_ledger"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "usage_limit_total" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "usage_limit_per_customer" integer;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_attempts_intent_uq" ON "checkout_attempts" USING btree ("intent_key");--> statement-breakpoint
CREATE UNIQUE INDEX "member_addresses_uq" ON "member_addresses" USING btree ("user_id","country_code","address_hash");--> statement-breakpoint
CREATE INDEX "offer_redemptions_offer_idx" ON "offer_redemptions" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_redemptions_order_uq" ON "offer_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_uq" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_intent_key_uq" ON "orders" USING btree ("intent_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","placed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_cause_uq" ON "points_ledger" USING btree ("user_id","cause");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
create sequence if not exists order_number_seq start with 10000001;
