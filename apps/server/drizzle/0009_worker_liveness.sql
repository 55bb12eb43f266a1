CREATE TABLE "job_leases" (
	"job_id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"process_id" text NOT NULL,
	"data" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_heartbeats" (
	"process_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_leases_process_idx" ON "job_leases" USING btree ("process_id");