ALTER TABLE "records" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "goals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "stage" text;--> statement-breakpoint
CREATE INDEX "records_search_trgm_idx" ON "records" USING gin (((coalesce("title", '') || ' ' || "preference" || ' ' || "description")) gin_trgm_ops);