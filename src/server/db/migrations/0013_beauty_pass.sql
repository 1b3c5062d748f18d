CREATE TABLE "cart_rewards" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"reward_id" integer NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_job_runs" (
	"country_code" text NOT NULL,
	"day" date NOT NULL,
	"expired_members" integer NOT NULL,
	"closed_years" integer NOT NULL,
	"applied_changes" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_job_runs_country_code_day_pk" PRIMARY KEY("country_code","day")
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"points_cost" integer NOT NULL,
	"tiers" text[] NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "rewards_points_cost_check" CHECK ("rewards"."points_cost" > 0),
	CONSTRAINT "rewards_stock_check" CHECK ("rewards"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tier_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_tier" text NOT NULL,
	"to_tier" text NOT NULL,
	"change" text NOT NULL,
	"reason" text NOT NULL,
	"spend_minor" bigint NOT NULL,
	"year_end" date NOT NULL,
	"effective_on" date NOT NULL,
	"applied_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_changes_tier_check" CHECK ("tier_changes"."from_tier" in ('pink', 'white', 'black', 'gold') and "tier_changes"."to_tier" in ('pink', 'white', 'black', 'gold')),
	CONSTRAINT "tier_changes_change_check" CHECK ("tier_changes"."change" in ('upgraded', 'renewed', 'downgraded')),
	CONSTRAINT "tier_changes_reason_check" CHECK ("tier_changes"."reason" in ('spend_reached', 'renewal_met', 'renewal_missed'))
);
--> statement-breakpoint
ALTER TABLE "beauty_pass_members" ADD COLUMN "year_start" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "beauty_pass_members" ADD COLUMN "year_end" date DEFAULT (current_date + interval '1 year' - interval '1 day')::date NOT NULL;--> statement-breakpoint
ALTER TABLE "beauty_pass_members" ADD COLUMN "spend_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "beauty_pass_members" ADD COLUMN "points_active_on" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reward_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reward_name" text;--> statement-breakpoint
ALTER TABLE "cart_rewards" ADD CONSTRAINT "cart_rewards_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_rewards" ADD CONSTRAINT "cart_rewards_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_job_runs" ADD CONSTRAINT "loyalty_job_runs_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_changes" ADD CONSTRAINT "tier_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_rewards_reward_idx" ON "cart_rewards" USING btree ("reward_id","held_until");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_country_slug_uq" ON "rewards" USING btree ("country_code","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tier_changes_cause_uq" ON "tier_changes" USING btree ("user_id","cause");--> statement-breakpoint
CREATE INDEX "tier_changes_user_idx" ON "tier_changes" USING btree ("user_id","effective_on" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tier_changes_pending_idx" ON "tier_changes" USING btree ("effective_on") WHERE "tier_changes"."applied_at" is null;--> statement-breakpoint
ALTER TABLE "beauty_pass_members" ADD CONSTRAINT "beauty_pass_members_points_check" CHECK ("beauty_pass_members"."points" >= 0);--> statement-breakpoint
ALTER TABLE "beauty_pass_members" ADD CONSTRAINT "beauty_pass_members_year_check" CHECK ("beauty_pass_members"."year_start" <= "beauty_pass_members"."year_end");