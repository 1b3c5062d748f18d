CREATE TABLE "cart_gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"send_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_gift_cards_amount_check" CHECK ("cart_gift_cards"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_card_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_transactions_kind_check" CHECK (("gift_card_transactions"."kind" = 'spend' and "gift_card_transactions"."amount_minor" < 0) or ("gift_card_transactions"."kind" = 'refund' and "gift_card_transactions"."amount_minor" > 0))
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"pin_hash" text,
	"country_code" text NOT NULL,
	"language" text,
	"currency" text NOT NULL,
	"initial_minor" integer NOT NULL,
	"balance_minor" integer NOT NULL,
	"order_id" integer,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"send_on" date NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_balance_check" CHECK ("gift_cards"."initial_minor" > 0 and "gift_cards"."balance_minor" between 0 and "gift_cards"."initial_minor")
);
--> statement-breakpoint
ALTER TABLE "cart_gift_cards" ADD CONSTRAINT "cart_gift_cards_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_gift_cards_cart_idx" ON "cart_gift_cards" USING btree ("cart_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_transactions_once_uq" ON "gift_card_transactions" USING btree ("gift_card_id","order_id","kind");--> statement-breakpoint
CREATE INDEX "gift_card_transactions_order_idx" ON "gift_card_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_uq" ON "gift_cards" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_cards_order_idx" ON "gift_cards" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gift_cards_unsent_idx" ON "gift_cards" USING btree ("send_on","id") WHERE "gift_cards"."sent_at" is null;
--> statement-breakpoint
-- The bag as the server computes it (migration 0007's function) with its e-gift cards, oldest first
-- (src/server/cart/read.ts): still one round trip per read and per add.
CREATE OR REPLACE FUNCTION "cart_bag_json"(p_cart integer, p_country text, p_language text, p_today date) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  result json;
BEGIN
  SELECT json_build_object(
    'id', c.id,
    'version', c.version,
    'mergeNotice', c.merge_notice,
    'chosen', (SELECT coalesce(json_agg(s.sample_id ORDER BY s.sample_id), '[]'::json) FROM cart_samples s WHERE s.cart_id = c.id),
    'offer', (SELECT json_build_object('id', o.id, 'code', o.code, 'title', o.title, 'description', o.description, 'kind', o.kind,
                'value', o.value, 'minimumSpendMinor', o.minimum_spend_minor, 'validTill', o.valid_till, 'tiers', o.tiers)
              FROM offers o WHERE o.id = c.applied_offer_id AND o.valid_till >= p_today),
    'lines', (SELECT coalesce(json_agg(json_build_array(l.id, l.quantity, p.id, p.slug, p.name ->> p_language, b.slug, b.name, v.id, v.sku,
                v.name ->> p_language, v.kind, v.color_hex, v.stock, pp.amount_minor, pp.sale_amount_minor) ORDER BY l.id), '[]'::json)
              FROM cart_lines l
              JOIN variants v ON v.id = l.variant_id
              JOIN products p ON p.id = v.product_id
              JOIN brands b ON b.id = p.brand_id
              LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.country_code = p_country
              WHERE l.cart_id = c.id),
    'giftCards', (SELECT coalesce(json_agg(json_build_array(g.id, g.amount_minor, g.recipient_name, g.recipient_email, g.sender_name, g.message,
                to_char(g.send_on, 'YYYY-MM-DD')) ORDER BY g.id), '[]'::json)
              FROM cart_gift_cards g WHERE g.cart_id = c.id))
  INTO result
  FROM carts c WHERE c.id = p_cart;
  RETURN result;
END
$$;
