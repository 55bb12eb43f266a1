CREATE TABLE "daily_prayer_cycle" (
	"cycle" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"translations" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_prayer_cycle_slug_unique" UNIQUE("slug")
);
