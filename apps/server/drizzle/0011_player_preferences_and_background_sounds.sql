CREATE TABLE "background_sounds" (
	"id" text PRIMARY KEY NOT NULL,
	"audio_url" text NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "playback_speed" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "background_sound" text DEFAULT 'pad' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "background_volume" double precision DEFAULT 0.6 NOT NULL;