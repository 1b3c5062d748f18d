CREATE TABLE "activity_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"store_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"activity_id" text NOT NULL,
	"store_id" text NOT NULL,
	"country_code" text NOT NULL,
	"language" text NOT NULL,
	"artist_id" text,
	"session_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"hold_token_hash" text NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"confirmation_number" text,
	"user_id" integer,
	"email" text DEFAULT '' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consents" jsonb,
	"price_minor" integer,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('held', 'confirmed', 'rescheduled', 'cancelled', 'lapsed')),
	CONSTRAINT "reservations_kind_check" CHECK ("reservations"."kind" in ('service', 'class', 'event')),
	CONSTRAINT "reservations_span_check" CHECK ("reservations"."ends_at" > "reservations"."starts_at"),
	CONSTRAINT "reservations_target_check" CHECK (("reservations"."kind" = 'service') = ("reservations"."artist_id" is not null and "reservations"."session_id" is null) and ("reservations"."kind" <> 'service') = ("reservations"."session_id" is not null and "reservations"."artist_id" is null)),
	CONSTRAINT "reservations_number_check" CHECK (("reservations"."confirmation_number" is null) = ("reservations"."status" in ('held', 'lapsed')))
);
--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_session_id_activity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."activity_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_sessions_uq" ON "activity_sessions" USING btree ("activity_id","store_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservation_events_reservation_idx" ON "reservation_events" USING btree ("reservation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_confirmation_uq" ON "reservations" USING btree ("confirmation_number");--> statement-breakpoint
CREATE INDEX "reservations_artist_live_idx" ON "reservations" USING btree ("artist_id","starts_at") WHERE "reservations"."status" in ('held', 'confirmed', 'rescheduled');--> statement-breakpoint
CREATE INDEX "reservations_session_live_idx" ON "reservations" USING btree ("session_id") WHERE "reservations"."status" in ('held', 'confirmed', 'rescheduled');--> statement-breakpoint
CREATE INDEX "reservations_store_live_idx" ON "reservations" USING btree ("store_id","starts_at") WHERE "reservations"."status" in ('held', 'confirmed', 'rescheduled');--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id","starts_at") WHERE "reservations"."user_id" is not null;