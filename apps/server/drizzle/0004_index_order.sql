DROP INDEX "daily_prayers_date_idx";--> statement-breakpoint
DROP INDEX "personalized_journeys_user_created_idx";--> statement-breakpoint
DROP INDEX "records_user_created_idx";--> statement-breakpoint
DROP INDEX "records_user_status_created_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "daily_prayers_date_idx" ON "daily_prayers" USING btree ("date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "personalized_journeys_user_created_idx" ON "personalized_journeys" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "records_user_created_idx" ON "records" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "records_user_status_created_idx" ON "records" USING btree ("user_id","status","created_at" DESC NULLS FIRST);