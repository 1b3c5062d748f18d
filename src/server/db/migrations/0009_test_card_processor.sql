CREATE TABLE "test_card_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_card_payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_card_payments_amount_check" CHECK ("test_card_payments"."amount_minor" > 0),
	CONSTRAINT "test_card_payments_refund_check" CHECK ("test_card_payments"."refunded_minor" >= 0 and "test_card_payments"."refunded_minor" <= "test_card_payments"."amount_minor")
);
