CREATE TABLE "content_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
