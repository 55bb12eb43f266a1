CREATE TABLE "live_presence" (
	"user_id" text NOT NULL,
	"process_id" text NOT NULL,
	"streams" integer DEFAULT 1 NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_presence_user_id_process_id_pk" PRIMARY KEY("user_id","process_id")
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"user_id" text NOT NULL,
	"occasion" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_deliveries_user_id_occasion_pk" PRIMARY KEY("user_id","occasion")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reminder_time" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;