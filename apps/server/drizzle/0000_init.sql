CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"order" integer NOT NULL,
	"image" text
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" text NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "category_translations_category_id_language_pk" PRIMARY KEY("category_id","language")
);
--> statement-breakpoint
CREATE TABLE "daily_prayer_translations" (
	"daily_prayer_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"audio_url" text,
	"duration" real,
	CONSTRAINT "daily_prayer_translations_daily_prayer_id_language_pk" PRIMARY KEY("daily_prayer_id","language")
);
--> statement-breakpoint
CREATE TABLE "daily_prayers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"cycle_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "default_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"preference" text NOT NULL,
	"slug" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"image" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "default_content_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "default_content_translations" (
	"content_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"audio_url" text,
	"duration" real,
	"source_hash" text,
	CONSTRAINT "default_content_translations_content_id_language_pk" PRIMARY KEY("content_id","language")
);
--> statement-breakpoint
CREATE TABLE "generation_counters" (
	"user_id" text NOT NULL,
	"month_key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "generation_counters_user_id_month_key_pk" PRIMARY KEY("user_id","month_key")
);
--> statement-breakpoint
CREATE TABLE "journey_day_translations" (
	"journey_id" text NOT NULL,
	"day_number" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"duration" real,
	"audio_url" text,
	"verse_text" text DEFAULT '' NOT NULL,
	"verse_reference" text DEFAULT '' NOT NULL,
	"reflection" text DEFAULT '' NOT NULL,
	"prayer" text DEFAULT '' NOT NULL,
	"source_hash" text,
	CONSTRAINT "journey_day_translations_journey_id_day_number_language_pk" PRIMARY KEY("journey_id","day_number","language")
);
--> statement-breakpoint
CREATE TABLE "journey_days" (
	"journey_id" text NOT NULL,
	"day_number" integer NOT NULL,
	CONSTRAINT "journey_days_journey_id_day_number_pk" PRIMARY KEY("journey_id","day_number")
);
--> statement-breakpoint
CREATE TABLE "personalized_journey_days" (
	"journey_id" uuid NOT NULL,
	"day_number" integer NOT NULL,
	"status" text DEFAULT 'generated' NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"audio_url" text,
	"duration" real,
	"verse_text" text DEFAULT '' NOT NULL,
	"verse_reference" text DEFAULT '' NOT NULL,
	"reflection" text DEFAULT '' NOT NULL,
	"prayer" text DEFAULT '' NOT NULL,
	"available_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "personalized_journey_days_journey_id_day_number_pk" PRIMARY KEY("journey_id","day_number")
);
--> statement-breakpoint
CREATE TABLE "personalized_journeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"journey_type" text DEFAULT 'ancestors' NOT NULL,
	"input" text NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"current_day" integer DEFAULT 1 NOT NULL,
	"total_days" integer DEFAULT 7 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"error" text,
	"title" text,
	"subtitle" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_journey_translations" (
	"journey_id" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"total_days" integer NOT NULL,
	"total_duration" integer NOT NULL,
	CONSTRAINT "prayer_journey_translations_journey_id_language_pk" PRIMARY KEY("journey_id","language")
);
--> statement-breakpoint
CREATE TABLE "prayer_journeys" (
	"id" text PRIMARY KEY NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 999 NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text,
	"first_name" text,
	"last_name" text,
	"language" text DEFAULT 'en' NOT NULL,
	"prayer_notifications" boolean DEFAULT true NOT NULL,
	"fcm_token" text,
	"goals" jsonb DEFAULT '["","",""]'::jsonb NOT NULL,
	"plan" text DEFAULT 'Free' NOT NULL,
	"purchased_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"platform" text,
	"price" double precision,
	"product_id" text,
	"last_synced_at" timestamp with time zone,
	"pending_change" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"endpoint" text NOT NULL,
	"keys" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"pending_user_id" text,
	"claimed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"length" integer DEFAULT 3 NOT NULL,
	"preference" text DEFAULT 'standard' NOT NULL,
	"experience" text DEFAULT 'prayer' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"record_text" text,
	"title" text,
	"slug" text,
	"audio_url" text,
	"duration" real,
	"is_default" boolean DEFAULT false NOT NULL,
	"error" text,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_journey_progress" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"journey_id" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"completed_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_day" integer DEFAULT 1 NOT NULL,
	"last_completed_day" integer DEFAULT 0 NOT NULL,
	"last_played_at" timestamp with time zone,
	"last_played_day" integer,
	"audio_progress" real DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_prayer_translations" ADD CONSTRAINT "daily_prayer_translations_daily_prayer_id_daily_prayers_id_fk" FOREIGN KEY ("daily_prayer_id") REFERENCES "public"."daily_prayers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_content_translations" ADD CONSTRAINT "default_content_translations_content_id_default_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."default_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_counters" ADD CONSTRAINT "generation_counters_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_days" ADD CONSTRAINT "journey_days_journey_id_prayer_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."prayer_journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_journey_days" ADD CONSTRAINT "personalized_journey_days_journey_id_personalized_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."personalized_journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_journeys" ADD CONSTRAINT "personalized_journeys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_journey_translations" ADD CONSTRAINT "prayer_journey_translations_journey_id_prayer_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."prayer_journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_journey_progress" ADD CONSTRAINT "user_journey_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_journey_progress" ADD CONSTRAINT "user_journey_progress_journey_id_prayer_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."prayer_journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_events_name_created_idx" ON "analytics_events" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "categories_order_idx" ON "categories" USING btree ("order");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_prayers_date_idx" ON "daily_prayers" USING btree ("date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "default_content_preference_idx" ON "default_content" USING btree ("preference","is_active");--> statement-breakpoint
CREATE INDEX "personalized_journeys_user_created_idx" ON "personalized_journeys" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prayer_journeys_active_order_idx" ON "prayer_journeys" USING btree ("is_active","order");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "records_user_created_idx" ON "records" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "records_user_status_created_idx" ON "records" USING btree ("user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "records_pending_user_idx" ON "records" USING btree ("pending_user_id") WHERE "records"."claimed" = false;--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_journey_progress_user_idx" ON "user_journey_progress" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");