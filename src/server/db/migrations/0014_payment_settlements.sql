CREATE TABLE "payment_settlements" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"decision" text NOT NULL,
	"order_id" integer,
	"lease_until" timestamp with time zone NOT NULL,
	"outcome" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_settlements_decision_check" CHECK ("payment_settlements"."decision" in ('capture', 'void')),
	CONSTRAINT "payment_settlements_outcome_check" CHECK ("payment_settlements"."outcome" is null or "payment_settlements"."outcome" in ('captured', 'voided', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "test_card_payments" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_settlements_open_idx" ON "payment_settlements" USING btree ("lease_until") WHERE "payment_settlements"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "test_card_payments_held_idx" ON "test_card_payments" USING btree ("authorized_at") WHERE "test_card_payments"."status" = 'authorized';--> statement-breakpoint
CREATE INDEX "orders_payment_idx" ON "orders" USING btree ("payment_id");--> statement-breakpoint
-- Holds written before the column existed: their hold began when they were made.
UPDATE "test_card_payments" SET "authorized_at" = "created_at" WHERE "status" IN ('authorized', 'captured', 'voided');
