ALTER TABLE "profiles" ADD COLUMN "subscription_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "event_type" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "app_user_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "outcome" text;